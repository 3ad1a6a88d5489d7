import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import type { Database } from "../db/client";
import { emailOutbox, inquiries, posts } from "../db/schema";
import { listInquiries } from "./inquiry-list";
import { listTotals, nearerEnd, pageAndTotal, pageIds, type OrderTerm, type PageRead } from "./list-totals";
import { listOutbox } from "./admin-email";

/**
 * How every owner list reads a page and its total (list-totals.ts): a page past the middle is read
 * from the far end and gives the very rows an offset gives; a total is kept while the list's
 * tables do not change, and counted again as soon as one does, whoever changed it.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
const ROWS = 437;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // Ties in created_at (every third pair shares a minute): the id must order them both ways.
  await db.execute(sql`
    insert into email_outbox (kind, to_address, subject, text, status, created_at)
    select 'lead_notification', 'to' || g || '@example.com', 'Subject ' || g, 'Text', 
      case when g % 7 = 0 then 'held' else 'sent' end, now() - make_interval(mins => g / 2)
    from generate_series(1, ${ROWS}::int) g`);
}, 60_000);
afterAll(() => database.close());

describe("nearerEnd", () => {
  it("reads a page before the middle forwards and one past it backwards, the same rows", () => {
    expect(nearerEnd({ limit: 50, offset: 0 }, 437)).toEqual({ reversed: false, limit: 50, offset: 0 });
    expect(nearerEnd({ limit: 50, offset: 150 }, 437)).toEqual({ reversed: false, limit: 50, offset: 150 });
    // Rows 200-249 of 437: 187 after them, 200 before.
    expect(nearerEnd({ limit: 50, offset: 200 }, 437)).toEqual({ reversed: true, limit: 50, offset: 187 });
    // The last page holds 37 rows: the first 37 backwards.
    expect(nearerEnd({ limit: 50, offset: 400 }, 437)).toEqual({ reversed: true, limit: 37, offset: 0 });
    expect(nearerEnd({ limit: 50, offset: 437 }, 437).limit).toBe(0);
    expect(nearerEnd({ limit: 50, offset: 0 }, 0).limit).toBe(0);
  });
});

describe("a list read through pageAndTotal", () => {
  const order: OrderTerm[] = [
    { key: emailOutbox.createdAt, dir: "desc" },
    { key: emailOutbox.id, dir: "desc" },
  ];
  /** The outbox's ids, as a list reads its rows. */
  const idsOf = (where?: ReturnType<typeof sql>): PageRead<{ id: number }> => ({
    table: emailOutbox,
    id: emailOutbox.id,
    where,
    terms: order,
    rows: {
      key: "outbox ids",
      build: (onIds, rowOrder) =>
        db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(onIds)
          .orderBy(...rowOrder),
    },
  });

  it("gives every page the rows an offset gives, ties included, from whichever end", async () => {
    const all = (
      await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    ).map((r) => r.id);
    expect(all).toHaveLength(ROWS);
    const totals = listTotals("email_outbox_changes");
    for (const limit of [50, 7]) {
      for (let offset = 0; offset < ROWS + limit; offset += limit) {
        const { rows, total } = await pageAndTotal(
          db,
          { totals, key: "all", count: async () => ROWS },
          { limit, offset },
          idsOf(),
        );
        expect(total).toBe(ROWS);
        expect(
          rows.map((r) => r.id),
          `limit ${limit}, offset ${offset}`,
        ).toEqual(all.slice(offset, offset + limit));
      }
    }
  });

  it("counts a filter once while its tables stay as they were, and again after any change to them", async () => {
    const totals = listTotals("email_outbox_changes");
    let counts = 0;
    const list = {
      totals,
      key: "held",
      count: async () => {
        counts += 1;
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(emailOutbox)
          .where(sql`${emailOutbox.status} = 'held'`);
        return row!.n;
      },
    };
    const read = idsOf(sql`${emailOutbox.status} = 'held'`);
    const first = await pageAndTotal(db, list, { limit: 50, offset: 0 }, read);
    expect(first.total).toBe(Math.floor(ROWS / 7));
    await pageAndTotal(db, list, { limit: 50, offset: 50 }, read);
    await pageAndTotal(db, list, { limit: 50, offset: 0 }, read);
    expect(counts).toBe(1);
    // A change to a row the filter does not hold still counts as a change: the total is counted again.
    await db.execute(
      sql`update email_outbox set subject = subject || '.' where id = (select min(id) from email_outbox)`,
    );
    await db.execute(sql`insert into email_outbox (kind, to_address, subject, text, status)
      values ('lead_notification', 'new@example.com', 'New', 'Text', 'held')`);
    const after = await pageAndTotal(db, list, { limit: 50, offset: 0 }, read);
    expect(counts).toBe(2);
    expect(after.total).toBe(first.total + 1);
    // A change that rolls back moves the number as well: counted again, to the same total.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from email_outbox where status = 'held'`);
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await pageAndTotal(db, list, { limit: 50, offset: 0 }, read)).total).toBe(first.total + 1);
    expect(counts).toBe(3);
  });

  it("keeps the outbox's and the inquiries' totals apart, and each follows its own table", async () => {
    const outbox = await listOutbox(db, { limit: 5, offset: 0 });
    const inquiriesBefore = await listInquiries(db, { limit: 5, offset: 0 });
    await db.insert(inquiries).values({ id: "inquiry-kept-total", visitorName: "Łucja Nguyễn" });
    expect((await listInquiries(db, { limit: 5, offset: 0 })).total).toBe(inquiriesBefore.total + 1);
    expect((await listOutbox(db, { limit: 5, offset: 0 })).total).toBe(outbox.total);
    // A post written with plain SQL moves the posts' number, not the outbox's.
    await db.execute(sql`insert into ${posts} (title, slug, content, post_type, status)
      values ('Kept totals', 'kept-totals', 'Text', 'blog', 'draft')`);
    expect((await listOutbox(db, { limit: 5, offset: 0 })).total).toBe(outbox.total);
  });

  it("gives a search's page the same rows through its own indexes (fenced) as through a walk, both ways", async () => {
    const where = sql`${emailOutbox.toAddress} ilike '%to1%'`;
    const ids = async (fenced: boolean, window: { reversed: boolean; limit: number; offset: number }) => {
      const { rows } = await db.execute<{ id: string }>(
        pageIds(emailOutbox, emailOutbox.id, where, order, window, fenced),
      );
      return rows.map((r) => r.id);
    };
    for (const reversed of [false, true])
      for (const offset of [0, 7, 60]) {
        const window = { reversed, limit: 9, offset };
        const walked = await ids(false, window);
        expect(walked.length, `${reversed} ${offset}`).toBeGreaterThan(0);
        expect(await ids(true, window), `${reversed} ${offset}`).toEqual(walked);
      }
  });

  it("reads the last page of a searched outbox from the far end, with the rows an offset gives", async () => {
    const search = "to1";
    const first = await listOutbox(db, { search, limit: 10, offset: 0 });
    const lastOffset = Math.floor((first.total - 1) / 10) * 10;
    const last = await listOutbox(db, { search, limit: 10, offset: lastOffset });
    const expected = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(sql`${emailOutbox.toAddress} ilike '%to1%' or ${emailOutbox.subject} ilike '%to1%'`)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(10)
      .offset(lastOffset);
    expect(last.total).toBe(first.total);
    expect(last.emails.parse().map((e) => e.id)).toEqual(expected.map((r) => r.id));
  });
});
