/**
 * The chat contracts shared by the server and the pages: public-site spec 3
 * ("Chat settings", "Inquiry chat session", "Inquiry chat message") and 7.
 */

/** GET /api/chat-settings: only what the public widget needs. */
export interface PublicChatSettings {
  enabled: boolean;
  welcome_message: string;
  auto_responses: { response_delay: number };
  appearance: { position: "bottom-right" | "bottom-left"; show_on_pages: string[]; hide_on_pages: string[] };
  /** Present only when business hours are on and it is outside them. */
  offline_message?: string;
}

export interface PublicChatSettingsResponse {
  settings: PublicChatSettings;
}

export type InquiryStatus = "active" | "completed";

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

/** Question types that always get the free-text box (public-site spec 5). */
export const FREE_TEXT_QUESTION_TYPES: readonly QuestionType[] = ["description", "email", "additional"];

export interface InquirySession {
  id: string;
  status: InquiryStatus;
  completion_percentage: number;
  created_at: string;
  completed_at: string | null;
}

export interface InquiryMessage {
  id: number;
  inquiry_id: string;
  author_type: "admin" | "visitor";
  /** Display name: the owner's first name for admin messages, 'You' is decided by the page. */
  sender: string;
  content: string;
  message_type: "question" | "answer" | "message";
  question_type: QuestionType | null;
  options: string[];
  created_at: string;
}

/** POST /api/inquiries/create */
export interface CreateInquiryResponse {
  inquiryId: string;
  session: InquirySession;
  messages: InquiryMessage[];
}

/** GET /api/inquiries/{id}/messages */
export interface InquiryMessagesResponse {
  session: InquirySession;
  messages: InquiryMessage[];
}

/** POST /api/inquiries/{id}/messages body (public-site spec 7). */
export interface PostInquiryMessageBody {
  inquiry_id: string;
  author_type: "visitor" | "admin";
  content: string;
  message_type: "answer" | "message";
  question_type?: QuestionType | null;
}

/** POST /api/inquiries/{id}/messages answer: the stored message, what the server asked next, the session. */
export interface PostInquiryMessageResponse {
  message: InquiryMessage;
  replies: InquiryMessage[];
  session: InquirySession;
}

/** Pushed over /api/inquiries/{id}/websocket. */
export interface NewMessageEvent {
  type: "new_message";
  message: InquiryMessage;
}

/** Longest message accepted, in characters. */
export const MAX_CHAT_MESSAGE_LENGTH = 5000;
