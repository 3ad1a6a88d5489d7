import { createRoute, z } from "@hono/zod-openapi";
import {
  EmailUsageSchema,
  OUTBOX_STATUSES,
  OutboxEmailAnswerSchema,
  OutboxPageSchema,
  OutboxSummarySchema,
  SendEmailResponseSchema,
  SendEmailSchema,
  SendHeldAnswerSchema,
  TestEmailAnswerSchema,
  TestEmailSchema,
} from "~/lib/admin/email";
import { adminErrors, ErrorSchema, IdParam, json, jsonBody, notFound } from "../../lib/openapi";

/** E-mail from the back office (back-office spec 2, 4, 9): compose, the daily usage and the outbox. */
const tags = ["Admin: e-mail"];
const security = [{ bearerAuth: [] }];

export const sendEmailRoute = createRoute({
  method: "post",
  path: "/api/admin/send-email",
  tags,
  security,
  summary:
    "Send an e-mail (priority: low may be skipped near the daily limit, normal to the primary contact, high to all)",
  request: jsonBody(SendEmailSchema),
  responses: {
    200: json(SendEmailResponseSchema, "Queued or sent"),
    429: json(ErrorSchema, "Skipped: the daily limit is near for this priority"),
    ...adminErrors,
    400: json(ErrorSchema, "Invalid input, or a contact_id or project_id that does not exist (nothing was queued)"),
  },
});

export const emailUsageRoute = createRoute({
  method: "get",
  path: "/api/admin/email-usage",
  tags,
  security,
  summary: "E-mails sent today against the daily limit",
  responses: { 200: json(EmailUsageSchema, "Usage"), ...adminErrors },
});

export const outboxRoute = createRoute({
  method: "get",
  path: "/api/admin/emails",
  tags,
  security,
  summary: "The outbox: every e-mail the site wrote, newest first, a page at a time (filters status, search)",
  request: {
    query: z.object({
      status: z.enum(OUTBOX_STATUSES).optional(),
      search: z.string().max(200).optional().openapi({
        example: "harborbakery",
        description: "Part of the recipient's address or the subject; any case",
      }),
      limit: z.coerce.number().int().min(1).max(200).optional().default(50),
      offset: z.coerce.number().int().min(0).optional().default(0),
    }),
  },
  responses: { 200: json(OutboxPageSchema, "A page of the outbox and how many match in all"), ...adminErrors },
});

export const retryEmailRoute = createRoute({
  method: "post",
  path: "/api/admin/emails/{id}/retry",
  tags,
  security,
  summary: "Send a held, failed or retrying e-mail now (one past its use is dropped instead)",
  request: { params: IdParam },
  responses: {
    200: json(OutboxEmailAnswerSchema, "The e-mail after the attempt"),
    ...adminErrors,
    400: json(ErrorSchema, "No mail server is configured (SMTP_URL)"),
    ...notFound,
  },
});

export const discardEmailRoute = createRoute({
  method: "post",
  path: "/api/admin/emails/{id}/discard",
  tags,
  security,
  summary: "Discard a held or failed e-mail: it will never be sent",
  request: { params: IdParam },
  responses: {
    200: json(OutboxEmailAnswerSchema, "The e-mail, discarded"),
    ...adminErrors,
    400: json(ErrorSchema, "The e-mail is neither held nor failed"),
    ...notFound,
  },
});

export const sendHeldRoute = createRoute({
  method: "post",
  path: "/api/admin/emails/send-held",
  tags,
  security,
  summary: "Send every held e-mail now (held mail is never sent by itself once SMTP is set up)",
  responses: {
    200: json(SendHeldAnswerSchema, "How many were handed to the mail server; they go out in the background"),
    ...adminErrors,
    400: json(ErrorSchema, "No mail server is configured (SMTP_URL)"),
  },
});

export const outboxSummaryRoute = createRoute({
  method: "get",
  path: "/api/admin/emails/summary",
  tags,
  security,
  summary: "Whether mail is set up, and how many e-mails are held, failed or being retried",
  responses: { 200: json(OutboxSummarySchema, "The counts"), ...adminErrors },
});

export const testEmailRoute = createRoute({
  method: "post",
  path: "/api/admin/emails/test",
  tags,
  security,
  summary: "Send a test e-mail at once and answer the mail server's reply, or what went wrong in plain words",
  request: jsonBody(TestEmailSchema),
  responses: {
    200: json(TestEmailAnswerSchema, "The mail server took it"),
    ...adminErrors,
    400: json(ErrorSchema, "Not a valid address, or no mail server is configured (SMTP_URL)"),
    502: json(ErrorSchema, "The mail server could not be reached or refused the message: `error` says why"),
  },
});
