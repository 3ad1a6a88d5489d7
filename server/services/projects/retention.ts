import { and, asc, count, eq, inArray, isNull, lt, not, or, sql, type SQL } from "drizzle-orm";
import { site } from "~/config/site";
import type { HeldBackProjects, ProjectRetentionCounts } from "~/contracts/jobs";
import type { Database } from "../../db/client";
import {
  billingCredits,
  carePlans,
  invoices,
  media,
  portalSessions,
  postMediaRefs,
  posts,
  projectComments,
  projectMilestones,
  projects,
  reviews,
  projectUpdates,
  quotes,
} from "../../db/schema/index";
import type { Logger } from "../../lib/logger";
import { announceAccessChange } from "../access-changes";
import { removeRenders, renderFoldersOfProject } from "../billing/pdf-renders";
import { readJobRun, runDailyJob, type DailyJob, type RunDailyJobOptions } from "../job-runs";
import type { MediaStore } from "../media/store";

/**
 * Retention of projects as the privacy policy states it (docs/product/data-and-retention.md
 * "Retention", site.retention, docs/decisions/036-project-retention.md): a project complete for
 * longer than `projectsYearsAfterCompletion`, with nothing new on it for as long, is deleted with
 * its milestones, updates, comments, the portal sessions opened on it, and its files (rows and
 * bytes), and the kept PDFs of its quotes, invoices and receipts, which print its contact (the
 * documents themselves stay: docs/decisions/045-pdfs-rendered-once.md). A file a published post
 * shows stays in the media library, no longer the project's. Its contacts, their communications
 * and e-mails, and the inquiry it came from keep their own rules.
 * A project on which money is still open is kept however old it is (docs/product/billing.md
 * "Keeping the records"): a quote the client may still accept, an invoice with money due, or a
 * credit not yet refunded or applied. The client could otherwise no longer sign in to pay, nor the
 * owner send again.
 */

export const PROJECT_RETENTION_JOB = "project-retention";

/** A run's counts before it has removed anything. */
export const zero = (): ProjectRetentionCounts => ({
  projects: 0,
  milestones: 0,
  updates: 0,
  comments: 0,
  portal_sessions: 0,
  files: 0,
  files_kept: 0,
  held_for_billing: 0,
});

/** Projects at most per run: a larger backlog is finished by the next day's run. */
const MAX_PROJECTS_PER_RUN = 500;

/** The moment before which a project's completion and its last activity must both lie. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setFullYear(cutoff.getFullYear() - site.retention.projectsYearsAfterCompletion);
  return cutoff;
}

/**
 * Complete (not on hold, not in maintenance: work still going on) since before `cutoff`, and
 * untouched since: no edit of the project or of its contacts, no update, comment or file. A
 * complete project without a completion time (stamped only since status changes set it) counts
 * from its last change. A care plan not ended is work going on too (docs/product/billing.md "Care plans").
 */
function pastRetention(cutoff: Date): SQL {
  const newer = (table: typeof projectUpdates | typeof projectComments | typeof media) =>
    sql`exists (select 1 from ${table} where ${table.projectId} = ${projects.id} and ${table.createdAt} >= ${cutoff})`;
  return and(
    eq(projects.status, "complete"),
    or(isNull(projects.completedAt), lt(projects.completedAt, cutoff)),
    lt(projects.updatedAt, cutoff),
    sql`not ${newer(projectUpdates)}`,
    sql`not ${newer(projectComments)}`,
    sql`not ${newer(media)}`,
    sql`not exists (select 1 from ${carePlans} where ${carePlans.projectId} = ${projects.id} and ${carePlans.status} <> 'ended')`,
  )!;
}

/** Why a project past its retention is kept: money still open on it. */
const MONEY_OPEN = {
  /** A sent or viewed quote: the client may still accept it. */
  open_quotes: sql`exists (select 1 from ${quotes} where ${quotes.projectId} = ${projects.id} and ${quotes.status} in ('sent', 'viewed'))`,
  /** An invoice sent, partially paid or overdue with money still due. */
  money_due: sql`exists (select 1 from ${invoices} where ${invoices.projectId} = ${projects.id} and ${invoices.status} in ('sent', 'partially_paid') and ${invoices.totalCents} > ${invoices.amountPaidCents})`,
  /** Money received that is neither refunded nor applied yet. */
  open_credits: sql`exists (select 1 from ${billingCredits} join ${invoices} on ${invoices.id} = ${billingCredits.invoiceId} where ${invoices.projectId} = ${projects.id} and ${billingCredits.status} = 'open')`,
} satisfies Record<Exclude<keyof HeldBackProjects, "projects">, SQL>;

const moneyOpen = or(...Object.values(MONEY_OPEN))!;

/** Past its retention and with no money open on it: deleted. */
const expired = (cutoff: Date): SQL => and(pastRetention(cutoff), not(moneyOpen))!;

/**
 * The projects past their retention that are kept because money is still open on them, and why
 * (a project may have more than one reason), for the Data retention section.
 */
export async function heldBackProjects(db: Database, now = new Date()): Promise<HeldBackProjects> {
  const past = pastRetention(retentionCutoff(now));
  const counted = async (reason: SQL) =>
    (await db.select({ n: count() }).from(projects).where(and(past, reason)))[0]?.n ?? 0;
  return {
    projects: await counted(moneyOpen),
    open_quotes: await counted(MONEY_OPEN.open_quotes),
    money_due: await counted(MONEY_OPEN.money_due),
    open_credits: await counted(MONEY_OPEN.open_credits),
  };
}

/** Whether a published post (scheduled for later too) shows the file, as its image or in its text. */
const shownByPublishedPost = sql<boolean>`exists (
  select 1 from ${postMediaRefs} join ${posts} on ${posts.id} = ${postMediaRefs.postId}
  where ${postMediaRefs.mediaKey} = ${media.key} and ${posts.status} = 'published'
)`;

/**
 * Deletes one project if it is still past its retention (checked again under its row lock: it
 * may have been reopened, or written on, since it was listed), in one transaction. Answers the
 * stored files, and the folders of its documents' kept PDFs, to remove once that transaction has
 * committed, or null if the project stays.
 */
async function removeProject(
  db: Database,
  id: string,
  cutoff: Date,
  counts: ProjectRetentionCounts,
): Promise<{ keys: string[]; renders: string[] } | null> {
  const done = await db.transaction(async (tx) => {
    // FOR UPDATE also holds back a comment or an upload on the project (they take KEY SHARE)
    // until this commits; they then find no project.
    const [row] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, id), expired(cutoff)))
      .for("update");
    if (!row) return null;

    const files = await tx
      .select({ id: media.id, kept: shownByPublishedPost })
      .from(media)
      .where(eq(media.projectId, id));
    const kept = files.filter((f) => f.kept).map((f) => f.id);
    const gone = files.filter((f) => !f.kept).map((f) => f.id);
    if (kept.length > 0)
      await tx.update(media).set({ projectId: null, updatedAt: new Date() }).where(inArray(media.id, kept));
    const removed =
      gone.length > 0
        ? await tx
            .delete(media)
            .where(inArray(media.id, gone))
            .returning({ file: media.storageKey, thumbnail: media.thumbnailKey })
        : [];

    const deleted = async (table: typeof projectMilestones | typeof projectUpdates | typeof projectComments) =>
      (await tx.delete(table).where(eq(table.projectId, id)).returning({ id: table.id })).length;
    const step: Omit<ProjectRetentionCounts, "projects" | "held_for_billing"> = {
      milestones: await deleted(projectMilestones),
      updates: await deleted(projectUpdates),
      // Their attachments' links (project_comment_media) go with them.
      comments: await deleted(projectComments),
      portal_sessions: (
        await tx
          .delete(portalSessions)
          .where(eq(portalSessions.projectId, id))
          .returning({ tokenHash: portalSessions.tokenHash })
      ).length,
      files: removed.length,
      files_kept: kept.length,
    };
    // A review the client wrote but that is not published (pending, hidden) goes with the project;
    // an approved one keeps what its writer chose to show, without its project (decision 059).
    await tx.delete(reviews).where(and(eq(reviews.projectId, id), sql`${reviews.status} <> 'approved'`));
    // Read before the documents lose their project (ON DELETE SET NULL).
    const renders = await renderFoldersOfProject(tx, id);
    // Its contacts' links go with it; an inquiry that became it keeps its own two years.
    await tx.delete(projects).where(eq(projects.id, id));
    // Sockets open on the project, on every process, are closed on commit.
    await announceAccessChange(tx);
    return { step, renders, keys: removed.flatMap((r) => (r.thumbnail ? [r.file, r.thumbnail] : [r.file])) };
  });
  if (!done) return null;
  counts.projects += 1;
  for (const key of Object.keys(done.step) as (keyof typeof done.step)[]) counts[key] += done.step[key];
  return { keys: done.keys, renders: done.renders };
}

export interface ProjectRetentionDeps {
  db: Database;
  store: MediaStore;
  log: Pick<Logger, "info" | "warn">;
}

/**
 * One pass: every project past its retention, one transaction each; the stored files of each
 * removed after its transaction commits. A file that cannot be removed now (the bucket is
 * unreachable) is named by no row any more: the unreferenced-files sweep removes it later.
 */
export async function removeExpiredProjects(
  { db, store, log }: ProjectRetentionDeps,
  counts: ProjectRetentionCounts,
  now: Date,
): Promise<void> {
  const cutoff = retentionCutoff(now);
  counts.held_for_billing = (await heldBackProjects(db, now)).projects;
  const due = await db
    .select({ id: projects.id })
    .from(projects)
    .where(expired(cutoff))
    .orderBy(asc(projects.completedAt), asc(projects.id))
    .limit(MAX_PROJECTS_PER_RUN);
  for (const { id } of due) {
    const removed = await removeProject(db, id, cutoff, counts);
    if (!removed) continue;
    for (const key of removed.keys) {
      await store.delete(key).catch((error: unknown) => {
        log.warn({ err: error, key }, "could not remove a deleted project's file: the unreferenced-files sweep will");
      });
    }
    await removeRenders(store, removed.renders, log);
  }
}

export const projectRetentionJob = (deps: ProjectRetentionDeps): DailyJob<ProjectRetentionCounts> => ({
  name: PROJECT_RETENTION_JOB,
  description: "removed the projects past their retention",
  zero,
  run: (counts, now) => removeExpiredProjects(deps, counts, now),
});

/** The scheduled job (server/compose.ts): daily, on one process, under the daily jobs' lock. */
export const runProjectRetention = (deps: ProjectRetentionDeps, options: Omit<RunDailyJobOptions, "db" | "log"> = {}) =>
  runDailyJob(projectRetentionJob(deps), { db: deps.db, log: deps.log, ...options });

/** The last run, for the admin. */
export const lastProjectRetentionRun = (db: Database) => readJobRun(db, { name: PROJECT_RETENTION_JOB, zero });
