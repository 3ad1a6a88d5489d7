import { z } from "~/lib/zod";
import { AttributionSchema, emailField, HONEYPOT_FIELD, LIMITS, optionalText, requiredText } from "./fields";

import { CONTACT_FORM_TYPE, CONTACT_SOURCE } from "./options";

export { CONTACT_FORM_TYPE, CONTACT_SOURCE } from "./options";

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
