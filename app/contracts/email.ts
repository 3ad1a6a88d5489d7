import { z } from "~/contracts/zod";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";

/** E-mail from the back office (docs/product/email.md "The compose dialog", "Priorities", "The usage card"). */
export const EMAIL_PRIORITIES = ["low", "normal", "high"] as const;

export type EmailPriority = (typeof EMAIL_PRIORITIES)[number];

export const SendEmailSchema = z
  .object({
    to: z
      .string({ error: "Please fill in all fields" })
      .trim()
      .min(1, { error: "Please fill in all fields" })
      .max(254, { error: "The address must be at most 254 characters" })
      // An address that cannot be delivered is refused here, as the compose dialog does, not queued.
      .pipe(z.email({ error: "Enter a valid email address, like name@example.com" })),
    subject: z
      .string({ error: "Please fill in all fields" })
      .trim()
      .min(1, { error: "Please fill in all fields" })
      .max(300, { error: "The subject must be at most 300 characters" }),
    content: z
      .string({ error: "Please fill in all fields" })
      .trim()
      .min(1, { error: "Please fill in all fields" })
      .max(50_000, { error: "The message must be at most 50000 characters" }),
    priority: z.enum(EMAIL_PRIORITIES, { error: "Priority must be low, normal or high" }).default("normal"),
    contact_id: z.number().int().positive().nullable().optional(),
    project_id: z.string().max(40).nullable().optional(),
  })
  .meta({
    example: {
      to: "marta@quinnpottery.example.com",
      subject: "Your website quote",
      content: "Hi Marta,\n\nHere is the quote for the online shop we talked about.\n\nTyler",
      priority: "normal",
      contact_id: 42,
      project_id: null,
    },
  });

export type SendEmailInput = z.input<typeof SendEmailSchema>;

/**
 * The outbox's states (`email_outbox.status`, docs/decisions/028-outbox.md):
 * - pending: not tried yet; sending: a process is handing it to SMTP now (a lease);
 * - retrying: a try failed, the next one is at next_attempt_at (for up to 72 hours);
 * - sent; failed: given up (72 hours of failures, or a permanent refusal), the owner can resend;
 * - held: no SMTP was configured when it was written, the owner sends or discards it;
 * - dropped: past its use (expires_at) before it could go out; discarded: by the owner.
 */
export const OUTBOX_STATUSES = [
  "pending",
  "sending",
  "retrying",
  "sent",
  "failed",
  "held",
  "dropped",
  "discarded",
] as const;

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const SendEmailResponseSchema = z
  .object({
    success: z.literal(true),
    sent_to: z
      .array(z.string())
      .meta({ description: "Addresses the message went to (all project contacts for high priority)" }),
    status: z
      .enum(OUTBOX_STATUSES)
      .meta({ description: "Held means no SMTP is configured and it waits in the outbox", example: "sent" }),
  })
  .meta({ id: "SentEmail", example: { success: true, sent_to: ["rita@harborbakery.example"], status: "sent" } });

export type SendEmailResponse = z.infer<typeof SendEmailResponseSchema>;

export const EmailUsageSchema = z
  .object({
    emails_sent: z.number().int(),
    daily_limit: z.number().int(),
    remaining: z.number().int(),
    percentage_used: z.number().meta({ description: "Of the daily limit, to one decimal" }),
    smtp_configured: z.boolean().meta({
      description: "False while no mail server is set (SMTP_URL): today's e-mails wait in the outbox, queued",
    }),
  })
  .meta({
    id: "EmailUsage",
    example: { emails_sent: 42, daily_limit: 100, remaining: 58, percentage_used: 42, smtp_configured: true },
  });

export type EmailUsage = z.infer<typeof EmailUsageSchema>;

/** What may be sent at this usage: low is skipped from 70 %, normal from 90 %, high always goes. */
export function priorityAllowed(priority: EmailPriority, percentage: number): boolean {
  if (priority === "high") return true;
  if (priority === "normal") return percentage < 90;
  return percentage < 70;
}

const dateTime = (example: string) => z.string().meta({ format: "date-time", example });

export const OutboxEmailSchema = z
  .object({
    id: z.number().int(),
    kind: z.string().meta({ description: "What the message is for: lead_notification, admin_compose, ..." }),
    to_address: z.string(),
    subject: z.string(),
    text: z.string(),
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    contact_id: z.number().int().nullable(),
    project_id: z.string().nullable(),
    created_at: dateTime("2025-03-14T15:09:26.000Z"),
    sent_at: dateTime("2025-03-14T15:09:27.000Z").nullable(),
    next_attempt_at: dateTime("2025-03-14T15:14:26.000Z").nullable().meta({
      description: "pending or retrying: when it is tried next; sending: when another process may take it over",
    }),
    expires_at: dateTime("2025-03-14T15:39:26.000Z")
      .nullable()
      .meta({ description: "After this it is dropped, not sent late (a sign-in link's 30 minutes)" }),
  })
  .meta({
    id: "OutboxEmail",
    example: {
      id: 314,
      kind: "admin_compose",
      to_address: "rita@harborbakery.example",
      subject: "Your website quote",
      text: "Hi Rita, here is the quote we talked about.",
      status: "sent",
      attempts: 1,
      last_error: null,
      contact_id: 42,
      project_id: null,
      created_at: "2025-03-14T15:09:26.000Z",
      sent_at: "2025-03-14T15:09:27.000Z",
      next_attempt_at: null,
      expires_at: null,
    },
  });

export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;

/** A page of the outbox, newest first, and how many match the filter in all. */
export const OutboxPageSchema = z.object({
  emails: z.array(OutboxEmailSchema),
  total: z.number().int().meta({ example: 120 }),
});

export const OutboxEmailAnswerSchema = z.object({ email: OutboxEmailSchema });

/** GET /api/admin/emails/summary: what the admin's mail banner and the dashboard count. */
export const OutboxSummarySchema = z
  .object({
    smtp_configured: z.boolean().meta({ description: "False while SMTP_URL is not set: every e-mail is held" }),
    held: z.number().int().meta({ description: "Written while no mail server was set; sent only when the owner says" }),
    failed: z
      .number()
      .int()
      .meta({ description: "Given up after 72 hours of tries (or refused for good): resend or discard" }),
    retrying: z.number().int().meta({ description: "A try failed; tried again with back-off" }),
  })
  .meta({ id: "OutboxSummary", example: { smtp_configured: true, held: 0, failed: 1, retrying: 2 } });

export type OutboxSummary = z.infer<typeof OutboxSummarySchema>;

/** POST /api/admin/emails/send-held: how many held e-mails were handed to the mail server. */
export const SendHeldAnswerSchema = z
  .object({ success: z.literal(true), queued: z.number().int() })
  .meta({ id: "SendHeldAnswer", example: { success: true, queued: 12 } });

/** POST /api/admin/emails/test: a test e-mail, sent at once, not through the outbox. */
export const TestEmailSchema = z
  .object({
    to: z.email({ error: "Enter the address to send the test to, like you@example.com" }).max(254),
  })
  .meta({ id: "TestEmail", example: { to: "tyler@websitesbytyler.com" } });

export const TestEmailAnswerSchema = z
  .object({
    success: z.literal(true),
    response: z
      .string()
      .meta({ description: "What the mail server answered", example: "250 2.0.0 Ok: queued as 4BX2" }),
  })
  .meta({ id: "TestEmailAnswer", example: { success: true, response: "250 2.0.0 Ok: queued as 4BX2" } });

/**
 * E-mail from the back office (docs/product/email.md "The compose dialog", "The usage card",
 * "The outbox", "The calls"): compose, the daily usage and the outbox.
 */
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
