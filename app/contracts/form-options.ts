/**
 * The public forms' constants without their schemas: what the pages need to draw a form
 * (limits, options, hidden values). The schemas (fields.ts and one module per form) bring
 * the schema library, which the pages load only when a form is sent.
 */

/** Longest value of each kind of field, in characters. */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  subject: 150,
  message: 5000,
  shortText: 200,
} as const;

/**
 * The honeypot: a field people never see or fill. Its name avoids anything a
 * browser would autofill.
 */
export const HONEYPOT_FIELD = "hp_extra_info";

/** docs/product/lead-paths.md "Contact": hidden form_type=personal_contact and source=contact_page. */
export const CONTACT_FORM_TYPE = "personal_contact";

export const CONTACT_SOURCE = "contact_page";

/** docs/product/lead-paths.md "Options": the options and their labels. */
export const SITE_TYPES = [
  { value: "personal", label: "Personal site" },
  { value: "portfolio", label: "Portfolio" },
  { value: "business", label: "Small business" },
  { value: "nonprofit", label: "Nonprofit/cause" },
  { value: "landing", label: "Landing page" },
  { value: "blog", label: "Blog" },
  { value: "other", label: "Something else" },
] as const;

export const BUDGETS = [
  { value: "75-150", label: "$75 - $150" },
  { value: "150-300", label: "$150 - $300" },
  { value: "300-500", label: "$300 - $500" },
  { value: "500-plus", label: "$500+" },
  { value: "discuss", label: "Let's discuss" },
] as const;

export const TIMELINES = [
  { value: "asap", label: "As soon as possible" },
  { value: "1-2weeks", label: "1-2 weeks" },
  { value: "1month", label: "About a month" },
  { value: "flexible", label: "I'm flexible" },
] as const;

export const READINESS = [
  { value: "curious", label: "Just curious, exploring options" },
  { value: "ready", label: "Ready to get started" },
] as const;

export const optionLabel = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? (value || "Not given");
