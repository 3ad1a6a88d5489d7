import type { Attribution } from "~/lib/forms/fields";
import type {
  CreateInquiryResponse,
  InquiryMessage,
  InquiryMessagesResponse,
  InquirySession,
  PostInquiryMessageBody,
  PostInquiryMessageResponse,
  QuestionType,
} from "./types";

/**
 * The inquiry chat's calls (public-site spec 7). Each resolves with the
 * checked answer or throws an InquiryApiError; callers decide what to show.
 */
export class InquiryApiError extends Error {
  /** HTTP status, or undefined when the request never got an answer. */
  readonly status: number | undefined;
  /** The server's `error` text, when it sent one. */
  readonly serverMessage: string | undefined;

  constructor(message: string, status?: number, serverMessage?: string) {
    super(message);
    this.name = "InquiryApiError";
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

const inquiryPath = (id: string) => `/api/inquiries/${encodeURIComponent(id)}`;

async function requestJson(url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: "application/json", ...init.headers } });
  } catch (error) {
    throw new InquiryApiError(`Network error on ${url}: ${String(error)}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const serverMessage =
      body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : undefined;
    throw new InquiryApiError(`${url} answered ${response.status}`, response.status, serverMessage);
  }
  if (body === undefined) throw new InquiryApiError(`${url} answered ${response.status} without JSON`, response.status);
  return body;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function isSession(value: unknown): value is InquirySession {
  return isObject(value) && typeof value.id === "string" && (value.status === "active" || value.status === "completed");
}

export function isInquiryMessage(value: unknown): value is InquiryMessage {
  return (
    isObject(value) &&
    typeof value.id === "number" &&
    typeof value.content === "string" &&
    typeof value.created_at === "string" &&
    (value.author_type === "admin" || value.author_type === "visitor")
  );
}

/** Messages as the page uses them: a missing options list becomes an empty one. */
function readMessages(value: unknown): InquiryMessage[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isInquiryMessage).map((message) => ({ ...message, options: message.options ?? [] }));
}

/** POST /api/inquiries/create: a new inquiry with its first question already asked. */
export async function createInquiry(attribution?: Attribution): Promise<CreateInquiryResponse> {
  const body = await requestJson("/api/inquiries/create", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(attribution ? { attribution } : {}),
  });
  // The spec allows the id as inquiryId or as session.id; a missing id is a failure.
  const session = isObject(body) && isSession(body.session) ? body.session : undefined;
  const inquiryId = isObject(body) && typeof body.inquiryId === "string" ? body.inquiryId : session?.id;
  if (!isObject(body) || !inquiryId || !session) {
    throw new InquiryApiError("The new inquiry came back without an id or session", 201);
  }
  return { inquiryId, session, messages: readMessages(body.messages) };
}

/** GET /api/inquiries/{id}/messages */
export async function loadInquiry(inquiryId: string): Promise<InquiryMessagesResponse> {
  const body = await requestJson(`${inquiryPath(inquiryId)}/messages`);
  if (!isObject(body) || !isSession(body.session)) {
    throw new InquiryApiError(`The inquiry ${inquiryId} came back without a session`, 200);
  }
  return { session: body.session, messages: readMessages(body.messages) };
}

/** What a posted answer gives back; the session is optional so an answer without it still counts. */
export type PostedAnswer = Omit<PostInquiryMessageResponse, "session"> & { session: InquirySession | undefined };

/** POST /api/inquiries/{id}/messages: the visitor's answer to the last question. */
export async function postAnswer(
  inquiryId: string,
  content: string,
  questionType: QuestionType | null,
): Promise<PostedAnswer> {
  const payload: PostInquiryMessageBody = {
    inquiry_id: inquiryId,
    author_type: "visitor",
    content,
    message_type: "answer",
    question_type: questionType,
  };
  const body = await requestJson(`${inquiryPath(inquiryId)}/messages`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
  });
  if (!isObject(body) || !isInquiryMessage(body.message)) {
    throw new InquiryApiError("The answer came back without the stored message", 201);
  }
  return {
    message: { ...body.message, options: body.message.options ?? [] },
    replies: readMessages(body.replies),
    session: isSession(body.session) ? body.session : undefined,
  };
}
