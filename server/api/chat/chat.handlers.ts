import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { site } from "~/config/site";
import { MAX_CHAT_MESSAGE_LENGTH, QUESTION_TYPES } from "~/lib/chat/types";
import { AttributionSchema } from "~/lib/forms/fields";
import type { AppEnv } from "../../lib/app-env";
import { jsonError, validationErrorBody } from "../../lib/http-errors";
import { ownerNotification, sendLeadEmails } from "../../services/lead-notifications";
import {
  answerInquiry,
  createInquiry,
  findInquiry,
  InquiryError,
  inquiryDetails,
  listInquiries,
  listMessages,
  postAdminMessage,
  toInquiryRecord,
  toSession,
} from "../../services/inquiries";
import {
  CHAT_SETTINGS_CACHE_KEY,
  notifyChatSettingsChanged,
  publicChatSettingsAnswer,
  readChatSettings,
  saveChatSettings,
} from "../../services/chat-settings";
import { createResponseCache, serveCachedJson, type ResponseCache } from "../../lib/cached-response";
import { adminOf } from "../auth/require-admin";
import { checkRateLimit } from "../leads/public-write";
import { chatConfirmation } from "./chat-emails";

/**
 * The chat's HTTP API (public-site spec 7, back-office spec 7): the assistant's
 * public settings, and the guided inquiry. Sockets are in server/realtime.
 */
const ErrorSchema = z.object({ error: z.string() }).passthrough();
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const IdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" } }),
});

const MessageSchema = z.object({
  id: z.number(),
  inquiry_id: z.string(),
  author_type: z.enum(["admin", "visitor"]),
  sender: z.string(),
  content: z.string(),
  message_type: z.enum(["question", "answer", "message"]),
  question_type: z.enum(QUESTION_TYPES).nullable(),
  options: z.array(z.string()),
  created_at: z.string(),
});
const SessionSchema = z.object({
  id: z.string(),
  status: z.enum(["active", "completed"]),
  completion_percentage: z.number(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

export const PostMessageSchema = z.object({
  inquiry_id: z.string().optional(),
  author_type: z.enum(["visitor", "admin"], { error: "author_type must be 'visitor' or 'admin'" }),
  content: z
    .string({ error: "content is required" })
    .trim()
    .min(1, { error: "Write an answer before sending" })
    .max(MAX_CHAT_MESSAGE_LENGTH, { error: `Messages are limited to ${MAX_CHAT_MESSAGE_LENGTH} characters` }),
  message_type: z.enum(["answer", "message"]).optional(),
  question_type: z.enum(QUESTION_TYPES).nullable().optional(),
});

const chatSettingsRoute = createRoute({
  method: "get",
  path: "/api/chat-settings",
  tags: ["Chat"],
  summary: "What the public assistant widget needs (with ETag)",
  responses: {
    200: json(z.object({ settings: z.record(z.string(), z.unknown()) }), "The public settings"),
    304: { description: "Not modified since the ETag sent in If-None-Match" },
  },
});

const createInquiryRoute = createRoute({
  method: "post",
  path: "/api/inquiries/create",
  tags: ["Chat"],
  summary: "Start a guided inquiry; the first question is already asked",
  description: "No body is needed. An optional JSON body `{ attribution }` records where the visit came from.",
  responses: {
    201: json(z.object({ inquiryId: z.string(), session: SessionSchema, messages: z.array(MessageSchema) }), "Created"),
    400: json(ErrorSchema, "The body is not empty and not a JSON object"),
    429: json(ErrorSchema, "Too many chats started from this address; see Retry-After"),
  },
});

const messagesRoute = createRoute({
  method: "get",
  path: "/api/inquiries/{id}/messages",
  tags: ["Chat"],
  summary: "The inquiry's session and messages, oldest first (with an admin token, also the inquiry's fields)",
  request: { params: IdParam },
  responses: {
    200: json(z.object({ session: SessionSchema, messages: z.array(MessageSchema) }), "The chat"),
    404: json(ErrorSchema, "No inquiry with this id"),
  },
});

const postMessageRoute = createRoute({
  method: "post",
  path: "/api/inquiries/{id}/messages",
  tags: ["Chat"],
  summary: "A visitor's answer to the current question, or (with an admin token) a message from the owner",
  request: {
    params: IdParam,
    body: { content: { "application/json": { schema: PostMessageSchema } }, required: true },
  },
  responses: {
    201: json(
      z.object({ message: MessageSchema, replies: z.array(MessageSchema), session: SessionSchema }),
      "Stored; replies holds what was asked next",
    ),
    400: json(ErrorSchema, "Invalid message"),
    401: json(ErrorSchema, "author_type admin without a valid admin token"),
    404: json(ErrorSchema, "No inquiry with this id"),
    409: json(ErrorSchema, "The inquiry is complete, or the question was already answered"),
    429: json(ErrorSchema, "Too many messages from this address; see Retry-After"),
  },
});

const adminSettingsGet = createRoute({
  method: "get",
  path: "/api/admin/chat-settings",
  tags: ["Admin: chat"],
  summary: "All chat settings, merged over the defaults",
  security: [{ bearerAuth: [] }],
  responses: { 200: json(z.object({ settings: z.record(z.string(), z.unknown()) }), "The settings") },
});

const adminSettingsPut = createRoute({
  method: "put",
  path: "/api/admin/chat-settings",
  tags: ["Admin: chat"],
  summary: "Save chat settings (any subset of fields; the rest keep their values)",
  security: [{ bearerAuth: [] }],
  request: {
    body: {
      content: { "application/json": { schema: z.object({ settings: z.record(z.string(), z.unknown()) }) } },
      required: true,
    },
  },
  responses: {
    200: json(z.object({ success: z.literal(true), settings: z.record(z.string(), z.unknown()) }), "Saved"),
    400: json(ErrorSchema, "A field is invalid; nothing was saved"),
  },
});

const adminInquiriesRoute = createRoute({
  method: "get",
  path: "/api/admin/inquiries",
  tags: ["Admin: chat"],
  summary: "Inquiries, newest first",
  security: [{ bearerAuth: [] }],
  request: {
    query: z.object({
      status: z.enum(["active", "completed"]).optional(),
      limit: z.coerce.number().int().min(1).max(500).optional().default(100),
      offset: z.coerce.number().int().min(0).optional().default(0),
    }),
  },
  responses: {
    200: json(z.object({ inquiries: z.array(z.record(z.string(), z.unknown())), total: z.number() }), "The list"),
  },
});

async function readOptionalJson(raw: string): Promise<{ ok: true; value: unknown } | { ok: false }> {
  if (!raw.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

/** `cache` answers the public settings from memory until the owner saves new ones. */
export function registerChatRoutes(app: OpenAPIHono<AppEnv>, cache: ResponseCache = createResponseCache()) {
  app.openapi(chatSettingsRoute, async (c) => {
    const { db } = c.var.deps;
    const entry = await cache.get(CHAT_SETTINGS_CACHE_KEY, () => publicChatSettingsAnswer(db));
    return serveCachedJson(c, entry!);
  });

  app.openapi(createInquiryRoute, async (c) => {
    const parsedBody = await readOptionalJson(await c.req.text());
    if (
      !parsedBody.ok ||
      (parsedBody.value !== undefined && (typeof parsedBody.value !== "object" || parsedBody.value === null))
    )
      return jsonError(c, 400, 'Send no body, or a JSON object like { "attribution": { ... } }');
    const limited = await checkRateLimit(c, "inquiry-create", c.var.deps.env.INQUIRY_CREATE_LIMIT);
    if (limited) return c.json(limited, 429);
    // Attribution is a nice-to-have: a malformed one is dropped, never a reason to refuse a chat.
    const attribution = AttributionSchema.safeParse(
      (parsedBody.value as { attribution?: unknown } | undefined)?.attribution,
    );
    const { session, messages } = await createInquiry(
      c.var.deps.db,
      attribution.success ? attribution.data : undefined,
    );
    return c.json({ inquiryId: session.id, session, messages }, 201);
  });

  app.openapi(messagesRoute, async (c) => {
    const { db } = c.var.deps;
    const inquiry = await findInquiry(db, c.req.valid("param").id);
    if (!inquiry) return jsonError(c, 404, "No inquiry with this id. Start a new chat at /chat.");
    const messages = await listMessages(db, inquiry.id);
    const admin = c.req.header("authorization") ? await adminOf(c) : undefined;
    return c.json(
      { session: toSession(inquiry), messages, ...(admin ? { inquiry: toInquiryRecord(inquiry) } : {}) },
      200,
    );
  });

  app.openapi(postMessageRoute, async (c) => {
    const { db, env, mailer, log } = c.var.deps;
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    if (body.inquiry_id && body.inquiry_id !== id)
      return jsonError(c, 400, "inquiry_id in the body does not match the inquiry in the address");

    if (body.author_type === "admin") {
      const admin = await adminOf(c);
      if (!admin) return jsonError(c, 401, "Only the signed-in owner can post as admin: send a valid admin token");
      const inquiry = await findInquiry(db, id);
      if (!inquiry) return jsonError(c, 404, "No inquiry with this id");
      const result = await postAdminMessage(db, id, body.content, admin.name.split(/\s+/)[0] || site.owner.firstName);
      return c.json({ ...result, replies: [] }, 201);
    }

    const limited = await checkRateLimit(c, "inquiry-message", env.INQUIRY_MESSAGE_LIMIT);
    if (limited) return c.json(limited, 429);
    const inquiry = await findInquiry(db, id);
    if (!inquiry) return jsonError(c, 404, "No inquiry with this id. Start a new chat at /chat.");
    try {
      const result = await answerInquiry(db, id, { content: body.content, questionType: body.question_type });
      if (result.completed) {
        const { inquiry: done, contactId, leadScore } = result.completed;
        await sendLeadEmails(
          mailer,
          [
            ownerNotification(
              {
                kind: "chat inquiry",
                contactId,
                name: done.visitor_name ?? "",
                email: done.visitor_email ?? "",
                details: [
                  ...inquiryDetails(done),
                  ["Anything else", done.additional_info ?? ""],
                  ["Lead score", String(leadScore)],
                  ["Chat", `${env.SITE_URL}/chat/${done.id}`],
                ],
                message: done.description ?? undefined,
              },
              env.SITE_URL,
              env.OWNER_EMAIL,
            ),
            chatConfirmation(done, contactId, env.SITE_URL),
          ],
          (error) => log.error({ err: error, inquiryId: id }, "could not queue the e-mails of a completed chat"),
        );
      }
      const { message, replies, session } = result;
      return c.json({ message, replies, session }, 201);
    } catch (error) {
      if (error instanceof InquiryError) return jsonError(c, error.status, error.message);
      throw error;
    }
  });

  app.openapi(adminSettingsGet, async (c) => c.json({ settings: await readChatSettings(c.var.deps.db) }, 200));

  app.openapi(adminSettingsPut, async (c) => {
    const saved = await saveChatSettings(c.var.deps.db, c.req.valid("json").settings);
    if (!saved.ok) return c.json(validationErrorBody(saved.error), 400);
    // This process forgets its cached public answer now; the others when the NOTIFY reaches them.
    cache.clear(CHAT_SETTINGS_CACHE_KEY);
    const { db, log } = c.var.deps;
    await notifyChatSettingsChanged(db).catch((error: unknown) =>
      log.warn({ err: error }, "could not tell other processes the chat settings changed"),
    );
    return c.json({ success: true as const, settings: saved.settings }, 200);
  });

  app.openapi(adminInquiriesRoute, async (c) => {
    const { status, limit, offset } = c.req.valid("query");
    const { rows, total } = await listInquiries(c.var.deps.db, { status, limit, offset });
    return c.json({ inquiries: rows, total }, 200);
  });
}
