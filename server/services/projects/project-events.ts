import { sql } from "drizzle-orm";
import type { ProjectComment } from "~/contracts/project-comments";
import {
  PROJECT_EVENTS_CHANNEL,
  type BillingChangedEvent,
  type NewCommentEvent,
  type ProjectEvent,
} from "~/contracts/project-events";
import type { DbOrTx } from "../../db/tx";
import { MAX_NOTIFY_PAYLOAD_BYTES } from "../inquiries";

/**
 * The one writer of a project's live events (docs/decisions/055-one-project-event-channel.md): a
 * comment stored (comments.ts) or the project's billing changed (billing/common.ts) is announced
 * on PROJECT_EVENTS_CHANNEL in the writing transaction, so it goes out on commit and in commit
 * order; every process's project sockets relay it (server/realtime/project-sockets.ts). Here too:
 * the frames browsers receive, built in one place for the notification and for the relay's load.
 */

/** The socket frame of a new comment, exactly as browsers receive it. */
export const newCommentFrame = (comment: ProjectComment) =>
  JSON.stringify({ type: "new_comment", comment } satisfies NewCommentEvent);

/** The socket frame that tells a project's screens to read its billing again. */
export const billingChangedFrame = (projectId: string) =>
  JSON.stringify({ type: "billing_changed", project_id: projectId } satisfies BillingChangedEvent);

/**
 * The notification's text: the event as JSON. A comment whose frame does not fit a payload goes
 * without it, and the receiving process loads the comment by id (decision 015).
 */
export function projectEventPayload(event: ProjectEvent): string {
  const full = JSON.stringify(event);
  if (event.kind !== "comment" || Buffer.byteLength(full) <= MAX_NOTIFY_PAYLOAD_BYTES) return full;
  return JSON.stringify({
    kind: "comment",
    projectId: event.projectId,
    commentId: event.commentId,
  } satisfies ProjectEvent);
}

/** Announces a project's event when `tx` commits (at once outside a transaction). */
export async function announceProjectEvent(tx: DbOrTx, event: ProjectEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${PROJECT_EVENTS_CHANNEL}, ${projectEventPayload(event)})`);
}
