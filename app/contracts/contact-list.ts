import { z } from "~/contracts/zod";
import { CONTACT_STATUSES } from "~/contracts/contact-terms";
import { LIST_SEARCH_MAX_LENGTH, pageQueryFields } from "~/contracts/paging";

/**
 * The contact lists' queries (docs/product/contacts.md "The calls"): the contacts and the
 * submissions views, their filters, sorts and paging, and the CSV export. The lists' rows and
 * pages, made of contacts, are in contacts.ts.
 */

/**
 * The contact lists (docs/product/contacts.md "The calls": GET /api/admin/contacts takes status and
 * view=submissions), searched, sorted and paged by the server, and their CSV export over the same
 * filters.
 */
export const CONTACT_SORTS = ["newest", "oldest", "name", "score"] as const;

export type ContactSort = (typeof CONTACT_SORTS)[number];

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
    .max(LIST_SEARCH_MAX_LENGTH, { error: `q must be at most ${LIST_SEARCH_MAX_LENGTH} characters` })
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

/** The export's columns (as the browser-built file had them). */
export const CONTACT_CSV_HEADER = ["Name", "Email", "Phone", "Company", "Status", "Lead Score", "Source", "Created"];

/** The CSV export's body, as documented (it is streamed, not parsed). */
export const ContactsCsvSchema = z.string().meta({
  example:
    "Name,Email,Phone,Company,Status,Lead Score,Source,Created\r\nRita Moreau,rita@harborbakery.example,401-555-0100,Harbor Bakery,Submitted,55,Website form,2026-03-14\r\n",
});
