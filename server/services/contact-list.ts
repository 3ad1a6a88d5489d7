import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { site } from "~/config/site";
import { CONTACT_STATUS_LABELS, LEAD_SOURCE_LABELS } from "~/lib/admin/contacts";
import type { Contact, ContactListRow } from "~/contracts/contacts";
import type { ContactStatus } from "~/contracts/contact-terms";
import type { ContactSort, LeadView } from "~/contracts/contact-list";
import type { Database } from "../db/client";
import { contacts } from "../db/schema";
import { communicationCount, contactListRowJson, isSubmission, toContact } from "./contacts";
import {
  afterCursor,
  containsPattern,
  EXPORT_BATCH,
  keysetBatches,
  keyText,
  orderOf,
  type CsvCells,
  type Cursor,
  type ListOrder,
} from "./list-pages";
import { countsOf, listTotals, pageAndTotal, jsonRowStatement, termsOf } from "./list-totals";
import { jsonRowsOf, type JsonRows } from "../lib/json-answer";

/**
 * The contact lists of docs/product/contacts.md "The screen" (the Contacts and Submissions tabs;
 * also the project dialog's picker, docs/product/projects.md "Create and edit") and their CSV
 * export: searched, filtered, sorted and counted in SQL, one page at a time. The search uses the
 * trigram indexes of server/db/schema/crm.ts.
 */
export interface ContactFilter {
  status?: ContactStatus;
  view?: LeadView;
  q?: string;
  sort: ContactSort;
}

const ORDERS: Record<ContactSort, ListOrder> = {
  newest: { key: contacts.createdAt, type: "timestamptz", dir: "desc" },
  oldest: { key: contacts.createdAt, type: "timestamptz", dir: "asc" },
  name: { key: sql`lower(${contacts.name})`, type: "text", dir: "asc" },
  score: { key: contacts.leadScore, type: "integer", dir: "desc" },
};

/**
 * A phone number however it is written: "4015550100" finds 401-555-0100 (as the browser's own
 * search did). Only for a text of digits and phone punctuation, which no trigram index serves.
 */
function phoneDigits(q: string): string | null {
  const digits = q.replace(/\D/g, "");
  return digits.length >= 3 && digits === q.replace(/[\s().+-]/g, "") ? digits : null;
}

function searchCondition(q: string): SQL {
  const like = containsPattern(q);
  const digits = phoneDigits(q);
  return or(
    ilike(contacts.name, like),
    ilike(contacts.email, like),
    ilike(contacts.company, like),
    ilike(contacts.phone, like),
    digits ? sql`regexp_replace(${contacts.phone}, '\\D', '', 'g') like ${containsPattern(digits)}` : undefined,
  )!;
}

function contactWhere(filter: Omit<ContactFilter, "sort">): SQL | undefined {
  const q = filter.q?.trim();
  return and(
    filter.status ? eq(contacts.status, filter.status) : undefined,
    filter.view === "submissions" ? isSubmission : undefined,
    q ? searchCondition(q) : undefined,
  );
}

/**
 * The totals of the filters asked for lately, kept while no contact changes (list-totals.ts,
 * contacts_changes). Counting 50,000 contacts takes 4-6 ms, most of a first page's cost.
 */
const contactTotals = listTotals("contacts_changes");

const totalKey = (filter: Omit<ContactFilter, "sort">) =>
  JSON.stringify([filter.status ?? "", filter.view ?? "", filter.q?.trim() ?? ""]);

/**
 * One page of the matching contacts, with the count of all of them. Each row is built as JSON with
 * its projects in the same statement: the Project button opens the newest rather than offering a
 * duplicate.
 */
export async function listContactPage(
  db: Database,
  filter: ContactFilter & { limit: number; offset: number },
): Promise<{ contacts: JsonRows<ContactListRow>; total: number }> {
  const where = contactWhere(filter);
  const order = ORDERS[filter.sort];
  const terms = termsOf(order, contacts.id);
  const { rows, total } = await pageAndTotal(
    db,
    {
      totals: contactTotals,
      key: totalKey(filter),
      ...countsOf(db, contacts, where, Boolean(filter.q?.trim())),
    },
    filter,
    // The page's ids are chosen first, and only its rows are built as JSON (list-totals.ts pageIds).
    {
      table: contacts,
      id: contacts.id,
      where,
      terms,
      rows: {
        key: `contacts:${filter.sort}`,
        build: jsonRowStatement(db, contacts, contactListRowJson),
      },
    },
  );
  return { contacts: jsonRowsOf(rows), total };
}

/** The dashboard's newest leads. */
export async function recentContacts(db: Database, limit: number): Promise<Contact[]> {
  const rows = await db
    .select({ row: contacts, n: communicationCount })
    .from(contacts)
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(limit);
  return rows.map(({ row, n }) => toContact(row, n));
}

const statusLabel = (status: ContactStatus) => CONTACT_STATUS_LABELS[status] ?? status;
const sourceLabel = (source: string) =>
  (LEAD_SOURCE_LABELS as Record<string, string | undefined>)[source] ?? source.replace(/_/g, " ");

/**
 * Every matching contact as CSV cells (the columns of CONTACT_CSV_HEADER), in the list's order, a
 * keyset batch at a time. Run it on the reports' pool: an export never takes a visitor's connection.
 */
export function contactCsvBatches(db: Database, filter: ContactFilter): AsyncGenerator<CsvCells[], void, undefined> {
  const order = ORDERS[filter.sort];
  const where = contactWhere(filter);
  const fetchAfter = (cursor: Cursor | null, size: number) =>
    db
      .select({
        id: contacts.id,
        sortKey: keyText(order),
        name: contacts.name,
        email: contacts.email,
        phone: contacts.phone,
        company: contacts.company,
        status: contacts.status,
        leadScore: contacts.leadScore,
        source: contacts.source,
        created: sql<string>`to_char(${contacts.createdAt} at time zone ${site.timeZone}, 'YYYY-MM-DD')`.as(
          "created_day",
        ),
      })
      .from(contacts)
      .where(cursor ? and(where, afterCursor(order, contacts.id, "bigint", cursor)) : where)
      .orderBy(...orderOf(order, contacts.id))
      .limit(size);
  return (async function* () {
    for await (const rows of keysetBatches(fetchAfter, EXPORT_BATCH))
      yield rows.map((r) => [
        r.name,
        r.email,
        r.phone,
        r.company,
        statusLabel(r.status),
        r.leadScore,
        sourceLabel(r.source),
        r.created,
      ]);
  })();
}
