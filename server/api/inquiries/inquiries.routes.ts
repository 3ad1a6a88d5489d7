import { createRoute, z } from "@hono/zod-openapi";
import {
  CreateInquiryBodySchema,
  CreateInquiryResponseSchema,
  INQUIRY_SEARCH_MAX_LENGTH,
  INQUIRY_STATUSES,
  InquiryChatSchema,
  InquiryListSchema,
  NewMessageEventSchema,
  PostInquiryMessageBodySchema,
  PostInquiryMessageResponseSchema,
} from "~/lib/chat/types";
import { pageQueryFields } from "~/lib/admin/paging";
import { adminErrors, ErrorSchema, errorResponses, json, jsonBody, UPGRADE_REQUIRED } from "../../lib/openapi";

/**
 * The guided inquiry chat (public-site spec 7, back-office spec 7). Its live
 * feed, /api/inquiries/{id}/websocket, is served by server/realtime.
 */
export const InquiryIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" }, example: "q3Lr8TzVb1Xw5Yk0NcPfHg" }),
});

/** A public write turned away by its per-address limit: the public forms' `{ success: false, error }`. */
const RateLimitedSchema = ErrorSchema.extend({ success: z.literal(false) });
const rateLimited = (description: string) => ({ 429: json(RateLimitedSchema, `${description}; see Retry-After`) });

/** An admin reading a chat also gets the inquiry's fields (`inquiry`, only with a valid admin token). */
export { InquiryChatSchema };

export const createInquiry = createRoute({
  method: "post",
  path: "/api/inquiries/create",
  tags: ["Chat"],
  summary: "Start a guided inquiry; the first question is already asked",
  description:
    "The body is optional: no body, or a JSON object. `attribution` records where the visit came from; a malformed one is dropped, never refused.",
  request: {
    body: {
      content: { "application/json": { schema: CreateInquiryBodySchema } },
      required: false,
    },
  },
  responses: {
    201: json(CreateInquiryResponseSchema, "Created"),
    ...errorResponses([400], { 400: "The body is not empty and not a JSON object" }),
    ...rateLimited("Too many chats started from this address"),
  },
});

export const getInquiryMessages = createRoute({
  method: "get",
  path: "/api/inquiries/{id}/messages",
  tags: ["Chat"],
  summary: "The inquiry's session and messages, oldest first (with an admin token, also the inquiry's fields)",
  request: { params: InquiryIdParam },
  responses: {
    200: json(InquiryChatSchema, "The chat"),
    ...errorResponses([400, 404], { 404: "No inquiry with this id" }),
  },
});

export const postInquiryMessage = createRoute({
  method: "post",
  path: "/api/inquiries/{id}/messages",
  tags: ["Chat"],
  summary: "A visitor's answer to the current question, or (with an admin token) a message from the owner",
  request: { params: InquiryIdParam, ...jsonBody(PostInquiryMessageBodySchema) },
  responses: {
    201: json(PostInquiryMessageResponseSchema, "Stored; replies holds what was asked next"),
    ...errorResponses([400, 401, 404, 409, 415], {
      400: "Invalid message",
      401: "author_type admin without a valid admin token",
      404: "No inquiry with this id",
      409: "The inquiry is complete, or the question was already answered",
    }),
    ...rateLimited("Too many messages from this address"),
  },
});

export const listInquiries = createRoute({
  method: "get",
  path: "/api/admin/inquiries",
  tags: ["Admin: chat"],
  summary: "Inquiries, newest first (status filter; search by name, e-mail, project type or ID)",
  security: [{ bearerAuth: [] }],
  request: {
    query: z.object({
      status: z
        .enum(INQUIRY_STATUSES, { error: "status must be 'active' or 'completed'; leave it out for all inquiries" })
        .optional()
        .openapi({ example: "active" }),
      search: z
        .string({ error: "search must be one piece of text" })
        .trim()
        .max(INQUIRY_SEARCH_MAX_LENGTH, { error: `search is limited to ${INQUIRY_SEARCH_MAX_LENGTH} characters` })
        .optional()
        .openapi({
          description:
            "Part of the visitor's name or e-mail, the project type (its value or label), the inquiry's ID or the ID of the project it became; case-insensitive",
          example: "Dana",
        }),
      ...pageQueryFields(),
    }),
  },
  responses: {
    200: json(InquiryListSchema, "The list"),
    ...adminErrors,
  },
});

/**
 * The live feed in the document: the upgrade is answered by server/realtime/inquiry-sockets.ts,
 * and a plain GET here by this route's 426.
 */
export const inquirySocket = createRoute({
  method: "get",
  path: "/api/inquiries/{id}/websocket",
  tags: ["Chat"],
  summary: "Live feed of the inquiry's new messages (WebSocket)",
  description:
    "Open it with a WebSocket client (wss:// on an https site); the inquiry's id is what opens it. Each new message of the inquiry, the visitor's, the assistant's or the owner's, arrives as one JSON text frame. Refusals come before the upgrade, as HTTP answers with { error }. A request without Upgrade: websocket answers 426.",
  request: { params: InquiryIdParam },
  responses: {
    101: json(NewMessageEventSchema, "Switching Protocols: the socket is open; each frame is one of these"),
    ...errorResponses([400, 403, 404, 426, 429, 503], {
      400: "The address does not name an inquiry",
      403: "A page of another site",
      404: "No inquiry with this id",
      426: UPGRADE_REQUIRED,
      429: "Too many connections to this chat or from this address",
      503: "Too many open connections on the server right now; try again shortly",
    }),
  },
});
