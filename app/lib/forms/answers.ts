import { z } from "~/lib/zod";

/**
 * What the public forms' API answers (public-site spec 5, 7), shared by the
 * server's contract (server/api/leads/leads.routes.ts) and the pages that read
 * the answers (app/components/site/forms/form-request.ts).
 */

/** `{ success: true }`: the message or claim was stored. */
export const FormSentSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: "FormSent", example: { success: true } });
export type FormSent = z.infer<typeof FormSentSchema>;

/** Every refusal of a public form: `error` says what to do next, `fields` names each field at fault. */
export const PublicFormErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({
    id: "PublicFormError",
    example: {
      success: false,
      error: "Please check the form. email: Enter a valid email address, like name@example.com",
      fields: { email: "Enter a valid email address, like name@example.com" },
    },
  });
export type PublicFormError = z.infer<typeof PublicFormErrorSchema>;

/**
 * What a page reads from any failed answer: a public form's refusal, or another API error
 * that has no `success` flag (a body too large, a fault on the server's side).
 */
export const FailedAnswerSchema = PublicFormErrorSchema.omit({ success: true }).partial();
