import { z } from "~/contracts/zod";
import { endpoint } from "./endpoint";
import { QuoteIdParam } from "./quotes";

/**
 * Quote follow-ups (docs/product/billing.md "Follow-ups"; decision 060): a nudge to a client who has
 * not opened a sent quote, and a reminder to one who opened it and has not decided as it nears its
 * valid-until day. Each goes once, at 9:00 in the business's time zone on its day, and stops the
 * moment the quote is decided, revised, expired or the owner turns it off. The two rules and their
 * days are billing settings (app/contracts/billing.ts); this contract is a quote's own: what was
 * sent, what comes next (or why nothing does), and the owner's switch for the quote.
 */

export const FOLLOW_UP_KINDS = ["not_opened", "expiring"] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

export const FOLLOW_UP_LABELS: Record<FollowUpKind, string> = {
  not_opened: "Not-opened nudge",
  expiring: "Expiring reminder",
};

/** The hour of the business's day (site.timeZone) a follow-up goes out at: during business hours, never at 3 AM. */
export const FOLLOW_UP_HOUR = 9;

/** The settings' defaults and bounds (docs/product/billing.md "Follow-ups"). */
export const FOLLOW_UP_DEFAULT_DAYS = { not_opened: 3, expiring: 3 } as const;
export const FOLLOW_UP_MIN_DAYS = 1;
export const FOLLOW_UP_MAX_DAYS = 30;

/**
 * Why nothing is scheduled next: the quote is a draft (nothing until it is sent), decided, expired,
 * revised (a revision replaces it or is being written), the owner turned it off, the rule that would
 * apply is off, its time would come after the quote expires (or passed before the client opened
 * it), the nudge was sent and the expiring reminder waits for the client to open the quote, every
 * follow-up that applies was sent, or the project is gone.
 */
export const FOLLOW_UP_STOPS = [
  "draft",
  "accepted",
  "declined",
  "expired",
  "revised",
  "opted_out",
  "rule_off",
  "too_late",
  "waiting_for_open",
  "done",
  "no_project",
] as const;
export type FollowUpStop = (typeof FOLLOW_UP_STOPS)[number];

const SentFollowUpSchema = z
  .object({
    kind: z.enum(FOLLOW_UP_KINDS).meta({ example: "not_opened" }),
    sent_at: z.string().meta({ format: "date-time", example: "2026-12-10T14:00:00.000Z" }),
    to_name: z.string().meta({ example: "Maria Santos" }),
    to_email: z.string().meta({ example: "maria@harborbakery.com" }),
    subject: z.string().meta({ example: "Did my quote Q-2026-0012 reach you? - Websites by Tyler" }),
    email_id: z.number().int().nullable().meta({ example: 418, description: "The message in the outbox" }),
  })
  .meta({ id: "SentFollowUp" });

export type SentFollowUp = z.infer<typeof SentFollowUpSchema>;

const NextFollowUpSchema = z
  .object({
    kind: z.enum(FOLLOW_UP_KINDS).meta({ example: "expiring" }),
    due_at: z.string().meta({
      format: "date-time",
      example: "2026-12-28T14:00:00.000Z",
      description: "When it goes (the next run of the job after it): 9:00 in the business's time zone",
    }),
    to_name: z.string().nullable().meta({ example: "Maria Santos" }),
    to_email: z
      .string()
      .nullable()
      .meta({ example: "maria@harborbakery.com", description: "Null: the primary contact has no address yet" }),
    condition: z.string().meta({
      example: "if the client has not accepted or declined it by then",
      description: "What must still hold for it to go",
    }),
  })
  .meta({ id: "NextFollowUp" });

const FOLLOW_UPS_EXAMPLE = {
  quote_id: 12,
  number: "Q-2026-0012",
  enabled: true,
  sent: [
    {
      kind: "not_opened",
      sent_at: "2026-12-04T14:00:00.000Z",
      to_name: "Maria Santos",
      to_email: "maria@harborbakery.com",
      subject: "Did my quote Q-2026-0012 reach you? - Websites by Tyler",
      email_id: 418,
    },
  ],
  next: {
    kind: "expiring",
    due_at: "2026-12-28T14:00:00.000Z",
    to_name: "Maria Santos",
    to_email: "maria@harborbakery.com",
    condition: "if the client has not accepted or declined it by then",
  },
  stopped: null,
  note: null,
  time_zone: "America/New_York",
} as const;

export const QuoteFollowUpsSchema = z
  .object({
    quote_id: z.number().int().meta({ example: 12 }),
    number: z.string().meta({ example: "Q-2026-0012" }),
    enabled: z.boolean().meta({
      description: "The owner's switch for this quote (all its revisions): false when turned off",
    }),
    sent: z.array(SentFollowUpSchema).meta({ description: "The follow-ups sent, oldest first" }),
    next: NextFollowUpSchema.nullable().meta({ description: "The follow-up scheduled next, or null" }),
    stopped: z
      .enum(FOLLOW_UP_STOPS)
      .nullable()
      .meta({ description: "Why nothing is scheduled (null when next is set)" }),
    note: z.string().nullable().meta({
      example: null,
      description: "The reason in words for the owner, or what the next one waits for",
    }),
    time_zone: z.string().meta({ example: "America/New_York", description: "The zone the times are shown in" }),
  })
  .meta({ id: "QuoteFollowUps", example: FOLLOW_UPS_EXAMPLE });

export type QuoteFollowUps = z.infer<typeof QuoteFollowUpsSchema>;

export const QuoteFollowUpsAnswerSchema = z
  .object({ follow_ups: QuoteFollowUpsSchema })
  .meta({ id: "QuoteFollowUpsAnswer", example: { follow_ups: FOLLOW_UPS_EXAMPLE } });

export const QuoteFollowUpsChangeSchema = z
  .object({
    enabled: z
      .boolean({ error: "enabled must be true (follow-ups on) or false (off)" })
      .meta({ example: false, description: "Turn this quote's follow-ups on or off (all its revisions)" }),
  })
  .meta({ id: "QuoteFollowUpsChange", example: { enabled: false } });

export const quoteFollowUpsEndpoints = {
  get: endpoint({
    method: "get",
    path: "/api/admin/quotes/{quoteId}/follow-ups",
    access: "admin",
    params: QuoteIdParam,
    answer: QuoteFollowUpsAnswerSchema,
  }),
  set: endpoint({
    method: "put",
    path: "/api/admin/quotes/{quoteId}/follow-ups",
    access: "admin",
    params: QuoteIdParam,
    body: QuoteFollowUpsChangeSchema,
    answer: QuoteFollowUpsAnswerSchema,
  }),
};
