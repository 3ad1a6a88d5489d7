import { randomBytes } from "node:crypto";
import { and, asc, eq, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { site } from "~/config/site";
import type { QuestionType } from "~/contracts/inquiry-terms";
import type {
  InquiryList,
  InquiryMessage,
  InquiryRecord,
  InquirySession,
  NewMessageEvent,
} from "~/contracts/inquiries";
import type { Attribution } from "~/contracts/fields";
import { SITE_TYPES } from "~/contracts/form-options";
import type { Database } from "../db/client";
import { inquiries, inquiryMessages } from "../db/schema";
import { completionAfter, completionMessage, questionAt, QUESTIONS, type InquiryAnswers } from "./inquiry-questions";
import { containsPattern } from "./list-pages";
import { jsonRow } from "./json-rows";
import { countsOf, listTotals, pageAndTotal, windowOf, type OrderTerm } from "./list-totals";
import type { DbOrTx, Tx } from "../db/tx";
import { ServiceError } from "../lib/service-error";

/**
 * The guided inquiry chat: the server asks the questions of
 * inquiry-questions.ts in order, stores every answer on the inquiry and, after
 * the last one, has the visitor filed as a lead (server/services/intake/intake.ts).
 * Every new message is announced on the `inquiry_messages` channel
 * (LISTEN/NOTIFY) when its transaction commits, which is what the sockets of
 * every app process relay.
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

async function insertMessage(
  tx: Tx,
  values: Omit<typeof inquiryMessages.$inferInsert, "createdAt" | "id">,
): Promise<MessageRow> {
  // clock_timestamp(): messages of one transaction keep distinct, ordered times.
  const [row] = await tx
    .insert(inquiryMessages)
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning();
  // Inside the transaction: the notification goes out when (and only if) the message commits.
  await tx.execute(sql`select pg_notify(${INQUIRY_CHANNEL}, ${messageNotification(toMessage(row!))})`);
  return row!;
}

const askQuestion = (tx: Tx, inquiryId: string, type: QuestionType, answers: InquiryAnswers, content?: string) => {
  const question = QUESTIONS[questionAt(type)]!;
  return insertMessage(tx, {
    inquiryId,
    authorType: "admin",
    sender: site.owner.firstName,
    content: content ?? question.ask(answers),
    messageType: "question",
    questionType: type,
    options: [...question.options],
  });
};

export async function createInquiry(db: Database, attribution?: Attribution) {
  return db.transaction(async (tx) => {
    const first = QUESTIONS[0]!;
    const [row] = await tx
      .insert(inquiries)
      .values({ id: newInquiryId(), currentQuestion: first.type, attribution: attribution ?? null })
      .returning();
    const question = await askQuestion(tx, row!.id, first.type, {});
    return { session: toSession(row!), messages: [toMessage(question)] };
  });
}

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

export class InquiryError extends ServiceError<404 | 409> {}

/** Columns filled by each question's answer. */
const FIELD_OF: Record<QuestionType, keyof InquiryRow> = {
  name: "visitorName",
  email: "visitorEmail",
  project_type: "projectType",
  budget: "budget",
  timeline: "timeline",
  description: "description",
  additional: "additionalInfo",
};

/** The lead a completed inquiry became: its contact and its project. */
export interface FiledLead {
  contactId: number;
  projectId: string;
  leadScore: number;
}

/** Files the completed inquiry's lead in the caller's transaction: server/services/intake/intake.ts, for the chat. */
export type FileInquiryLead = (inquiry: InquiryRow) => Promise<FiledLead>;

export interface AnswerResult {
  message: InquiryMessage;
  replies: InquiryMessage[];
  session: InquirySession;
  /** Set when this answer completed the inquiry: the lead it became. */
  completed?: FiledLead & { inquiry: InquiryRecord };
}

/**
 * Stores the visitor's answer to the current question and asks the next one, in a transaction of
 * its own. The last answer files a lead, which only answerChat (server/services/intake/intake.ts) does,
 * with the lead's e-mails in the same transaction.
 */
export async function answerInquiry(
  db: Database,
  inquiryId: string,
  input: { content: string; questionType?: QuestionType | null },
): Promise<AnswerResult> {
  return db.transaction((tx) => answerInquiryIn(tx, inquiryId, input));
}

/**
 * answerInquiry in the caller's transaction. The answer that completes the inquiry has its lead
 * filed by `fileLead` in that transaction, so the chat and its lead commit together.
 */
export async function answerInquiryIn(
  tx: Tx,
  inquiryId: string,
  input: { content: string; questionType?: QuestionType | null },
  fileLead?: FileInquiryLead,
): Promise<AnswerResult> {
  {
    const [inquiry] = await tx.select().from(inquiries).where(eq(inquiries.id, inquiryId)).for("update");
    if (!inquiry) throw new InquiryError(404, "No inquiry with this id. Start a new chat at /chat.");
    if (inquiry.status === "completed" || !inquiry.currentQuestion)
      throw new InquiryError(
        409,
        `This inquiry is already complete, so no more answers can be added. To add something, e-mail ${site.email}.`,
      );
    const current = inquiry.currentQuestion;
    if (input.questionType && input.questionType !== current)
      throw new InquiryError(
        409,
        `That question was already answered; the chat is now asking for "${current}". Reload the page to see the latest messages.`,
      );

    const message = await insertMessage(tx, {
      inquiryId,
      authorType: "visitor",
      sender: inquiry.visitorName ?? "Visitor",
      content: input.content,
      messageType: "answer",
      questionType: current,
    });

    const question = QUESTIONS[questionAt(current)]!;
    const read = question.read(input.content);
    const answers: InquiryAnswers = {
      name: inquiry.visitorName ?? undefined,
      email: inquiry.visitorEmail ?? undefined,
    };
    if ("retry" in read) {
      const retry = await askQuestion(tx, inquiryId, current, answers, read.retry);
      await tx
        .update(inquiries)
        .set({ updatedAt: sql`now()` })
        .where(eq(inquiries.id, inquiryId));
      return { message: toMessage(message), replies: [toMessage(retry)], session: toSession(inquiry) };
    }

    if (current === "name") answers.name = read.value;
    if (current === "email") answers.email = read.value;
    const next = QUESTIONS[questionAt(current) + 1];
    const [updated] = await tx
      .update(inquiries)
      .set({
        [FIELD_OF[current]]: read.value,
        currentQuestion: next?.type ?? null,
        completionPercentage: completionAfter(current),
        updatedAt: sql`now()`,
        ...(next ? {} : { status: "completed" as const, completedAt: sql`now()` }),
      })
      .where(eq(inquiries.id, inquiryId))
      .returning();

    if (next) {
      const reply = await askQuestion(tx, inquiryId, next.type, answers);
      return { message: toMessage(message), replies: [toMessage(reply)], session: toSession(updated!) };
    }

    // A chat completed without its lead would leave the visitor no project to follow: refused, and rolled back.
    if (!fileLead) throw new Error("The last answer of an inquiry files its lead: pass fileLead");
    const lead = await fileLead(updated!);
    await tx
      .update(inquiries)
      .set({ contactId: lead.contactId, projectId: lead.projectId })
      .where(eq(inquiries.id, inquiryId));
    const filed = { ...updated!, contactId: lead.contactId, projectId: lead.projectId };
    const reply = await insertMessage(tx, {
      inquiryId,
      authorType: "admin",
      sender: site.owner.firstName,
      content: completionMessage(answers, lead.projectId),
      messageType: "message",
      questionType: null,
    });
    return {
      message: toMessage(message),
      replies: [toMessage(reply)],
      session: toSession(filed),
      completed: { ...lead, inquiry: toInquiryRecord(filed) },
    };
  }
}

/** A message from the owner in an inquiry's chat (the back office replies here). */
export async function postAdminMessage(db: Database, inquiryId: string, content: string, sender: string) {
  return db.transaction(async (tx) => {
    const [inquiry] = await tx.select().from(inquiries).where(eq(inquiries.id, inquiryId)).for("update");
    if (!inquiry) throw new InquiryError(404, "No inquiry with this id");
    const message = await insertMessage(tx, {
      inquiryId,
      authorType: "admin",
      sender,
      content,
      messageType: "message",
      questionType: null,
    });
    await tx
      .update(inquiries)
      .set({ updatedAt: sql`now()` })
      .where(eq(inquiries.id, inquiryId));
    return { message: toMessage(message), session: toSession(inquiry) };
  });
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

/**
 * What a search matches (docs/product/inquiries.md "The list": name, e-mail, project type or ID):
 * part of the visitor's name or e-mail, of the inquiry's ID or of the project it became, or a
 * project type by its stored value or its label ("small business" finds `business`). Every part is
 * a bound parameter; LIKE's wildcards in the text match themselves.
 */
function searchCondition(text: string): SQL {
  const like = containsPattern(text);
  const needle = text.toLowerCase();
  const types = SITE_TYPES.filter(
    (type) => type.label.toLowerCase().includes(needle) || type.value.includes(needle),
  ).map((type) => type.value);
  return or(
    ilike(inquiries.visitorName, like),
    ilike(inquiries.visitorEmail, like),
    ilike(inquiries.id, like),
    ilike(inquiries.projectId, like),
    types.length > 0 ? inArray(inquiries.projectType, types) : undefined,
  )!;
}

/** The owner's list of inquiries, newest first, narrowed by status and a search. */
export async function listInquiries(
  db: Database,
  filter: { status?: "active" | "completed"; search?: string; limit: number; offset: number },
): Promise<Pick<InquiryList, "inquiries" | "total">> {
  const search = filter.search?.trim();
  const where = and(
    filter.status ? eq(inquiries.status, filter.status) : undefined,
    search ? searchCondition(search) : undefined,
  );
  // The page's ids first (list-pages.ts onPage): whole rows are read for this page only; the total
  // is kept while the inquiries do not change (list-totals.ts).
  const { rows, total } = await pageAndTotal(
    db,
    {
      totals: inquiryTotals,
      key: JSON.stringify([filter.status ?? "", search ?? ""]),
      ...countsOf(db, inquiries, where, Boolean(search)),
    },
    filter,
    (window, known) => {
      const page = windowOf(inquiries, inquiries.id, where, INQUIRY_ORDER, window, known.few);
      return db
        .select({ row: inquiryRecordJson })
        .from(inquiries)
        .where(page.where)
        .orderBy(...page.order);
    },
  );
  return { inquiries: rows.map(({ row }) => row), total };
}

const INQUIRY_ORDER: OrderTerm[] = [
  { key: inquiries.createdAt, dir: "desc" },
  { key: inquiries.id, dir: "desc" },
];
const inquiryTotals = listTotals("inquiries_changes");
