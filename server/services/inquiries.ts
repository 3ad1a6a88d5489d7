import { randomBytes } from "node:crypto";
import { and, asc, eq, lt } from "drizzle-orm";
import { site } from "~/config/site";
import type { InquiryMessage, InquiryRecord, InquirySession, NewMessageEvent } from "~/contracts/inquiries";
import type { Database } from "../db/client";
import { inquiries, inquiryMessages } from "../db/schema";
import { jsonRow } from "./json-rows";
import type { DbOrTx } from "../db/tx";

/**
 * The guided inquiry chat: the server asks the questions of
 * inquiry-questions.ts in order, stores every answer on the inquiry and, after
 * the last one, has the visitor filed as a lead (server/services/intake/intake.ts).
 * Every new message is announced on the `inquiry_messages` channel
 * (LISTEN/NOTIFY) when its transaction commits, which is what the sockets of
 * every app process relay.
 * Here: the chat's rows, its notifications and its reads; the writes are in
 * inquiry-chat.ts, the owner's list in inquiry-list.ts.
 */
export const INQUIRY_CHANNEL = "inquiry_messages";

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7999;

/** The socket frame of a new message, exactly as browsers receive it. */
export const newMessageFrame = (message: InquiryMessage) =>
  JSON.stringify({ type: "new_message", message } satisfies NewMessageEvent);

/**
 * The notification of a new message: `inquiryId:messageId:frame`, so every
 * process relays it to its sockets without a query. A frame that does not fit
 * in a payload (long multi-byte text) is left out: `inquiryId:messageId`, and
 * the receiving process loads the message by id.
 */
export function messageNotification(message: InquiryMessage): string {
  const head = `${message.inquiry_id}:${message.id}`;
  const full = `${head}:${newMessageFrame(message)}`;
  return Buffer.byteLength(full) <= MAX_NOTIFY_PAYLOAD_BYTES ? full : head;
}

export function readMessageNotification(
  payload: string,
): { inquiryId: string; messageId: number; frame?: string } | undefined {
  const first = payload.indexOf(":");
  if (first < 1) return undefined;
  const second = payload.indexOf(":", first + 1);
  const messageId = Number(payload.slice(first + 1, second < 0 ? undefined : second));
  if (!Number.isSafeInteger(messageId) || messageId < 1) return undefined;
  return { inquiryId: payload.slice(0, first), messageId, ...(second < 0 ? {} : { frame: payload.slice(second + 1) }) };
}

export type InquiryRow = typeof inquiries.$inferSelect;
type MessageRow = typeof inquiryMessages.$inferSelect;

/** 128 random bits: an inquiry's id is also the key to its chat. */
export const newInquiryId = () => randomBytes(16).toString("base64url");
export const isWellFormedInquiryId = (id: string) => /^[A-Za-z0-9_-]{16,64}$/.test(id);

export const toSession = (row: InquiryRow): InquirySession => ({
  id: row.id,
  status: row.status,
  completion_percentage: row.completionPercentage,
  created_at: row.createdAt.toISOString(),
  completed_at: row.completedAt?.toISOString() ?? null,
  project_id: row.projectId,
});

export const toMessage = (row: MessageRow): InquiryMessage => ({
  id: row.id,
  inquiry_id: row.inquiryId,
  author_type: row.authorType,
  sender: row.sender,
  content: row.content,
  message_type: row.messageType,
  question_type: row.questionType ?? null,
  options: row.options,
  created_at: row.createdAt.toISOString(),
});

/** The inquiry's fields for the owner (docs/product/inquiries.md "Inquiry"). */
export const toInquiryRecord = (row: InquiryRow): InquiryRecord => ({
  ...toSession(row),
  visitor_name: row.visitorName,
  visitor_email: row.visitorEmail,
  project_type: row.projectType,
  budget: row.budget,
  timeline: row.timeline,
  description: row.description,
  additional_info: row.additionalInfo,
  contact_id: row.contactId,
  updated_at: row.updatedAt.toISOString(),
});

/** toInquiryRecord's output, built by PostgreSQL (json-rows.ts; inquiries-list.test.ts holds them equal). */
export const inquiryRecordJson = jsonRow<InquiryRecord>({
  id: inquiries.id,
  status: inquiries.status,
  completion_percentage: inquiries.completionPercentage,
  created_at: inquiries.createdAt,
  completed_at: inquiries.completedAt,
  project_id: inquiries.projectId,
  visitor_name: inquiries.visitorName,
  visitor_email: inquiries.visitorEmail,
  project_type: inquiries.projectType,
  budget: inquiries.budget,
  timeline: inquiries.timeline,
  description: inquiries.description,
  additional_info: inquiries.additionalInfo,
  contact_id: inquiries.contactId,
  updated_at: inquiries.updatedAt,
});

export async function findInquiry(db: DbOrTx, id: string): Promise<InquiryRow | undefined> {
  if (!isWellFormedInquiryId(id)) return undefined;
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id)).limit(1);
  return row;
}

export async function listMessages(db: DbOrTx, inquiryId: string): Promise<InquiryMessage[]> {
  const rows = await db
    .select()
    .from(inquiryMessages)
    .where(eq(inquiryMessages.inquiryId, inquiryId))
    .orderBy(asc(inquiryMessages.createdAt), asc(inquiryMessages.id));
  return rows.map(toMessage);
}

export async function findMessage(db: DbOrTx, id: number): Promise<InquiryMessage | undefined> {
  const [row] = await db.select().from(inquiryMessages).where(eq(inquiryMessages.id, id)).limit(1);
  return row ? toMessage(row) : undefined;
}

/**
 * Retention (docs/product/data-and-retention.md "Retention"): inquiries are
 * kept two years; a chat that was opened but never answered is dropped
 * after a week.
 */
export async function purgeOldInquiries(db: Database, now = new Date()): Promise<number> {
  const twoYearsAgo = new Date(now);
  twoYearsAgo.setFullYear(twoYearsAgo.getFullYear() - site.retention.inquiriesYears);
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const old = await db.delete(inquiries).where(lt(inquiries.createdAt, twoYearsAgo)).returning({ id: inquiries.id });
  const abandoned = await db
    .delete(inquiries)
    .where(and(lt(inquiries.updatedAt, weekAgo), eq(inquiries.completionPercentage, 0)))
    .returning({ id: inquiries.id });
  return old.length + abandoned.length;
}
