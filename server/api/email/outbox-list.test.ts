import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxPageSchema } from "~/contracts/email";
import { outboxPageQueries } from "../../services/admin-email";
import { indexesRead } from "../media/list-test-support";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";

/**
 * The outbox's list on a busy business's outbox (GET /api/admin/emails): thousands of e-mails,
 * paged, filtered by status and searched over recipient and subject by the server, with the total.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
const EMAILS = 5000;
const T = `out${Math.random().toString(36).slice(2, 8)}`;
// E-mail i: the newest is 1; one in ten held, one in a hundred failed, the rest sent.
const statusOf = (i: number) => (i % 10 === 0 ? "held" : i % 100 === 1 ? "failed" : "sent");

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
  await ctx.db.execute(sql`
    insert into email_outbox (kind, to_address, subject, text, status, created_at)
    select 'lead_notification', 'client' || lpad(i::text, 5, '0') || '@' || ${T} || '.example',
      'Your quote nr ' || i || ' from Harbor Web', 'Hello',
      case when i % 10 = 0 then 'held' when i % 100 = 1 then 'failed' else 'sent' end,
      now() - i * interval '1 minute'
    from generate_series(1, ${EMAILS}) as i`);
  await ctx.db.execute(sql`vacuum analyze email_outbox`);
});
afterAll(() => ctx.close());

const get = async (query: string) => {
  const res = await ctx.app.request(`/api/admin/emails${query}`, { headers: auth });
  expect(res.status, await res.clone().text()).toBe(200);
  return OutboxPageSchema.parse(await res.json());
};
/** E-mail i's number, from its address. */
const numbers = (page: { emails: { to_address: string }[] }) =>
  page.emails.map((e) => Number(e.to_address.slice(6, 11)));

describe("the outbox, a page at a time", () => {
  it("pages newest first with the total; the last page holds the oldest", async () => {
    const first = await get("");
    expect(first.total).toBe(EMAILS);
    expect(numbers(first)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(numbers(await get("?offset=50&limit=25"))).toEqual(Array.from({ length: 25 }, (_, i) => i + 51));
    expect(numbers(await get(`?offset=${EMAILS - 50}`)).at(-1)).toBe(EMAILS);
    expect((await get(`?offset=${EMAILS}`)).emails).toEqual([]);
  });

  it("filters by status, and pages within it", async () => {
    const held = await get("?status=held&offset=100");
    expect(held.total).toBe(EMAILS / 10);
    expect(numbers(held)).toEqual(Array.from({ length: 50 }, (_, i) => (101 + i) * 10));
    expect(held.emails.every((e) => e.status === statusOf(Number(e.to_address.slice(6, 11))))).toBe(true);
    expect((await get("?status=failed")).total).toBe(EMAILS / 100);
    expect((await get("?status=retrying")).total).toBe(0);
  });

  it("searches recipient and subject in any case, past the first thousand, with the status filter", async () => {
    expect(numbers(await get(`?search=CLIENT04321@${T.toUpperCase()}`))).toEqual([4321]);
    const bySubject = await get("?search=quote%20NR%203210%20from");
    expect(numbers(bySubject)).toEqual([3210]);
    expect(bySubject.total).toBe(1);
    // "nr 321": 321 and 3210-3219; of those, 3210 is held.
    expect((await get("?search=nr%20321")).total).toBe(11);
    expect(numbers(await get("?search=nr%20321&status=held"))).toEqual([3210]);
    // Pattern characters are taken literally; blank is no search.
    expect((await get("?search=%25")).total).toBe(0);
    expect((await get("?search=client_4321")).total).toBe(0);
    expect((await get("?search=%20%20")).total).toBe(EMAILS);
  });

  it("finds a name with letters beyond ASCII in the subject, and the address in capitals", async () => {
    const [row] = (
      await ctx.db.execute<{ id: string }>(sql`insert into email_outbox (kind, to_address, subject, text, status)
        values ('quote', ${`lucja.nguyen@${T}.example`}, 'Wycena dla Łucji Nguyễn', 'Dzień dobry', 'held') returning id`)
    ).rows;
    try {
      expect((await get(`?search=${encodeURIComponent("Łucji Nguyễn")}`)).emails.map((e) => e.to_address)).toEqual([
        `lucja.nguyen@${T}.example`,
      ]);
      expect((await get(`?search=LUCJA.NGUYEN@${T.toUpperCase()}`)).total).toBe(1);
    } finally {
      await ctx.db.execute(sql`delete from email_outbox where id = ${row!.id}`);
    }
  });

  it("refuses a search longer than 200 characters or a bad page", async () => {
    for (const query of [`?search=${"x".repeat(201)}`, "?offset=-1", "?limit=201", "?status=lost"]) {
      const res = await ctx.app.request(`/api/admin/emails${query}`, { headers: auth });
      expect(res.status, query).toBe(400);
    }
  });
});

describe("the plans, on a few thousand e-mails", () => {
  it("a status's page and count read an index on status; a search's the trigram index", async () => {
    // A rare status (1 in 100): its own index, not a walk through every date.
    const failed = outboxPageQueries(ctx.db, { status: "failed", limit: 50, offset: 0 });
    expect(await indexesRead(ctx.pool, failed.ids)).toContain("email_outbox_status_created_idx");
    const counted = await indexesRead(ctx.pool, failed.count);
    expect(counted.some((name) => name?.startsWith("email_outbox_status"))).toBe(true);
    const search = outboxPageQueries(ctx.db, { search: "client04321", limit: 50, offset: 0 });
    expect(await indexesRead(ctx.pool, search.ids)).toContain("email_outbox_search_trgm_idx");
    expect(await indexesRead(ctx.pool, search.count)).toContain("email_outbox_search_trgm_idx");
  });
});
