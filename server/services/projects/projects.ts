import { and, asc, count, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { PROJECT_STATUSES, type ProjectStatus } from "~/contracts/project-terms";
import {
  ACTIVE_PROJECT_STATUSES,
  COMPLETED_PROJECT_STATUSES,
  type NewProjectValues,
  type Project,
  type ProjectChanges,
  type ProjectDetail,
} from "~/contracts/projects";
import type { ProjectContact } from "~/contracts/project-contacts";
import type { ProjectStats } from "~/contracts/project-list";
import type { Database } from "../../db/client";
import { contacts, projectContacts, projectMilestones, projects, projectUpdates } from "../../db/schema/index";
import { drawUniqueProjectId } from "./project-id";
import type { DbOrTx, Tx } from "../../db/tx";
import type { QueueEmail } from "../mail";
import { toMilestone } from "./milestones";
import {
  ensurePrimary,
  lockProject,
  NO_PROJECT,
  ProjectError,
  requireContacts,
  type ProjectRow,
} from "./project-writes";
import { toUpdate } from "./updates";
import { noteProjectStatusForReview } from "../reviews/index";

/**
 * The admin's projects (docs/product/projects.md: "The screen", "Project", "Project status",
 * "Create and edit", "The calls"): the counts, one project with its contacts, milestones and
 * updates, and the changes to the project itself (its contacts' in project-contacts.ts, its
 * milestones' in milestones.ts, its updates' in updates.ts; the list in list.ts). Only this folder
 * and the portal's read the project tables; it answers in the wire shapes of app/contracts/projects.ts.
 */

/* ---------------- Reading ---------------- */

/** The contacts of these projects, each project's primary first, then in the order they were added. */
export async function contactsOf(db: DbOrTx, ids: string[]): Promise<Map<string, ProjectContact[]>> {
  const out = new Map<string, ProjectContact[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      projectId: projectContacts.projectId,
      contactId: contacts.id,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      role: projectContacts.role,
      isPrimary: projectContacts.isPrimary,
    })
    .from(projectContacts)
    .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
    .where(inArray(projectContacts.projectId, ids))
    .orderBy(desc(projectContacts.isPrimary), asc(projectContacts.createdAt), asc(contacts.name), asc(contacts.id));
  for (const r of rows) {
    const list = out.get(r.projectId) ?? [];
    list.push({
      contact_id: r.contactId,
      contact_name: r.name,
      contact_email: r.email,
      contact_phone: r.phone,
      role: r.role,
      is_primary: r.isPrimary,
    });
    out.set(r.projectId, list);
  }
  return out;
}

export async function milestoneCounts(db: DbOrTx, ids: string[]) {
  const out = new Map<string, { total: number; completed: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      projectId: projectMilestones.projectId,
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${projectMilestones.status} = 'completed')::int`,
    })
    .from(projectMilestones)
    .where(inArray(projectMilestones.projectId, ids))
    .groupBy(projectMilestones.projectId);
  for (const r of rows) out.set(r.projectId, { total: r.total, completed: r.completed });
  return out;
}

export function toProject(
  row: ProjectRow,
  team: ProjectContact[],
  milestones: { total: number; completed: number } | undefined,
): Project {
  const primary = team.find((c) => c.is_primary) ?? team[0];
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    project_type: row.projectType,
    budget_range: row.budgetRange,
    start_date: row.startDate,
    target_completion: row.targetCompletion,
    client_notes: row.clientNotes,
    internal_notes: row.internalNotes,
    status: row.status,
    legacy_data: row.legacyData ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    contact_names: team.map((c) => c.contact_name).join(", "),
    contact_name: primary?.contact_name ?? null,
    contact_email: primary?.contact_email ?? null,
    contacts: team,
    milestone_count: milestones?.total ?? 0,
    milestones_completed: milestones?.completed ?? 0,
    landing_page: row.landingPage,
    referrer: row.referrer,
    utm_source: row.utmSource,
    utm_medium: row.utmMedium,
    utm_campaign: row.utmCampaign,
  };
}

export async function getProject(db: DbOrTx, id: string): Promise<ProjectDetail> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  if (!row) throw new ProjectError(404, NO_PROJECT);
  // One after the other: inside a transaction the queries share one connection, which takes one at a time.
  const team = await contactsOf(db, [id]);
  const milestones = await db
    .select()
    .from(projectMilestones)
    .where(eq(projectMilestones.projectId, id))
    .orderBy(asc(projectMilestones.position), asc(projectMilestones.id));
  const updates = await db
    .select()
    .from(projectUpdates)
    .where(eq(projectUpdates.projectId, id))
    .orderBy(desc(projectUpdates.createdAt), desc(projectUpdates.id));
  const completed = milestones.filter((m) => m.status === "completed").length;
  return {
    ...toProject(row, team.get(id) ?? [], { total: milestones.length, completed }),
    milestones: milestones.map(toMilestone),
    updates: updates.map(toUpdate),
  };
}

/** The stat cards' totals, and the count of each status. */
export async function projectStats(db: Database): Promise<ProjectStats> {
  const rows = await db.select({ status: projects.status, n: count() }).from(projects).groupBy(projects.status);
  const byStatus = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 0])) as Record<ProjectStatus, number>;
  for (const r of rows) if (r.status in byStatus) byStatus[r.status] = r.n;
  const sum = (statuses: readonly ProjectStatus[]) => statuses.reduce((n, s) => n + byStatus[s], 0);
  return {
    total: rows.reduce((n, r) => n + r.n, 0),
    active: sum(ACTIVE_PROJECT_STATUSES),
    completed: sum(COMPLETED_PROJECT_STATUSES),
    on_hold: byStatus.on_hold,
    by_status: byStatus,
  };
}

/** The dashboard's and the leads' "Completed Projects": the same count as the projects' Completed card. */
export async function completedProjectCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(projects)
    .where(inArray(projects.status, [...COMPLETED_PROJECT_STATUSES]));
  return row?.n ?? 0;
}

/* ---------------- Writing the project ---------------- */

/**
 * A project the owner makes for a lead comes from that lead's visit: it takes the attribution of
 * the first of its contacts that has one (a claim or a contact message turned into a project).
 */
async function attributionOfContacts(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({
      id: contacts.id,
      landingPage: contacts.landingPage,
      referrer: contacts.referrer,
      utmSource: contacts.utmSource,
      utmMedium: contacts.utmMedium,
      utmCampaign: contacts.utmCampaign,
      utmTerm: contacts.utmTerm,
      utmContent: contacts.utmContent,
    })
    .from(contacts)
    .where(inArray(contacts.id, ids));
  const first = ids.map((id) => rows.find((row) => row.id === id)).find((row) => row?.landingPage);
  if (!first) return {};
  const { id: _id, ...columns } = first;
  return columns;
}

/**
 * Status complete stamps completed_at (a project already delivered, in maintenance, keeps its
 * date); leaving the delivered statuses clears it.
 */
function completionOf(row: Pick<ProjectRow, "status" | "completedAt">, next: ProjectStatus): Date | null {
  const delivered = COMPLETED_PROJECT_STATUSES.includes(row.status) ? row.completedAt : null;
  if (next === "complete") return delivered ?? new Date();
  if (COMPLETED_PROJECT_STATUSES.includes(next)) return delivered;
  return null;
}

/**
 * Moves a project on when another part of the business says so (a paid deposit: billing's
 * `steps`), in the caller's transaction: the row is locked, and a project standing at one of the
 * steps' statuses moves to the next, with completed_at kept as a status change from the form keeps
 * it and an update in its history (`updateOf` words it). Answers the statuses moved between, or
 * null when the project is gone or stands elsewhere.
 */
export async function moveProjectOn(
  tx: Tx,
  projectId: string,
  steps: Partial<Record<ProjectStatus, ProjectStatus>>,
  updateOf: (from: ProjectStatus, to: ProjectStatus) => { title: string; content: string },
): Promise<{ from: ProjectStatus; to: ProjectStatus } | null> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, projectId)).for("update");
  const next = row && steps[row.status];
  if (!row || !next) return null;
  await tx
    .update(projects)
    .set({ status: next, completedAt: completionOf(row, next), updatedAt: new Date() })
    .where(eq(projects.id, projectId));
  await tx.insert(projectUpdates).values({ projectId, ...updateOf(row.status, next) });
  await noteProjectStatusForReview(tx, projectId, row.status, next);
  return { from: row.status, to: next };
}

/** A new project (status planning) with its contacts; the first of them is the primary contact. */
export async function createProject(db: Database, input: NewProjectValues): Promise<ProjectDetail> {
  return db.transaction(async (tx) => {
    const contactIds = await requireContacts(tx, input.contact_ids);
    const attribution = await attributionOfContacts(tx, contactIds);
    const id = await drawUniqueProjectId(async (candidate) => {
      const inserted = await tx
        .insert(projects)
        .values({
          id: candidate,
          name: input.name,
          description: input.description,
          projectType: input.project_type,
          budgetRange: input.budget_range,
          startDate: input.start_date,
          targetCompletion: input.target_completion,
          clientNotes: input.client_notes,
          internalNotes: input.internal_notes,
          status: "planning",
          ...attribution,
        })
        .onConflictDoNothing({ target: projects.id })
        .returning({ id: projects.id });
      return inserted.length === 0;
    });
    const now = Date.now();
    await tx.insert(projectContacts).values(
      contactIds.map((contactId, i) => ({
        projectId: id,
        contactId,
        role: "client" as const,
        isPrimary: i === 0,
        // Added in the order chosen, so the list keeps it.
        createdAt: new Date(now + i),
      })),
    );
    return getProject(tx, id);
  });
}

/**
 * What a status change sets going in its own transaction (the invoices of a payment schedule that
 * fall due at Launch: server/services/billing/schedule.ts), with the transaction that runs it (one
 * that also sends the e-mails it queues once committed).
 */
export interface StatusChangeHook {
  transaction: <T>(work: (tx: Tx, queue: QueueEmail) => Promise<T>) => Promise<T>;
  changed: (
    tx: Tx,
    queue: QueueEmail,
    change: { projectId: string; from: ProjectStatus; to: ProjectStatus },
  ) => Promise<void>;
}

/** Changes the fields sent (a status alone, or the whole form); contact_ids replaces the list of contacts. */
export async function updateProject(
  db: Database,
  id: string,
  input: ProjectChanges,
  onStatus?: StatusChangeHook,
): Promise<ProjectDetail> {
  const run = onStatus
    ? onStatus.transaction
    : <T>(work: (tx: Tx, queue: QueueEmail) => Promise<T>) =>
        db.transaction((tx) => work(tx, () => Promise.reject(new Error("no mailer for this change"))));
  return run(async (tx, queue) => {
    const row = await lockProject(tx, id);
    const start = input.start_date === undefined ? row.startDate : input.start_date;
    const target = input.target_completion === undefined ? row.targetCompletion : input.target_completion;
    if (start && target && target < start)
      throw new ProjectError(400, "The target completion cannot be before the start date");

    await tx
      .update(projects)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.project_type !== undefined && { projectType: input.project_type }),
        ...(input.budget_range !== undefined && { budgetRange: input.budget_range }),
        ...(input.start_date !== undefined && { startDate: input.start_date }),
        ...(input.target_completion !== undefined && { targetCompletion: input.target_completion }),
        ...(input.client_notes !== undefined && { clientNotes: input.client_notes }),
        ...(input.internal_notes !== undefined && { internalNotes: input.internal_notes }),
        ...(input.status !== undefined && { status: input.status, completedAt: completionOf(row, input.status) }),
        updatedAt: new Date(),
      })
      .where(eq(projects.id, id));
    // Complete (or Launch, as the owner chose) writes the project's one review request (decision 059).
    if (input.status !== undefined) await noteProjectStatusForReview(tx, id, row.status, input.status);

    if (input.contact_ids) {
      const wanted = await requireContacts(tx, input.contact_ids);
      await tx
        .delete(projectContacts)
        .where(and(eq(projectContacts.projectId, id), notInArray(projectContacts.contactId, wanted)));
      const now = Date.now();
      await tx
        .insert(projectContacts)
        .values(wanted.map((contactId, i) => ({ projectId: id, contactId, createdAt: new Date(now + i) })))
        .onConflictDoNothing();
      await ensurePrimary(tx, id);
    }
    if (onStatus && input.status !== undefined && input.status !== row.status)
      await onStatus.changed(tx, queue, { projectId: id, from: row.status, to: input.status });
    return getProject(tx, id);
  });
}
