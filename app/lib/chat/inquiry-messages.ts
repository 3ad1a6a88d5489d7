import { FREE_TEXT_QUESTION_TYPES, type QuestionType } from "~/contracts/inquiry-terms";
import type { InquiryMessage, InquirySession } from "~/contracts/inquiries";

/**
 * Pure rules of the inquiry chat (docs/product/chat.md "Chat states" and "Answering"): the message
 * list order, which question is being answered, and which controls answer it.
 */

function compareMessages(a: InquiryMessage, b: InquiryMessage): number {
  const byTime = Date.parse(a.created_at) - Date.parse(b.created_at);
  if (byTime) return byTime;
  return a.id - b.id;
}

/**
 * The list with the new messages added: one entry per id (a later copy of the
 * same id replaces the earlier one), sorted by creation time, then id. A
 * visitor's answer that arrives both in the POST answer and over the socket
 * is therefore shown once.
 */
export function mergeMessages(
  current: readonly InquiryMessage[],
  incoming: readonly InquiryMessage[],
): InquiryMessage[] {
  if (incoming.length === 0) return current as InquiryMessage[];
  const byId = new Map<number, InquiryMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(compareMessages);
}

/** The question the visitor is answering: the newest message that is a question. */
export function lastQuestion(messages: readonly InquiryMessage[]): InquiryMessage | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index]!.message_type === "question") return messages[index];
  }
  return undefined;
}

export interface AnswerControls {
  /** The free-text box shows. */
  freeText: boolean;
  /** Choice buttons; empty when there are none. */
  options: string[];
  /** Options beside the text box are a secondary choice; without the box they are the answer. */
  optionStyle: "primary" | "secondary";
  questionType: QuestionType | null;
}

/**
 * docs/product/chat.md "Answering": the box shows when the last question has no options or is of
 * type description, email or additional; otherwise only the option buttons show. For those three
 * types the options are a secondary choice.
 */
export function answerControls(question: InquiryMessage | undefined): AnswerControls {
  const options = question?.options ?? [];
  const questionType = question?.question_type ?? null;
  const freeTextType = questionType !== null && FREE_TEXT_QUESTION_TYPES.includes(questionType);
  const freeText = options.length === 0 || freeTextType;
  return { freeText, options, optionStyle: freeText ? "secondary" : "primary", questionType };
}

/**
 * Two views of one session can arrive out of order (a slow reload after a
 * newer answer): completion never goes back, and neither does the progress.
 */
export function mergeSession(current: InquirySession | null, next: InquirySession): InquirySession {
  if (!current || current.id !== next.id) return next;
  const completed = current.status === "completed" || next.status === "completed";
  return {
    ...next,
    status: completed ? "completed" : "active",
    completion_percentage: Math.max(current.completion_percentage, next.completion_percentage),
    completed_at: next.completed_at ?? current.completed_at,
    project_id: next.project_id ?? current.project_id,
  };
}

/** An answer worth sending: its trimmed text, or null when only whitespace was typed. */
export function cleanAnswer(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}
