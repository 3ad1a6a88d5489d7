import { z } from "~/contracts/zod";

/**
 * The admin lists' pages (contacts, projects, inquiries, a contact's log): the server searches,
 * filters, sorts and counts, and answers one page with the total. A busy two-year business has
 * 5,000 contacts; sending them all made a 3.6 MB answer and a tab that froze for seconds.
 */
export const PAGE_SIZE = 50;

/** The most rows one answer carries, whatever is asked. */
export const MAX_PAGE_SIZE = 100;

/** The longest search text the lists take. */
export const LIST_SEARCH_MAX_LENGTH = 200;

/** `limit` and `offset` of a list route's query (server side: coerced from the address). */
export const pageQueryFields = (defaultSize = PAGE_SIZE) => ({
  limit: z.coerce
    .number({ error: `limit must be a number of rows from 1 to ${MAX_PAGE_SIZE}` })
    .int({ error: `limit must be a number of rows from 1 to ${MAX_PAGE_SIZE}` })
    .min(1, { error: `limit must be a number of rows from 1 to ${MAX_PAGE_SIZE}` })
    .max(MAX_PAGE_SIZE, { error: `limit must be a number of rows from 1 to ${MAX_PAGE_SIZE}` })
    .optional()
    .default(defaultSize)
    .meta({ description: `Rows on this page (1-${MAX_PAGE_SIZE})`, example: defaultSize }),
  offset: z.coerce
    .number({ error: "offset is the number of rows to skip, 0 or more" })
    .int({ error: "offset is the number of rows to skip, 0 or more" })
    .min(0, { error: "offset is the number of rows to skip, 0 or more" })
    .optional()
    .default(0)
    .meta({ description: "Rows skipped before this page (page n of size s: (n - 1) * s)", example: 0 }),
});

/** The paging fields of a list's answer, beside its rows. */
export const pageAnswerFields = {
  total: z
    .number()
    .int()
    .min(0)
    .meta({ description: "Every row matching the search and filters, on all pages", example: 5020 }),
  limit: z.number().int().min(1).meta({ description: "Rows per page, as asked", example: PAGE_SIZE }),
  offset: z.number().int().min(0).meta({ description: "Rows skipped before this page", example: 0 }),
};

/** A page number from the address (`?page=3`); anything else is page 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 1 ? n : 1;
}

export const pageCount = (total: number, size = PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

export const offsetOf = (page: number, size = PAGE_SIZE) => (page - 1) * size;

/** "1–50 of 5,020": the rows an answer holds (from its offset), for the count above a list. */
export function pageRange(offset: number, shown: number, total: number) {
  const first = offset + 1;
  const n = (value: number) => value.toLocaleString("en-US");
  return shown === 0 ? `0 of ${n(total)}` : `${n(first)}–${n(first + shown - 1)} of ${n(total)}`;
}
