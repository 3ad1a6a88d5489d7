import { z } from "~/lib/zod";
import { BUDGETS, READINESS, SITE_TYPES, TIMELINES } from "./options";
import {
  AttributionSchema,
  emailField,
  HONEYPOT_FIELD,
  LIMITS,
  optionOrEmpty,
  optionalPhoneField,
  optionalText,
  requiredText,
} from "./fields";

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

/** public-site spec 7: the answer of POST /api/submissions, with the Project ID the visitor keeps. */
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

export { BUDGETS, optionLabel, READINESS, SITE_TYPES, TIMELINES } from "./options";
