import { z } from "~/contracts/zod";
import { BUDGETS, READINESS, SITE_TYPES, TIMELINES, CONTACT_FORM_TYPE, CONTACT_SOURCE } from "~/contracts/form-options";
import { HONEYPOT_FIELD, LIMITS } from "~/contracts/form-options";
import {
  AttributionSchema,
  emailField,
  optionOrEmpty,
  optionalPhoneField,
  optionalText,
  requiredText,
  phoneField,
} from "~/contracts/fields";
import { endpoint } from "./endpoint";
import { CONTACT_PATH } from "./public-paths";

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as unknown as readonly [T[number]["value"], ...T[number]["value"][]];

export const ProjectInquirySchema = z
  .object({
    name: requiredText("Name", LIMITS.name),
    email: emailField(),
    phone: optionalPhoneField("Phone"),
    company: optionalText("Business name", LIMITS.shortText),
    siteType: optionOrEmpty("Site type", values(SITE_TYPES)),
    budget: optionOrEmpty("Budget", values(BUDGETS)),
    timeline: optionOrEmpty("Timeline", values(TIMELINES)),
    description: requiredText("Project description", LIMITS.message),
    readiness: z.enum(values(READINESS), { error: "Readiness must be curious or ready" }).optional().default("curious"),
    [HONEYPOT_FIELD]: optionalText("Extra info", LIMITS.shortText),
    attribution: AttributionSchema.optional(),
  })
  .meta({
    id: "ProjectInquiry",
    example: {
      name: "Maria Santos",
      email: "maria@example.com",
      phone: "(401) 555-0142",
      company: "Santos Family Bakery",
      siteType: "business",
      budget: "500-plus",
      timeline: "asap",
      description: "A site for my bakery with our menu, hours and a way to pre-order holiday trays.",
      readiness: "ready",
    },
  });

export type ProjectInquiryInput = z.input<typeof ProjectInquirySchema>;

export type ProjectInquiry = z.output<typeof ProjectInquirySchema>;

/**
 * docs/product/lead-paths.md "The calls": the answer of POST /api/submissions, with the Project ID
 * the visitor keeps.
 */
export const SubmissionAnswerSchema = z
  .object({
    success: z.literal(true),
    projectId: z.string().meta({ example: "WBT-2026-7KQ4MZ", description: "WBT-{year}-{6 characters}" }),
    emailSignIn: z.boolean().optional().meta({
      description:
        "Whether the client portal can e-mail this visitor a sign-in link (false while the site sends no e-mail): the confirmation then offers only the Project ID",
      example: true,
    }),
  })
  .meta({ id: "SubmissionAnswer", example: { success: true, projectId: "WBT-2026-7KQ4MZ", emailSignIn: true } });

export type SubmissionResponse = z.infer<typeof SubmissionAnswerSchema>;

export const ContactMessageSchema = z
  .object({
    name: requiredText("Name", LIMITS.name),
    email: emailField(),
    subject: optionalText("Subject", LIMITS.subject),
    message: requiredText("Message", LIMITS.message),
    form_type: z.literal(CONTACT_FORM_TYPE).optional().default(CONTACT_FORM_TYPE),
    source: z.literal(CONTACT_SOURCE).optional().default(CONTACT_SOURCE),
    [HONEYPOT_FIELD]: optionalText("Extra info", LIMITS.shortText),
    attribution: AttributionSchema.optional(),
  })
  .meta({
    id: "ContactFormMessage",
    example: {
      name: "Dev Patel",
      email: "dev@example.com",
      subject: "Menu update",
      message: "Can you add our fall menu?",
      form_type: CONTACT_FORM_TYPE,
      source: CONTACT_SOURCE,
    },
  });

export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

export type ContactMessage = z.output<typeof ContactMessageSchema>;

/** docs/product/lead-paths.md "Claim form": name, business phone, business email, verification text; all required. */
export const ClaimSchema = z
  .object({
    siteId: requiredText("Site", 100),
    name: requiredText("Name", LIMITS.name),
    phone: phoneField("Business phone"),
    email: emailField("Business email"),
    verification: requiredText("Verification", LIMITS.message),
    [HONEYPOT_FIELD]: optionalText("Extra info", LIMITS.shortText),
    attribution: AttributionSchema.optional(),
  })
  .meta({
    id: "WebsiteClaim",
    example: {
      siteId: "kickemuit-hardware",
      name: "Joe Medeiros",
      phone: "(401) 555-0111",
      email: "joe@kickemuithardware.example",
      verification: "I'm the owner; the shop's registration is in my name and I answer the store phone.",
    },
  });

export type ClaimInput = z.input<typeof ClaimSchema>;

export type Claim = z.output<typeof ClaimSchema>;

/**
 * What the public forms' API answers (docs/product/lead-paths.md "Validation", "The calls"), shared
 * by the server's contract (server/api/intake/intake.routes.ts) and the pages that read the answers
 * (app/components/site/forms/form-request.tsx).
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

/**
 * The public lead forms (docs/product/lead-paths.md "The calls"). Each refuses in the public forms' shape
 * `{ success: false, error, fields? }`; the pages load this table when the visitor starts on a
 * form, so Zod stays out of their first load.
 */
export const intakeEndpoints = {
  /** The start-project form: the contact and its project, answered with the Project ID. */
  submit: endpoint({
    method: "post",
    path: "/api/submissions",
    access: "public",
    body: ProjectInquirySchema,
    answer: SubmissionAnswerSchema,
  }),
  /** The contact form: JSON from the page, or a plain form post (JavaScript off) answered by a redirect. */
  contact: endpoint({
    method: "post",
    path: CONTACT_PATH,
    access: "public",
    body: ContactMessageSchema,
    bodyType: "json-or-form",
    answer: FormSentSchema,
  }),
  /** The claim of a prebuilt website, recorded as a lead. */
  claim: endpoint({
    method: "post",
    path: "/api/claims",
    access: "public",
    body: ClaimSchema,
    answer: FormSentSchema,
  }),
};
