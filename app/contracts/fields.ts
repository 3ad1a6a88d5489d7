import { z } from "~/contracts/zod";
import { LIMITS } from "~/contracts/form-options";

/**
 * Field rules shared by every public form, on the page and on the server
 * (one schema per form, no rule written twice).
 */
/** A required text: trimmed, not empty, capped. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** An optional text: trimmed, capped, empty when missing. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .default("");

/** An optional text of the owner's forms: trimmed, capped, null when empty or missing. */
export const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Keep this to at most ${max} characters` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const PHONE_PATTERN = /^[0-9+().\-\s]{7,}$/;

const PHONE_ERROR = "Enter a phone number, like (401) 555-0100";

/** A phone number: digits with the usual separators, at least 7 characters. */
export const phoneField = (label: string) =>
  requiredText(label, LIMITS.phone).regex(PHONE_PATTERN, { error: PHONE_ERROR });

/** A phone number that may be left empty (empty when missing). */
export const optionalPhoneField = (label: string) =>
  optionalText(label, LIMITS.phone).refine((value) => value === "" || PHONE_PATTERN.test(value), {
    error: PHONE_ERROR,
  });

export const emailField = (label = "Email") =>
  requiredText(label, LIMITS.email).pipe(z.email({ error: "Enter a valid email address, like name@example.com" }));

/** One of the options, or empty (docs/product/lead-paths.md "Fields": "or empty"). */
export const optionOrEmpty = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z
    .union([z.enum(values), z.literal("")], { error: `${label} must be one of: ${values.join(", ")}` })
    .optional()
    .default("");

/** Where the visit came from (first page of the visit, referrer, UTM tags), sent with every lead. */
export const AttributionSchema = z
  .object({
    landing_page: z.string().max(500).optional(),
    referrer: z.string().max(500).optional(),
    utm_source: z.string().max(200).optional(),
    utm_medium: z.string().max(200).optional(),
    utm_campaign: z.string().max(200).optional(),
    utm_term: z.string().max(200).optional(),
    utm_content: z.string().max(200).optional(),
    analytics_consent: z.boolean().optional().meta({
      description:
        "Whether the visitor had accepted analytics when sending: only then was the visit counted, and only then does the lead enter the funnel's rates",
    }),
  })
  .partial()
  .meta({
    id: "LeadAttribution",
    example: { landing_page: "/?utm_source=google", referrer: "https://www.google.com/", utm_source: "google" },
  });

export type Attribution = z.infer<typeof AttributionSchema>;
