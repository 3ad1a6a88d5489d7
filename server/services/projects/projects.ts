import { and, asc, count, desc, eq, inArray, max, ne, notInArray, sql } from "drizzle-orm";
import { announceAccessChange } from "../access-changes";
import { site } from "~/config/site";
import { PROJECT_STATUSES, type ProjectContactRole, type ProjectStatus } from "~/contracts/project-terms";
import {
  ACTIVE_PROJECT_STATUSES,
  COMPLETED_PROJECT_STATUSES,
  type Milestone,
  type MilestoneChanges,
  type NewMilestone,
  type NewProjectValues,
  type Project,
  type ProjectChanges,
  type ProjectContact,
  type ProjectDetail,
  type ProjectStats,
  type ProjectUpdate,
} from "~/contracts/projects";
import type { Database } from "../../db/client";
import { contacts, projectContacts, projectMilestones, projects, projectUpdates } from "../../db/schema/index";
import { writeProjectUpdate } from "../../emails/project-update";
import { queueLoggedEmail } from "../contact-emails";
import type { Mailer } from "../mail";
import { drawUniqueProjectId } from "./project-id";
import type { DbOrTx, Tx } from "../../db/tx";
import { ServiceError } from "../../lib/service-error";

/**
 * The admin's projects (docs/product/projects.md: "The screen", "Project", "Project status",
 * "Create and edit", "The calls"): the list and its counts, one project with its contacts,
 * milestones and updates, and every change to them. Only this module and the portal's read the
 * project tables; it answers in the wire shapes of app/lib/admin/projects.ts.
 */
type ProjectRow = typeof projects.$inferSelect;
type MilestoneRow = typeof projectMilestones.$inferSelect;
type UpdateRow = typeof projectUpdates.$inferSelect;

export class ProjectError extends ServiceError<400 | 404 | 409> {}

const NO_PROJECT = "No project with this ID. It may have been deleted: reload the list.";
const NOT_ON_PROJECT = "This contact is not on the project. Reload the project to see its contacts.";
const MISSING_CONTACTS = "Some of the chosen contacts no longer exist. Reload and choose again.";

/* ---------------- Reading ---------------- */

const toMilestone = (row: MilestoneRow): Milestone => ({
  id: row.id,
  project_id: row.projectId,
  title: row.title,
  description: row.description,
  status: row.status,
  due_date: row.dueDate,
  completed_date: row.completedDate,
  position: row.position,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const toUpdate = (row: UpdateRow): ProjectUpdate => ({
  id: row.id,
  project_id: row.projectId,
  title: row.title,
  content: row.content,
  emailed_at: row.emailedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

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

async function requireContacts(tx: Tx, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await tx.select({ id: contacts.id }).from(contacts).where(inArray(contacts.id, unique));
  if (found.length !== unique.length) throw new ProjectError(400, MISSING_CONTACTS);
  return unique;
}

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

async function lockProject(tx: Tx, id: string): Promise<ProjectRow> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, id)).for("update");
  if (!row) throw new ProjectError(404, NO_PROJECT);
  return row;
}

/** Makes one contact the primary: the others lose the flag first (one primary per project). */
async function makePrimary(tx: Tx, projectId: string, contactId: number) {
  await tx
    .update(projectContacts)
    .set({ isPrimary: false })
    .where(and(eq(projectContacts.projectId, projectId), ne(projectContacts.contactId, contactId)));
  await tx
    .update(projectContacts)
    .set({ isPrimary: true })
    .where(and(eq(projectContacts.projectId, projectId), eq(projectContacts.contactId, contactId)));
}

/** A project without a primary contact gets its longest-standing contact as primary. */
async function ensurePrimary(tx: Tx, projectId: string) {
  const team = await tx
    .select({ contactId: projectContacts.contactId, isPrimary: projectContacts.isPrimary })
    .from(projectContacts)
    .where(eq(projectContacts.projectId, projectId))
    .orderBy(asc(projectContacts.createdAt), asc(projectContacts.contactId));
  if (team.length > 0 && !team.some((c) => c.isPrimary)) await makePrimary(tx, projectId, team[0]!.contactId);
}

const touch = (tx: Tx, id: string) => tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, id));

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

/** Changes the fields sent (a status alone, or the whole form); contact_ids replaces the list of contacts. */
export async function updateProject(db: Database, id: string, input: ProjectChanges): Promise<ProjectDetail> {
  return db.transaction(async (tx) => {
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
    return getProject(tx, id);
  });
}

/* ---------------- The project's contacts ---------------- */

export async function addProjectContacts(
  db: Database,
  id: string,
  input: { contact_ids: number[]; role: ProjectContactRole },
): Promise<ProjectDetail> {
  return db.transaction(async (tx) => {
    await lockProject(tx, id);
    const ids = await requireContacts(tx, input.contact_ids);
    const now = Date.now();
    await tx
      .insert(projectContacts)
      .values(ids.map((contactId, i) => ({ projectId: id, contactId, role: input.role, createdAt: new Date(now + i) })))
      .onConflictDoNothing();
    await ensurePrimary(tx, id);
    await touch(tx, id);
    return getProject(tx, id);
  });
}

/** A contact's role, and whether it is the primary contact (which clears the flag of the others). */
export async function changeProjectContact(
  db: Database,
  id: string,
  contactId: number,
  input: { role?: ProjectContactRole; is_primary?: boolean },
): Promise<ProjectDetail> {
  return db.transaction(async (tx) => {
    await lockProject(tx, id);
    const [link] = await tx
      .select()
      .from(projectContacts)
      .where(and(eq(projectContacts.projectId, id), eq(projectContacts.contactId, contactId)));
    if (!link) throw new ProjectError(404, NOT_ON_PROJECT);
    if (input.is_primary === false && link.isPrimary)
      throw new ProjectError(
        400,
        "A project keeps one primary contact: make another contact primary instead, and this one stops being it.",
      );
    if (input.role)
      await tx
        .update(projectContacts)
        .set({ role: input.role })
        .where(and(eq(projectContacts.projectId, id), eq(projectContacts.contactId, contactId)));
    if (input.is_primary) await makePrimary(tx, id, contactId);
    await touch(tx, id);
    return getProject(tx, id);
  });
}

/** Takes a contact off the project (never the last one); if it was the primary, the next one takes over. */
export async function removeProjectContact(db: Database, id: string, contactId: number): Promise<ProjectDetail> {
  return db.transaction(async (tx) => {
    await lockProject(tx, id);
    const team = await tx
      .select({ contactId: projectContacts.contactId })
      .from(projectContacts)
      .where(eq(projectContacts.projectId, id));
    if (!team.some((c) => c.contactId === contactId)) throw new ProjectError(404, NOT_ON_PROJECT);
    if (team.length === 1)
      throw new ProjectError(409, "A project needs at least one contact: add another before removing this one.");
    await tx
      .delete(projectContacts)
      .where(and(eq(projectContacts.projectId, id), eq(projectContacts.contactId, contactId)));
    // The contact's portal sessions no longer open this project: their sockets close on commit.
    await announceAccessChange(tx);
    await ensurePrimary(tx, id);
    await touch(tx, id);
    return getProject(tx, id);
  });
}

/* ---------------- Milestones ---------------- */

/** Today in the business's time zone, as YYYY-MM-DD. */
const today = sql<string>`(now() at time zone ${site.timeZone})::date`;

async function requireProject(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  if (!row) throw new ProjectError(404, NO_PROJECT);
}

const NO_MILESTONE = "No milestone with this id on the project. Reload the project to see its milestones.";

/** A milestone at the end of the project's list. */
export async function addMilestone(db: Database, id: string, input: NewMilestone): Promise<Milestone> {
  return db.transaction(async (tx) => {
    await lockProject(tx, id);
    const [last] = await tx
      .select({ n: max(projectMilestones.position) })
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, id));
    const [row] = await tx
      .insert(projectMilestones)
      .values({
        projectId: id,
        title: input.title,
        description: input.description,
        status: input.status,
        dueDate: input.due_date,
        completedDate: input.status === "completed" ? today : null,
        position: (last?.n ?? -1) + 1,
      })
      .returning();
    return toMilestone(row!);
  });
}

/** Changes the fields sent; completing sets completed_date to today, reopening clears it. */
export async function changeMilestone(
  db: Database,
  id: string,
  milestoneId: number,
  input: MilestoneChanges,
): Promise<Milestone> {
  await requireProject(db, id);
  const [current] = await db
    .select()
    .from(projectMilestones)
    .where(and(eq(projectMilestones.projectId, id), eq(projectMilestones.id, milestoneId)));
  if (!current) throw new ProjectError(404, NO_MILESTONE);
  const status = input.status;
  const [row] = await db
    .update(projectMilestones)
    .set({
      ...(input.title !== undefined && { title: input.title }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.due_date !== undefined && { dueDate: input.due_date }),
      ...(status !== undefined && {
        status,
        completedDate: status === "completed" ? (current.status === "completed" ? current.completedDate : today) : null,
      }),
      updatedAt: new Date(),
    })
    .where(and(eq(projectMilestones.projectId, id), eq(projectMilestones.id, milestoneId)))
    .returning();
  if (!row) throw new ProjectError(404, NO_MILESTONE);
  return toMilestone(row);
}

export async function deleteMilestone(db: Database, id: string, milestoneId: number): Promise<void> {
  await requireProject(db, id);
  const gone = await db
    .delete(projectMilestones)
    .where(and(eq(projectMilestones.projectId, id), eq(projectMilestones.id, milestoneId)))
    .returning({ id: projectMilestones.id });
  if (gone.length === 0) throw new ProjectError(404, NO_MILESTONE);
}

/** Puts the milestones in this order; the list must name each of the project's milestones once. */
export async function reorderMilestones(db: Database, id: string, ids: number[]): Promise<Milestone[]> {
  return db.transaction(async (tx) => {
    await lockProject(tx, id);
    const existing = await tx
      .select({ id: projectMilestones.id })
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, id));
    const known = new Set(existing.map((m) => m.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((m) => known.has(m)))
      throw new ProjectError(
        400,
        "The order must list each milestone of the project once. Reload the project and try again.",
      );
    for (const [position, milestoneId] of ids.entries())
      await tx
        .update(projectMilestones)
        .set({ position })
        .where(and(eq(projectMilestones.projectId, id), eq(projectMilestones.id, milestoneId)));
    const rows = await tx
      .select()
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, id))
      .orderBy(asc(projectMilestones.position), asc(projectMilestones.id));
    return rows.map(toMilestone);
  });
}

/* ---------------- Updates ---------------- */

/**
 * Posts an update; with notify_client, e-mails it through the outbox to each of the project's
 * contacts that has an address (and logs it on each), in the same transaction as the update.
 */
export async function postProjectUpdate(
  deps: { db: Database; mailer: Mailer; siteUrl: string },
  id: string,
  input: { title: string; content: string; notify_client: boolean },
  sender: string,
): Promise<{ update: ProjectUpdate; emailed_to: string[] }> {
  const { mailer } = deps;
  const { update, emailed } = await mailer.transaction(async (tx, queue) => {
    const project = await lockProject(tx, id);
    const recipients = input.notify_client
      ? (
          await tx
            .select({ id: contacts.id, name: contacts.name, email: contacts.email })
            .from(projectContacts)
            .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
            .where(eq(projectContacts.projectId, id))
            .orderBy(desc(projectContacts.isPrimary), asc(projectContacts.createdAt))
        ).filter((c): c is { id: number; name: string; email: string } => Boolean(c.email?.trim()))
      : [];
    const [row] = await tx
      .insert(projectUpdates)
      .values({
        projectId: id,
        title: input.title,
        content: input.content,
        emailedAt: recipients.length > 0 ? new Date() : null,
      })
      .returning();
    for (const contact of recipients)
      await queueLoggedEmail(
        tx,
        queue,
        contact.id,
        writeProjectUpdate({ project, update: input, contact }, deps.siteUrl),
        sender,
      );
    await touch(tx, id);
    return { update: row!, emailed: recipients.map((c) => c.email) };
  });
  return { update: toUpdate(update), emailed_to: emailed };
}

export async function deleteProjectUpdate(db: Database, id: string, updateId: number): Promise<void> {
  await requireProject(db, id);
  const gone = await db
    .delete(projectUpdates)
    .where(and(eq(projectUpdates.projectId, id), eq(projectUpdates.id, updateId)))
    .returning({ id: projectUpdates.id });
  if (gone.length === 0)
    throw new ProjectError(404, "No update with this id on the project. Reload the project to see its updates.");
}
