import { z } from "~/contracts/zod";
import { PROJECT_CONTACT_ROLES } from "~/contracts/project-terms";

/**
 * The contacts on a project (docs/product/projects.md "Contact roles", "The calls"): what the admin
 * sends to add them or change one's role or primary flag, and each contact as a project answers it.
 */
/** PUT /api/admin/projects/{id}/contacts/{contactId}: setting primary clears the others. */
export const ProjectContactChangeSchema = z
  .object({
    role: z
      .enum(PROJECT_CONTACT_ROLES, { error: `Role must be one of: ${PROJECT_CONTACT_ROLES.join(", ")}` })
      .optional()
      .meta({ example: "decision_maker" }),
    is_primary: z.boolean({ error: "is_primary is true or false" }).optional().meta({ example: true }),
  })
  .meta({ id: "ProjectContactChange", example: { role: "decision_maker", is_primary: true } });

export type ProjectContactChangeInput = z.input<typeof ProjectContactChangeSchema>;

/** POST /api/admin/projects/{id}/contacts: more contacts, all with one role. */
export const AddProjectContactsSchema = z
  .object({
    contact_ids: z
      .array(z.number().int().positive(), { error: "Please select at least one contact" })
      .min(1, { error: "Please select at least one contact" })
      .max(50, { error: "At most 50 contacts at once" }),
    role: z
      .enum(PROJECT_CONTACT_ROLES, { error: `Role must be one of: ${PROJECT_CONTACT_ROLES.join(", ")}` })
      .default("client"),
  })
  .meta({ id: "AddProjectContacts", example: { contact_ids: [43, 44], role: "stakeholder" } });

export type AddProjectContactsInput = z.input<typeof AddProjectContactsSchema>;

export const contactExample = {
  contact_id: 42,
  contact_name: "Rita Moreau",
  contact_email: "rita@harborbakery.example",
  contact_phone: "401-555-0100",
  role: "client",
  is_primary: true,
} as const;

export const ProjectContactSchema = z
  .object({
    contact_id: z.number().int(),
    contact_name: z.string(),
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable(),
    role: z.enum(PROJECT_CONTACT_ROLES),
    is_primary: z.boolean(),
  })
  .meta({ id: "ProjectContact", example: contactExample });

export type ProjectContact = z.infer<typeof ProjectContactSchema>;
