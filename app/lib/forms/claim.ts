import { z } from "~/lib/zod";
import {
  AttributionSchema,
  emailField,
  HONEYPOT_FIELD,
  LIMITS,
  optionalText,
  phoneField,
  requiredText,
} from "./fields";

/** public-site spec 3 "Claim form": name, business phone, business email, verification text; all required. */
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
