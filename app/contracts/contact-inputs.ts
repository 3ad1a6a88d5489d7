import { z } from "~/contracts/zod";
import { nullableText as optionalText } from "~/contracts/fields";
import {
  ALL_LEAD_SOURCES,
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_TYPES,
  CONTACT_STATUSES,
  EDITABLE_LEAD_SOURCES,
  INITIAL_CONTACT_STATUSES,
  TYPES_WITH_SUBJECT,
} from "~/contracts/contact-terms";

/**
 * What the admin sends about a contact (docs/product/contacts.md "Adding and editing",
 * "Communication"): a new contact, an edit, a status change and an entry of the communication log.
 */

/** Lead score 0-100; anything that is not a number becomes 0 (docs/product/contacts.md "Adding and editing"). */
export const leadScoreField = z.preprocess(
  (value) => {
    const n = typeof value === "number" ? value : Number(String(value ?? "").trim());
    return Number.isFinite(n) ? Math.round(n) : 0;
  },
  z.number().min(0, { error: "Lead score must be 0 to 100" }).max(100, { error: "Lead score must be 0 to 100" }),
);

const contactFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { error: "Name is required" })
    .max(200, { error: "Name must be at most 200 characters" }),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, { error: "Email is required" })
    .max(254, { error: "Email must be at most 254 characters" })
    .pipe(z.email({ error: "Enter a valid email address, like name@example.com" })),
  phone: optionalText(40),
  company: optionalText(200),
  address: optionalText(300),
  business_type: optionalText(100),
  google_maps_url: optionalText(500),
  website_url: optionalText(500),
  initial_message: optionalText(5000),
};

export const NewContactSchema = z
  .object({
    ...contactFields,
    status: z
      .enum(INITIAL_CONTACT_STATUSES, { error: "A new contact starts as New, Contacted or Qualified" })
      .default("new"),
    source: z
      .enum(EDITABLE_LEAD_SOURCES, { error: `Source must be one of: ${EDITABLE_LEAD_SOURCES.join(", ")}` })
      .default("manual"),
    lead_score: leadScoreField.default(0),
  })
  .meta({
    example: {
      name: "Marta Quinn",
      email: "marta@quinnpottery.example.com",
      phone: "(401) 555-0142",
      company: "Quinn Pottery",
      address: "12 Thames St, Newport, RI",
      business_type: "Retail",
      website_url: null,
      initial_message: "Met at the Newport craft fair; wants an online shop.",
      status: "new",
      source: "networking",
      lead_score: 40,
    },
  });

export type NewContactInput = z.input<typeof NewContactSchema>;

export const ContactUpdateSchema = z
  .object({
    ...contactFields,
    status: z.enum(CONTACT_STATUSES, { error: `Status must be one of: ${CONTACT_STATUSES.join(", ")}` }),
    source: z.enum(ALL_LEAD_SOURCES, { error: `Source must be one of: ${EDITABLE_LEAD_SOURCES.join(", ")}` }),
    lead_score: leadScoreField,
  })
  .meta({
    example: {
      name: "Marta Quinn",
      email: "marta@quinnpottery.example.com",
      phone: "(401) 555-0142",
      company: "Quinn Pottery",
      address: "12 Thames St, Newport, RI",
      business_type: "Retail",
      google_maps_url: null,
      website_url: "https://quinnpottery.example.com",
      initial_message: "Met at the Newport craft fair; wants an online shop.",
      status: "qualified",
      source: "networking",
      lead_score: 55,
    },
  });

export type ContactUpdateInput = z.input<typeof ContactUpdateSchema>;

/**
 * PUT /api/admin/contacts/{id}: the fields sent are changed, the fields left out keep their
 * values (a script that sends name, e-mail and status clears nothing); a field sent as null or
 * "" is cleared. The edit dialog sends every field.
 */
export const ContactPatchSchema = ContactUpdateSchema.partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: `Send at least one field to change: ${Object.keys(ContactUpdateSchema.shape).join(", ")}`,
  })
  .meta({ example: { name: "Marta Quinn", email: "marta@quinnpottery.example.com", status: "qualified" } });

export const StatusChangeSchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: `Status must be one of: ${CONTACT_STATUSES.join(", ")}` }),
});

export const CommunicationSchema = z
  .object({
    type: z.enum(COMMUNICATION_TYPES, { error: "Type must be email, call, meeting or note" }),
    direction: z.enum(COMMUNICATION_DIRECTIONS, { error: "Direction must be inbound or outbound" }).default("outbound"),
    subject: optionalText(300),
    content: z
      .string({ error: "Communication content is required" })
      .trim()
      .min(1, { error: "Communication content is required" })
      .max(20_000, { error: "Communication content must be at most 20000 characters" }),
    auto_advance_status: z.boolean().optional().default(false),
  })
  .meta({
    example: {
      type: "call",
      direction: "outbound",
      subject: null,
      content: "Called about the online shop: she wants a quote by Friday.",
      auto_advance_status: true,
    },
  })
  .transform((v) => ({ ...v, subject: TYPES_WITH_SUBJECT.includes(v.type) ? v.subject : null }));

export type CommunicationInput = z.input<typeof CommunicationSchema>;
