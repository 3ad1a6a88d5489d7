import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { ProjectStatus } from "~/contracts/project-terms";
import type { Database } from "../../db/client";
import { projects, reviewRequests } from "../../db/schema/index";
import type { Tx } from "../../db/tx";
import { writeReviewRequest } from "../../emails/reviews";
import { runExclusive } from "../../lib/job-lock";
import type { Logger } from "../../lib/logger";
import { primaryContactOf } from "../billing/common";
import { queueLoggedEmail } from "../contact-emails";
import type { Mailer } from "../mail";
import { readReviewSettings } from "./settings";

/**
 * The review request (docs/product/reviews.md "The request"; docs/decisions/059-reviews.md). The
 * transaction that moves a project to Complete (or to Launch, when the owner asks some days after
 * Launch) writes the project's one request row, its primary key the project: a second move, a
 * racing one or a move back and forth can never make a second. A job queues the e-mail once the
 * row is due, the row locked and skipped by other processes and marked sent in the transaction
 * that queues it, so it goes out once across processes and restarts.
 */

const DAY_MS = 24 * 60 * 60_000;
/** Statuses at which a waiting request may still go out: the site is live or delivered. */
const LIVE: readonly ProjectStatus[] = ["launch", "complete", "maintenance"];
const BATCH = 50;

/**
 * Called in the transaction that changes a project's status (server/services/projects/projects.ts).
 * Complete always makes the request due now (a request waiting for its days after Launch comes
 * forward); Launch makes one due after the owner's days, only when the owner asks after Launch.
 */
export async function noteProjectStatusForReview(
  tx: Tx,
  projectId: string,
  from: ProjectStatus,
  to: ProjectStatus,
  now = new Date(),
): Promise<void> {
  if (from === to || (to !== "complete" && to !== "launch")) return;
  const settings = await readReviewSettings(tx);
  if (to === "launch" && settings.trigger !== "launch") return;
  const dueAt = to === "complete" ? now : new Date(now.getTime() + settings.launch_days * DAY_MS);
  await tx
    .insert(reviewRequests)
    .values({ projectId, reason: to, dueAt })
    .onConflictDoUpdate({
      target: reviewRequests.projectId,
      // Only a request not sent yet moves: earlier, or waiting again after it was skipped.
      set: {
        dueAt: sql`least(${reviewRequests.dueAt}, excluded.due_at)`,
        state: "waiting",
        note: null,
      },
      setWhere: sql`${reviewRequests.state} <> 'sent'`,
    });
}

export interface ReviewRequestDeps {
  db: Database;
  mailer: Mailer;
  env: { SITE_URL: string };
}

/** Queues the requests that are due; answers how many e-mails went to the outbox. */
export async function sendDueReviewRequests(deps: ReviewRequestDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const handled = await deps.mailer.transaction(async (tx, queue) => {
      const due = await tx
        .select({ projectId: reviewRequests.projectId, reason: reviewRequests.reason })
        .from(reviewRequests)
        .where(and(eq(reviewRequests.state, "waiting"), lte(reviewRequests.dueAt, now)))
        .orderBy(asc(reviewRequests.dueAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      for (const request of due) {
        const [project] = await tx
          .select({ id: projects.id, name: projects.name, status: projects.status })
          .from(projects)
          .where(eq(projects.id, request.projectId));
        const contact = await primaryContactOf(tx, request.projectId);
        const email = contact?.email?.trim();
        const skip =
          !project || !LIVE.includes(project.status)
            ? "The project went back before launch: the request waits for its next Complete."
            : !contact || !email
              ? "The project's primary contact has no e-mail address."
              : null;
        if (skip || !project || !contact || !email) {
          await tx
            .update(reviewRequests)
            .set({ state: "skipped", note: skip })
            .where(eq(reviewRequests.projectId, request.projectId));
          continue;
        }
        const mail = writeReviewRequest(
          { project, contact: { id: contact.id, name: contact.name, email }, launched: request.reason === "launch" },
          deps.env.SITE_URL,
        );
        await queueLoggedEmail(tx, queue, contact.id, mail, "system");
        await tx
          .update(reviewRequests)
          .set({ state: "sent", sentAt: now, contactId: contact.id, note: null })
          .where(eq(reviewRequests.projectId, request.projectId));
        sent += 1;
      }
      return due.length;
    });
    if (handled < BATCH) break;
  }
  return sent;
}

/** The job as compose schedules it, every minute: on one process at a time. */
export const runReviewRequests = (deps: ReviewRequestDeps) =>
  runExclusive(deps.db, "review-requests", () => sendDueReviewRequests(deps));

const kicks = new WeakMap<Database, Promise<unknown>>();

/**
 * Right after a status change (the owner's Complete): the request goes out within a second rather
 * than at the next minute's run. Never throws; a failure is logged and the minute's run tries again.
 */
export function sendReviewRequestsSoon(deps: ReviewRequestDeps & { log: Pick<Logger, "error"> }): void {
  const run = async () => {
    try {
      await runReviewRequests(deps);
    } catch (error) {
      deps.log.error({ err: error }, "could not queue the review requests");
    }
  };
  const next = (kicks.get(deps.db) ?? Promise.resolve()).then(run);
  kicks.set(deps.db, next);
}
