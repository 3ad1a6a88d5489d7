import { z } from "@hono/zod-openapi";
import { inquiriesEndpoints as endpoints } from "~/contracts/inquiries";
import { InquiryChatSchema } from "~/contracts/inquiries";
import { adminErrors, ErrorSchema, errorResponses, json, UPGRADE_REQUIRED } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/**
 * The guided inquiry chat (docs/product/chat.md "The calls", docs/product/inquiries.md
 * "The calls"). Its live feed, /api/inquiries/{id}/websocket, is served by server/realtime.
 */

/** A public write turned away by its per-address limit: the public forms' `{ success: false, error }`. */
const RateLimitedSchema = ErrorSchema.extend({ success: z.literal(false) });
// Typed as a record: a `{ 429: ... }` literal spread into routeOf's responses would key it "429".
const rateLimited = (description: string): Record<429, ReturnType<typeof json<typeof RateLimitedSchema>>> => ({
  429: json(RateLimitedSchema, `${description}; see Retry-After`),
});

/** An admin reading a chat also gets the inquiry's fields (`inquiry`, only with a valid admin token). */
export { InquiryChatSchema };

export const createInquiry = routeOf(endpoints.create, {
  tags: ["Chat"],
  summary: "Start a guided inquiry; the first question is already asked",
  description:
    "The body is optional: no body, or a JSON object. `attribution` records where the visit came from; a malformed one is dropped, never refused.",
  answer: "Created",
  responses: {
    ...errorResponses([400], { 400: "The body is not empty and not a JSON object" }),
    ...rateLimited("Too many chats started from this address"),
  },
});

export const getInquiryMessages = routeOf(endpoints.messages, {
  tags: ["Chat"],
  summary: "The inquiry's session and messages, oldest first (with an admin token, also the inquiry's fields)",
  answer: "The chat",
  responses: errorResponses([400, 404], { 404: "No inquiry with this id" }),
});

export const postInquiryMessage = routeOf(endpoints.postMessage, {
  tags: ["Chat"],
  summary: "A visitor's answer to the current question, or (with an admin token) a message from the owner",
  answer: "Stored; replies holds what was asked next",
  responses: {
    ...errorResponses([400, 401, 404, 409, 415], {
      400: "Invalid message",
      401: "author_type admin without a valid admin token",
      404: "No inquiry with this id",
      409: "The inquiry is complete, or the question was already answered",
    }),
    ...rateLimited("Too many messages from this address"),
  },
});

export const listInquiries = routeOf(endpoints.list, {
  tags: ["Admin: chat"],
  summary: "Inquiries, newest first (status filter; search by name, e-mail, project type or ID)",
  answer: "The list",
  responses: adminErrors,
});

/**
 * The live feed in the document: the upgrade is answered by server/realtime/inquiry-sockets.ts,
 * and a plain GET here by this route's 426.
 */
export const inquirySocket = routeOf(endpoints.socket, {
  tags: ["Chat"],
  summary: "Live feed of the inquiry's new messages (WebSocket)",
  description:
    "Open it with a WebSocket client (wss:// on an https site); the inquiry's id is what opens it. Each new message of the inquiry, the visitor's, the assistant's or the owner's, arrives as one JSON text frame. Refusals come before the upgrade, as HTTP answers with { error }. A request without Upgrade: websocket answers 426.",
  answer: "Switching Protocols: the socket is open; each frame is one of these",
  responses: errorResponses([400, 403, 404, 426, 429, 503], {
    400: "The address does not name an inquiry",
    403: "A page of another site",
    404: "No inquiry with this id",
    426: UPGRADE_REQUIRED,
    429: "Too many connections to this chat or from this address",
    503: "Too many open connections on the server right now; try again shortly",
  }),
});
