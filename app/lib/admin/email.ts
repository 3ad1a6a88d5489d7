import { z } from "zod";

/** E-mail from the back office (back-office spec 2 "Email compose dialog", "Email usage card", 4, 9). */
export const EMAIL_PRIORITIES = ["low", "normal", "high"] as const;
export type EmailPriority = (typeof EMAIL_PRIORITIES)[number];

export const SendEmailSchema = z.object({
  to: z.string({ error: "Please fill in all fields" }).trim().min(1, { error: "Please fill in all fields" }).max(254),
  subject: z
    .string({ error: "Please fill in all fields" })
    .trim()
    .min(1, { error: "Please fill in all fields" })
    .max(300),
  content: z
    .string({ error: "Please fill in all fields" })
    .trim()
    .min(1, { error: "Please fill in all fields" })
    .max(50_000),
  priority: z.enum(EMAIL_PRIORITIES, { error: "Priority must be low, normal or high" }).default("normal"),
  contact_id: z.number().int().positive().nullable().optional(),
  project_id: z.string().max(40).nullable().optional(),
});
export type SendEmailInput = z.input<typeof SendEmailSchema>;

export interface SendEmailResponse {
  success: true;
  /** Addresses the message went to (all project contacts for high priority). */
  sent_to: string[];
  /** pending / sent / held: held means no SMTP is configured and it waits in the outbox. */
  status: string;
}

export interface EmailUsage {
  emails_sent: number;
  daily_limit: number;
  remaining: number;
  percentage_used: number;
}

/** Card colours and warnings (back-office spec 2 "Email usage card"). */
export function usageLevel(percentage: number): { tone: "green" | "yellow" | "red"; warning?: string } {
  if (percentage >= 90)
    return { tone: "red", warning: "Email limit almost reached! Only high-priority emails will be sent." };
  if (percentage >= 70) return { tone: "yellow", warning: "Email usage is high. Consider batching updates." };
  return { tone: "green" };
}

/** What may be sent at this usage: low is skipped from 70 %, normal from 90 %, high always goes. */
export function priorityAllowed(priority: EmailPriority, percentage: number): boolean {
  if (priority === "high") return true;
  if (priority === "normal") return percentage < 90;
  return percentage < 70;
}

export interface OutboxEmail {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text: string;
  status: "pending" | "sent" | "failed" | "held";
  attempts: number;
  last_error: string | null;
  contact_id: number | null;
  project_id: string | null;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string | null;
}
