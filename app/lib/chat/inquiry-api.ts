import type { z } from "zod";
import type { Attribution } from "~/lib/forms/fields";
import type {
  CreateInquiryResponse,
  InquiryMessagesResponse,
  InquirySession,
  PostInquiryMessageBody,
  PostInquiryMessageResponse,
  QuestionType,
} from "./types";

type Schemas = typeof import("./types");

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

/**
 * The answer as the shared schema reads it, or an InquiryApiError naming what came back wrong.
 * The schemas load with the first answer: the schema library is not part of the page's first load.
 */
async function readAnswer<S extends z.ZodType>(
  pick: (schemas: Schemas) => S,
  body: unknown,
  status: number,
  what: string,
): Promise<z.output<S>> {
  let schema: S;
  try {
    schema = pick(await import("./types"));
  } catch (error) {
    throw new InquiryApiError(`Could not load the chat's checks: ${String(error)}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new InquiryApiError(`${what} came back in an unexpected shape`, status);
  return parsed.data;
}

/** POST /api/inquiries/create: a new inquiry with its first question already asked. */
export async function createInquiry(attribution?: Attribution): Promise<CreateInquiryResponse> {
  const body = await requestJson("/api/inquiries/create", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(attribution ? { attribution } : {}),
  });
  return readAnswer((m) => m.CreateInquiryResponseSchema, body, 201, "The new inquiry");
}

/** GET /api/inquiries/{id}/messages */
export async function loadInquiry(inquiryId: string): Promise<InquiryMessagesResponse> {
  const body = await requestJson(`${inquiryPath(inquiryId)}/messages`);
  return readAnswer((m) => m.InquiryMessagesResponseSchema, body, 200, `The inquiry ${inquiryId}`);
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
  return readAnswer((m) => m.PostInquiryMessageResponseSchema, body, 201, "The answer");
}
