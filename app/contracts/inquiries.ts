import { z } from "~/contracts/zod";
import { AttributionSchema } from "~/contracts/fields";
import { pageAnswerFields, pageQueryFields } from "~/contracts/paging";
import { MAX_CHAT_MESSAGE_LENGTH, QUESTION_TYPES } from "~/contracts/inquiry-terms";
import { endpoint } from "./endpoint";

export const INQUIRY_STATUSES = ["active", "completed"] as const;

export const InquiryStatusSchema = z.enum(INQUIRY_STATUSES);

export type InquiryStatus = z.infer<typeof InquiryStatusSchema>;

const EXAMPLE_ID = "q3Lr8TzVb1Xw5Yk0NcPfHg";

const dateTime = (example: string) => z.string().meta({ format: "date-time", example });

const sessionFields = {
  id: z.string().meta({ description: "128 random bits, base64url: also the key to the chat", example: EXAMPLE_ID }),
  status: InquiryStatusSchema,
  completion_percentage: z.number().int().min(0).max(100).meta({ example: 43 }),
  created_at: dateTime("2026-11-20T15:04:05.000Z"),
  completed_at: dateTime("2026-11-20T15:09:41.000Z").nullable(),
  project_id: z.string().nullable().meta({
    description: "The project a completed inquiry became, to follow in the client portal",
    example: "WBT-2026-7KQ4MZ",
  }),
};

export const InquirySessionSchema = z.object(sessionFields).meta({
  id: "InquirySession",
  example: {
    id: EXAMPLE_ID,
    status: "active",
    completion_percentage: 43,
    created_at: "2026-11-20T15:04:05.000Z",
    completed_at: null,
    project_id: null,
  },
});

export type InquirySession = z.infer<typeof InquirySessionSchema>;

export const InquiryMessageSchema = z
  .object({
    id: z.number().int().meta({ example: 1042 }),
    inquiry_id: z.string().meta({ example: EXAMPLE_ID }),
    author_type: z.enum(["admin", "visitor"]),
    /**
     * Who wrote it as stored: the sending account's first name for admin messages, the visitor's
     * name for answers. The pages label by author_type ('You', the owner's first name).
     */
    sender: z.string().meta({ example: "Tyler" }),
    content: z.string().meta({ example: "What type of website are you looking for?" }),
    message_type: z.enum(["question", "answer", "message"]),
    question_type: z.enum(QUESTION_TYPES).nullable(),
    /** Choices offered with a question; a message sent without the list has none. */
    options: z
      .array(z.string())
      .default([])
      .meta({ description: "The choices offered with a question", example: ["Personal site", "Portfolio"] }),
    created_at: dateTime("2026-11-20T15:05:12.000Z"),
  })
  .meta({
    id: "InquiryMessage",
    example: {
      id: 1042,
      inquiry_id: EXAMPLE_ID,
      author_type: "admin",
      sender: "Tyler",
      content: "What type of website are you looking for?",
      message_type: "question",
      question_type: "project_type",
      options: ["Personal site", "Portfolio", "Small business"],
      created_at: "2026-11-20T15:05:12.000Z",
    },
  });

export type InquiryMessage = z.infer<typeof InquiryMessageSchema>;

const text = (example: string) => z.string().nullable().meta({ example });

/** The inquiry's fields for the owner (docs/product/inquiries.md "Inquiry"): one item of the admin list too. */
export const InquiryRecordSchema = z
  .object({
    ...sessionFields,
    visitor_name: text("Dana Whitfield"),
    visitor_email: text("dana@example.com"),
    project_type: text("business"),
    budget: text("500-plus"),
    timeline: text("1-2weeks"),
    description: text("A site for our charter fishing boat out of Galilee."),
    additional_info: text("We also need a photo gallery."),
    contact_id: z.number().int().nullable().meta({ example: 17 }),
    updated_at: dateTime("2026-11-20T15:09:41.000Z"),
  })
  .meta({
    id: "InquiryRecord",
    example: {
      id: EXAMPLE_ID,
      status: "completed",
      completion_percentage: 100,
      created_at: "2026-11-20T15:04:05.000Z",
      completed_at: "2026-11-20T15:09:41.000Z",
      project_id: "WBT-2026-7KQ4MZ",
      visitor_name: "Dana Whitfield",
      visitor_email: "dana@example.com",
      project_type: "business",
      budget: "500-plus",
      timeline: "1-2weeks",
      description: "A site for our charter fishing boat out of Galilee.",
      additional_info: "We also need a photo gallery.",
      contact_id: 17,
      updated_at: "2026-11-20T15:09:41.000Z",
    },
  });

export type InquiryRecord = z.infer<typeof InquiryRecordSchema>;

/** Longest search text of GET /api/admin/inquiries, in characters. */
export const INQUIRY_SEARCH_MAX_LENGTH = 200;

/** GET /api/admin/inquiries */
export const InquiryListSchema = z.object({
  inquiries: z.array(InquiryRecordSchema),
  ...pageAnswerFields,
  total: z.number().int().meta({ description: "All inquiries matching the filter", example: 1 }),
});

export type InquiryList = z.infer<typeof InquiryListSchema>;

/** POST /api/inquiries/create body: optional; a malformed attribution is dropped, never refused. */
export const CreateInquiryBodySchema = z
  .object({
    attribution: z.preprocess(
      (value) => (AttributionSchema.safeParse(value).success ? value : undefined),
      AttributionSchema.optional(),
    ),
  })
  .meta({ example: { attribution: { landing_page: "/newport-web-design?utm_source=google", utm_source: "google" } } });

/** POST /api/inquiries/create */
export const CreateInquiryResponseSchema = z.object({
  inquiryId: z.string().meta({ example: EXAMPLE_ID }),
  session: InquirySessionSchema,
  messages: z.array(InquiryMessageSchema),
});

export type CreateInquiryResponse = z.infer<typeof CreateInquiryResponseSchema>;

/** GET /api/inquiries/{id}/messages */
export const InquiryMessagesResponseSchema = z.object({
  session: InquirySessionSchema,
  messages: z.array(InquiryMessageSchema),
});

export type InquiryMessagesResponse = z.infer<typeof InquiryMessagesResponseSchema>;

/** GET /api/inquiries/{id}/messages as the owner reads it: with a valid admin token, also the inquiry's fields. */
export const InquiryChatSchema = InquiryMessagesResponseSchema.extend({ inquiry: InquiryRecordSchema.optional() });

/** The same answer where the back office needs the fields (it always sends its token). */
export const AdminInquiryChatSchema = InquiryMessagesResponseSchema.extend({ inquiry: InquiryRecordSchema });

export type AdminInquiryChat = z.infer<typeof AdminInquiryChatSchema>;

/** POST /api/inquiries/{id}/messages body (docs/product/chat.md "The calls"). */
export const PostInquiryMessageBodySchema = z
  .object({
    inquiry_id: z.string().optional().meta({ example: EXAMPLE_ID }),
    author_type: z.enum(["visitor", "admin"], { error: "author_type must be 'visitor' or 'admin'" }),
    content: z
      .string({ error: "content is required" })
      .trim()
      .min(1, { error: "Write an answer before sending" })
      .max(MAX_CHAT_MESSAGE_LENGTH, { error: `A message must be at most ${MAX_CHAT_MESSAGE_LENGTH} characters` })
      .meta({ example: "Small business" }),
    message_type: z.enum(["answer", "message"]).optional(),
    question_type: z.enum(QUESTION_TYPES).nullable().optional(),
  })
  .meta({
    example: {
      inquiry_id: EXAMPLE_ID,
      author_type: "visitor",
      content: "Small business",
      message_type: "answer",
      question_type: "project_type",
    },
  });

export type PostInquiryMessageBody = z.input<typeof PostInquiryMessageBodySchema>;

/** POST /api/inquiries/{id}/messages answer: the stored message, what the server asked next, the session. */
export const PostInquiryMessageResponseSchema = z.object({
  message: InquiryMessageSchema,
  replies: z.array(InquiryMessageSchema),
  session: InquirySessionSchema,
});

export type PostInquiryMessageResponse = z.infer<typeof PostInquiryMessageResponseSchema>;

/** Pushed over /api/inquiries/{id}/websocket. */
export const NewMessageEventSchema = z
  .object({ type: z.literal("new_message"), message: InquiryMessageSchema })
  .meta({ id: "NewMessageEvent" });

export type NewMessageEvent = z.infer<typeof NewMessageEventSchema>;

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
    .max(INQUIRY_SEARCH_MAX_LENGTH, { error: `search must be at most ${INQUIRY_SEARCH_MAX_LENGTH} characters` })
    .optional()
    .meta({
      description:
        "Part of the visitor's name or e-mail, the project type (its value or label), the inquiry's ID or the ID of the project it became; case-insensitive",
      example: "Dana",
    }),
  ...pageQueryFields(),
});

/**
 * The guided inquiry chat (docs/product/chat.md "The calls", docs/product/inquiries.md
 * "The calls"). The visitor's calls need no token: the inquiry's random id is what opens it. The
 * owner calls the same chat endpoints with the admin token, which adds the inquiry's fields and
 * lets a message be the owner's.
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
