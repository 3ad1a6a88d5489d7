import { eq, sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { QuestionType } from "~/contracts/inquiry-terms";
import type { InquiryMessage, InquiryRecord, InquirySession } from "~/contracts/inquiries";
import type { Attribution } from "~/contracts/fields";
import type { Database } from "../db/client";
import { inquiries, inquiryMessages } from "../db/schema";
import { completionAfter, completionMessage, questionAt, QUESTIONS, type InquiryAnswers } from "./inquiry-questions";
import {
  INQUIRY_CHANNEL,
  messageNotification,
  newInquiryId,
  toInquiryRecord,
  toMessage,
  toSession,
  type InquiryRow,
} from "./inquiries";
import type { Tx } from "../db/tx";
import { ServiceError } from "../lib/service-error";

/**
 * The chat's writes (docs/product/inquiries.md): a new inquiry with its first question, the
 * visitor's answers and the next questions, up to the lead the last answer files, and the owner's
 * replies. Every message is announced on INQUIRY_CHANNEL when its transaction commits (inquiries.ts).
 */
type MessageRow = typeof inquiryMessages.$inferSelect;

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
