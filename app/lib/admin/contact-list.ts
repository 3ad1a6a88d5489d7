import { z } from "~/lib/zod";
import { CommunicationRecordSchema, CONTACT_STATUSES, ContactListRowSchema } from "./contacts";
import { LIST_SEARCH_MAX_LENGTH, pageAnswerFields, pageQueryFields } from "./paging";

/**
 * The contact lists (back-office spec 7 "GET /api/admin/contacts": status and view=submissions),
 * searched, sorted and paged by the server, and their CSV export over the same filters.
 */
export const CONTACT_SORTS = ["newest", "oldest", "name", "score"] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

export const CONTACT_SORT_LABELS: Record<ContactSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name A–Z",
  score: "Highest score",
};

export const LEAD_VIEWS = ["contacts", "submissions"] as const;
export type LeadView = (typeof LEAD_VIEWS)[number];

/** The filters a list and its export share. */
export const ContactFilterQuerySchema = z.object({
  status: z
    .enum(CONTACT_STATUSES, { error: `status must be one of: ${CONTACT_STATUSES.join(", ")}` })
    .optional()
    .meta({ example: "qualified" }),
  view: z
    .enum(LEAD_VIEWS, { error: "view must be submissions or contacts" })
    .optional()
    .meta({ description: "submissions: only the contacts the website's project form made", example: "submissions" }),
  q: z
    .string({ error: "q must be one piece of text" })
    .trim()
    .max(LIST_SEARCH_MAX_LENGTH, { error: `q is limited to ${LIST_SEARCH_MAX_LENGTH} characters` })
    .optional()
    .meta({ description: "Part of a name, e-mail, company or phone; any case", example: "bakery" }),
  sort: z
    .enum(CONTACT_SORTS, { error: `sort must be one of: ${CONTACT_SORTS.join(", ")}` })
    .optional()
    .default("newest")
    .meta({ description: "newest (the default), oldest, name (A-Z) or score (highest first)", example: "newest" }),
});
export type ContactFilterQuery = z.output<typeof ContactFilterQuerySchema>;

export const ContactListQuerySchema = ContactFilterQuerySchema.extend(pageQueryFields());

/** GET /api/admin/contacts: one page and the count of every match. */
export const ContactListSchema = z
  .object({ contacts: z.array(ContactListRowSchema), ...pageAnswerFields })
  .meta({ id: "ContactPage" });
export type ContactPage = z.infer<typeof ContactListSchema>;

/** GET /api/admin/contacts/{id}/communications: newest first, a page at a time. */
export const CommunicationListQuerySchema = z.object(pageQueryFields());
export const CommunicationListSchema = z
  .object({ communications: z.array(CommunicationRecordSchema), ...pageAnswerFields })
  .meta({ id: "CommunicationPage" });
export type CommunicationPage = z.infer<typeof CommunicationListSchema>;

/** The export's columns (as the browser-built file had them). */
export const CONTACT_CSV_HEADER = ["Name", "Email", "Phone", "Company", "Status", "Lead Score", "Source", "Created"];
