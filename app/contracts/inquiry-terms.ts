/**
 * The inquiry chat's constants without its schemas (types.ts): what the chat's components
 * need to draw, so the schema library loads only with the chat's calls.
 */

/** Longest message accepted, in characters. */
export const MAX_CHAT_MESSAGE_LENGTH = 5000;

export const QUESTION_TYPES = [
  "name",
  "email",
  "project_type",
  "budget",
  "timeline",
  "description",
  "additional",
] as const;

export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Question types that always get the free-text box (docs/product/chat.md "Answering"). */
export const FREE_TEXT_QUESTION_TYPES: readonly QuestionType[] = ["description", "email", "additional"];
