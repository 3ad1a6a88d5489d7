import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import type { Database } from "../db/client";
import { contacts, emailOutbox, inquiries, invoices } from "../db/schema";
import { PgDialect } from "drizzle-orm/pg-core";
import { containsPattern } from "./list-pages";
import { orderBy, pageIds, type OrderTerm } from "./list-totals";

/**
 * A deep page's ids come from an index alone, and only that page's rows are read whole
 * (list-totals.ts pageIds; docs/decisions/049-rollups-and-list-pages-at-scale.md); the invoices'
 * and the inquiries' searches can use their trigram indexes. Plans of queries shaped as the
 * services build them, on tables vacuumed as autovacuum leaves them.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
const ROWS = 3000;

/** The plan of a query built with drizzle, as JSON text. */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } } | SQL, settings = "") {
  const { sql: text, params } = "toSQL" in query ? query.toSQL() : new PgDialect().sqlToQuery(query);
  const client = await db.$client.connect();
  try {
    await client.query("begin");
    if (settings) await client.query(settings);
    const { rows } = await client.query(`explain (format json) ${text}`, params);
    return JSON.stringify(rows);
  } finally {
    await client.query("rollback");
    client.release();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.execute(sql`
    insert into contacts (name, email, source, submission_data, created_at)
    select 'Paged ' || g, 'paged' || g || '@example.com', 'manual', '{"pages": ["Menu", "Hours"]}'::jsonb,
      now() - make_interval(mins => g)
    from generate_series(1, ${ROWS}::int) g`);
  await db.execute(sql`
    insert into email_outbox (kind, to_address, subject, text, status, created_at)
    select 'lead_notification', 'to' || g || '@example.com', 'Subject ' || g, repeat('A long message. ', 50), 'sent',
      now() - make_interval(mins => g)
    from generate_series(1, ${ROWS}::int) g`);
  await db.execute(sql`
    insert into invoices (number, year, sequence, project_ref, project_name, client_name, client_email, kind, status,
      lines, subtotal_cents, discount_cents, total_cents, issue_date, due_date, created_at)
    select 'INV-2026-' || lpad(g::text, 5, '0'), 2026, g, 'WBT-2026-' || lpad(g::text, 6, '0'), 'Project ' || g,
      'Client ' || g, 'client' || g || '@example.com', 'manual', 'sent', '[]'::jsonb, 10000, 0, 10000,
      current_date - g % 300, current_date - g % 300 + 30, now() - make_interval(mins => g)
    from generate_series(1, ${ROWS}::int) g`);
  await db.execute(sql`
    insert into inquiries (id, visitor_name, visitor_email, created_at)
    select 'inquiry-' || g, 'Client ' || g, 'client' || g || '@example.com', now() - make_interval(mins => g)
    from generate_series(1, ${ROWS}::int) g`);
  await db.execute(sql`vacuum analyze contacts, email_outbox, invoices, inquiries`);
}, 60_000);
afterAll(() => database.close());

describe("a page chosen by its ids first", () => {
  const deep = { limit: 50, offset: ROWS - 50 };

  it("reads the last page's ids from the order's index alone", async () => {
    const desc2 = (key: SQL | AnyColumn, id: AnyColumn): OrderTerm[] => [
      { key, dir: "desc" },
      { key: id, dir: "desc" },
    ];
    for (const [table, id, terms, index] of [
      [contacts, contacts.id, desc2(contacts.createdAt, contacts.id), "contacts_created_at_idx"],
      [
        contacts,
        contacts.id,
        [
          { key: sql`lower(${contacts.name})`, dir: "asc" },
          { key: contacts.id, dir: "asc" },
        ],
        "contacts_name_lower_idx",
      ],
      [emailOutbox, emailOutbox.id, desc2(emailOutbox.createdAt, emailOutbox.id), "email_outbox_created_idx"],
      [invoices, invoices.id, desc2(invoices.createdAt, invoices.id), "invoices_created_idx"],
    ] as const) {
      const page = pageIds(table, id, undefined, terms, { reversed: false, ...deep });
      const plan = await planOf(page);
      expect(plan, index).toContain('"Node Type":"Index Only Scan"');
      expect(plan, index).toContain(`"Index Name":"${index}"`);
      const rows = (await db.execute<{ id: unknown }>(page)).rows.map((row) => ({ id: Number(row.id) }));
      expect(rows).toHaveLength(50);
      // The last 50 in the order.
      const all = await db
        .select({ id })
        .from(table)
        .orderBy(...orderBy(terms));
      expect(rows.map((r) => r.id)).toEqual(all.slice(-50).map((r) => Number(r.id)));
    }
  });

  it("the invoices' and the inquiries' searches can use their trigram indexes", async () => {
    const like = containsPattern("lient 12");
    const matching = (columns: SQL[]) =>
      sql.join(
        columns.map((column) => sql`${column} ilike ${like}`),
        sql` or `,
      );
    for (const [search, index] of [
      [
        db
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            matching([
              sql`${invoices.number}`,
              sql`${invoices.projectRef}`,
              sql`${invoices.projectName}`,
              sql`${invoices.clientName}`,
              sql`${invoices.clientEmail}`,
            ]),
          ),
        "invoices_search_trgm_idx",
      ],
      [
        db
          .select({ id: inquiries.id })
          .from(inquiries)
          .where(
            matching([
              sql`${inquiries.visitorName}`,
              sql`${inquiries.visitorEmail}`,
              sql`${inquiries.id}`,
              sql`${inquiries.projectId}`,
            ]),
          ),
        "inquiries_search_trgm_idx",
      ],
    ] as const) {
      // Whether the planner prefers it depends on the table's size; that it can, on the query's shape.
      expect(await planOf(search, "set local enable_seqscan = off")).toContain(index);
      expect((await search).length, index).toBe(111); // Client 12, 120-129, 1200-1299
    }
  });
});
