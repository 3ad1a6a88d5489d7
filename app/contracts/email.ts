import { z } from "~/lib/zod";
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
import { endpoint } from "./endpoint";
import { IdParam } from "./params";

/** E-mail from the back office (back-office spec 2, 4, 9): compose, the daily usage and the outbox. */
export const emailEndpoints = {
  /** Priority low may be skipped near the daily limit (429); normal goes to the primary contact, high to all. */
  send: endpoint({
    method: "post",
    path: "/api/admin/send-email",
    access: "admin",
    body: SendEmailSchema,
    answer: SendEmailResponseSchema,
  }),
  /** The e-mails sent today against the daily limit. */
  usage: endpoint({
    method: "get",
    path: "/api/admin/email-usage",
    access: "admin",
    answer: EmailUsageSchema,
  }),
  /** The outbox: every e-mail the site wrote, newest first, a page at a time. */
  outbox: endpoint({
    method: "get",
    path: "/api/admin/emails",
    access: "admin",
    query: z.object({
      status: z.enum(OUTBOX_STATUSES).optional(),
      search: z.string().max(200).optional().meta({
        example: "harborbakery",
        description: "Part of the recipient's address or the subject; any case",
      }),
      limit: z.coerce.number().int().min(1).max(200).optional().default(50),
      offset: z.coerce.number().int().min(0).optional().default(0),
    }),
    answer: OutboxPageSchema,
  }),
  /** Sends a held, failed or retrying e-mail now (one past its use is dropped instead). */
  retry: endpoint({
    method: "post",
    path: "/api/admin/emails/{id}/retry",
    access: "admin",
    params: IdParam,
    answer: OutboxEmailAnswerSchema,
  }),
  /** A held or failed e-mail will never be sent. */
  discard: endpoint({
    method: "post",
    path: "/api/admin/emails/{id}/discard",
    access: "admin",
    params: IdParam,
    answer: OutboxEmailAnswerSchema,
  }),
  /** Hands every held e-mail to the mail server; they go out in the background. */
  sendHeld: endpoint({
    method: "post",
    path: "/api/admin/emails/send-held",
    access: "admin",
    answer: SendHeldAnswerSchema,
  }),
  /** Whether mail is set up, and how many e-mails are held, failed or being retried. */
  summary: endpoint({
    method: "get",
    path: "/api/admin/emails/summary",
    access: "admin",
    answer: OutboxSummarySchema,
  }),
  /** A test e-mail sent at once (not through the outbox): the mail server's reply. */
  test: endpoint({
    method: "post",
    path: "/api/admin/emails/test",
    access: "admin",
    body: TestEmailSchema,
    answer: TestEmailAnswerSchema,
  }),
};
