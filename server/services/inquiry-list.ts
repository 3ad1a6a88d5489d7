import { and, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { InquiryList } from "~/contracts/inquiries";
import { SITE_TYPES } from "~/contracts/form-options";
import type { Database } from "../db/client";
import { inquiries } from "../db/schema";
import { containsPattern } from "./list-pages";
import { countsOf, listTotals, pageAndTotal, jsonRowStatement, type OrderTerm } from "./list-totals";
import { inquiryRecordJson } from "./inquiries";
import { jsonRowsOf, type JsonRows } from "../lib/json-answer";

/**
 * The owner's list of inquiries (docs/product/inquiries.md "The list"): searched and filtered in
 * SQL, paged as every owner list is (list-totals.ts).
 */

/**
 * What a search matches (docs/product/inquiries.md "The list": name, e-mail, project type or ID):
 * part of the visitor's name or e-mail, of the inquiry's ID or of the project it became, or a
 * project type by its stored value or its label ("small business" finds `business`). Every part is
 * a bound parameter; LIKE's wildcards in the text match themselves.
 */
function searchCondition(text: string): SQL {
  const like = containsPattern(text);
  const needle = text.toLowerCase();
  const types = SITE_TYPES.filter(
    (type) => type.label.toLowerCase().includes(needle) || type.value.includes(needle),
  ).map((type) => type.value);
  return or(
    ilike(inquiries.visitorName, like),
    ilike(inquiries.visitorEmail, like),
    ilike(inquiries.id, like),
    ilike(inquiries.projectId, like),
    types.length > 0 ? inArray(inquiries.projectType, types) : undefined,
  )!;
}

/** The owner's list of inquiries, newest first, narrowed by status and a search. */
export async function listInquiries(
  db: Database,
  filter: { status?: "active" | "completed"; search?: string; limit: number; offset: number },
): Promise<{ inquiries: JsonRows<InquiryList["inquiries"][number]>; total: number }> {
  const search = filter.search?.trim();
  const where = and(
    filter.status ? eq(inquiries.status, filter.status) : undefined,
    search ? searchCondition(search) : undefined,
  );
  // The page's ids first (list-totals.ts pageIds): whole rows are read for this page only; the total
  // is kept while the inquiries do not change (list-totals.ts).
  const { rows, total } = await pageAndTotal(
    db,
    {
      totals: inquiryTotals,
      key: JSON.stringify([filter.status ?? "", search ?? ""]),
      ...countsOf(db, inquiries, where, Boolean(search)),
    },
    filter,
    {
      table: inquiries,
      id: inquiries.id,
      where,
      terms: INQUIRY_ORDER,
      rows: {
        key: "inquiries",
        build: jsonRowStatement(db, inquiries, inquiryRecordJson),
      },
    },
  );
  return { inquiries: jsonRowsOf(rows), total };
}

const INQUIRY_ORDER: OrderTerm[] = [
  { key: inquiries.createdAt, dir: "desc" },
  { key: inquiries.id, dir: "desc" },
];
const inquiryTotals = listTotals("inquiries_changes");
