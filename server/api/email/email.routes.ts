import { createRoute, z } from "@hono/zod-openapi";
import {
  EmailUsageSchema,
  OUTBOX_STATUSES,
  OutboxEmailAnswerSchema,
  OutboxPageSchema,
  SendEmailResponseSchema,
  SendEmailSchema,
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
  summary: "The outbox: every e-mail the site wrote, newest first",
  request: {
    query: z.object({
      status: z.enum(OUTBOX_STATUSES).optional(),
      limit: z.coerce.number().int().min(1).max(200).optional().default(50),
      offset: z.coerce.number().int().min(0).optional().default(0),
    }),
  },
  responses: { 200: json(OutboxPageSchema, "The outbox"), ...adminErrors },
});

export const retryEmailRoute = createRoute({
  method: "post",
  path: "/api/admin/emails/{id}/retry",
  tags,
  security,
  summary: "Send a held or failed e-mail now",
  request: { params: IdParam },
  responses: { 200: json(OutboxEmailAnswerSchema, "The e-mail after the attempt"), ...adminErrors, ...notFound },
});
