import { pageQueryFields } from "~/lib/admin/paging";
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
import { z } from "~/lib/zod";
import { endpoint } from "./endpoint";

/** An inquiry's id in the path: the random id that also opens the visitor's chat. */
export const InquiryIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .meta({ param: { name: "id", in: "path" }, example: "q3Lr8TzVb1Xw5Yk0NcPfHg" }),
});

/** The owner's list: a status filter, a search and the page. */
export const InquiryListQuerySchema = z.object({
  status: z
    .enum(INQUIRY_STATUSES, { error: "status must be 'active' or 'completed'; leave it out for all inquiries" })
    .optional()
    .meta({ example: "active" }),
  search: z
    .string({ error: "search must be one piece of text" })
    .trim()
    .max(INQUIRY_SEARCH_MAX_LENGTH, { error: `search is limited to ${INQUIRY_SEARCH_MAX_LENGTH} characters` })
    .optional()
    .meta({
      description:
        "Part of the visitor's name or e-mail, the project type (its value or label), the inquiry's ID or the ID of the project it became; case-insensitive",
      example: "Dana",
    }),
  ...pageQueryFields(),
});

/**
 * The guided inquiry chat (public-site spec 7, back-office spec 7). The visitor's calls need no
 * token: the inquiry's random id is what opens it. The owner calls the same chat endpoints with
 * the admin token, which adds the inquiry's fields and lets a message be the owner's.
 */
export const inquiriesEndpoints = {
  /** A new inquiry with its first question already asked; the body (the attribution) may be left out. */
  create: endpoint({
    method: "post",
    path: "/api/inquiries/create",
    access: "public",
    body: CreateInquiryBodySchema,
    optionalBody: true,
    answer: CreateInquiryResponseSchema,
    status: 201,
  }),
  /** The session and its messages, oldest first; with an admin token also `inquiry`, its fields. */
  messages: endpoint({
    method: "get",
    path: "/api/inquiries/{id}/messages",
    access: "public",
    params: InquiryIdParam,
    answer: InquiryChatSchema,
  }),
  /** The visitor's answer to the current question, or (with an admin token) the owner's message. */
  postMessage: endpoint({
    method: "post",
    path: "/api/inquiries/{id}/messages",
    access: "public",
    params: InquiryIdParam,
    body: PostInquiryMessageBodySchema,
    answer: PostInquiryMessageResponseSchema,
    status: 201,
  }),
  list: endpoint({
    method: "get",
    path: "/api/admin/inquiries",
    access: "admin",
    query: InquiryListQuerySchema,
    answer: InquiryListSchema,
  }),
  /** The live feed, a WebSocket (server/realtime/inquiry-sockets.ts): each frame is a new message. */
  socket: endpoint({
    method: "get",
    path: "/api/inquiries/{id}/websocket",
    access: "public",
    params: InquiryIdParam,
    answer: NewMessageEventSchema,
    status: 101,
  }),
};
