import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../tests/support/db";
import { PROJECT_ID_PATTERN } from "../server/services/projects/project-id";
import { AT_SCALE_ONE, seedDatabase, SeedRefusedError, type SeedResult } from "./seed/seed-database";

/** `npm run seed` at a fiftieth of a practice, through the function the command calls. */
const SCALE = 0.02;
const NOW = new Date("2026-11-20T17:30:00Z");

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Db;
let seeded: SeedResult;

const one = async <T>(db: Db, query: string): Promise<T> => (await db.db.execute(sql.raw(query))).rows[0] as T;
const count = async (db: Db, query: string) => Number((await one<{ n: string }>(db, query)).n);

/** A digest of what the seed wrote, ids of the analytics aside (two writers share their sequence). */
const digest = (db: Db) =>
  one<Record<string, string>>(
    db,
    `select
      (select md5(string_agg(concat_ws('|', id, name, email, phone, company, source, status, lead_score, landing_page,
        created_at), ',' order by id)) from contacts) as contacts,
      (select md5(string_agg(concat_ws('|', id, name, status, created_at), ',' order by id)) from projects) as projects,
      (select md5(string_agg(concat_ws('|', id, inquiry_id, content, created_at), ',' order by id)) from inquiry_messages) as messages,
      (select md5(string_agg(concat_ws('|', kind, to_address, subject, status), ',' order by id)) from email_outbox) as outbox,
      (select md5(string_agg(concat_ws('|', id, number, revision, status, total_cents, accepted_content_hash, created_at),
        ',' order by id)) from quotes) as quotes,
      (select md5(string_agg(concat_ws('|', id, number, status, total_cents, amount_paid_cents, created_at), ',' order by id))
        from invoices) as invoices,
      (select md5(string_agg(concat_ws('|', id, invoice_id, amount_cents, method, stripe_event_id, created_at),
        ',' order by id)) from invoice_payments) as payments,
      (select md5(string_agg(concat_ws('|', kind, name, path, visitor, referrer_host, entry, scroll_depth, seconds,
        created_at), ',' order by created_at, kind, name, path, visitor, seconds, scroll_depth)) from analytics_events) as analytics`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  seeded = await seedDatabase(database.db, { scale: SCALE, now: NOW });
});
afterAll(() => database?.close());

describe("seedDatabase", () => {
  it("writes N times the practice's counts", async () => {
    const at = (n: number) => Math.round(n * SCALE);
    expect(await count(database, "select count(*) as n from contacts")).toBe(at(AT_SCALE_ONE.contacts));
    expect(await count(database, "select count(*) as n from communications")).toBe(at(AT_SCALE_ONE.communications));
    expect(await count(database, "select count(*) as n from projects")).toBe(at(AT_SCALE_ONE.projects));
    expect(await count(database, "select count(*) as n from inquiries")).toBe(at(AT_SCALE_ONE.inquiries));
    expect(await count(database, "select count(*) as n from email_outbox")).toBe(at(AT_SCALE_ONE.emails));
    expect(await count(database, "select count(*) as n from analytics_events where kind = 'pageview'")).toBe(
      at(AT_SCALE_ONE.pageviews),
    );
    const messages = await count(database, "select count(*) as n from inquiry_messages");
    expect(messages / at(AT_SCALE_ONE.inquiries)).toBeGreaterThan(8);
    expect(await count(database, "select count(*) as n from posts where post_type = 'portfolio'")).toBeGreaterThan(11);
    expect(seeded.rows.contacts).toBe(at(AT_SCALE_ONE.contacts));
  });

  it("gives every project its one primary contact and an ID like the app's", async () => {
    const projects = (await database.db.execute(sql.raw("select id from projects"))).rows.map((row) => String(row.id));
    for (const id of projects) expect(id).toMatch(PROJECT_ID_PATTERN);
    const withoutOnePrimary = `select count(*) as n from projects p
      where (select count(*) from project_contacts c where c.project_id = p.id and c.is_primary) <> 1`;
    expect(await count(database, withoutOnePrimary)).toBe(0);
  });

  it("keeps e-mail addresses unique whatever their case", async () => {
    const emails = await one<{ all: string; distinct: string }>(
      database,
      "select count(email) as all, count(distinct lower(email)) as distinct from contacts",
    );
    expect(Number(emails.distinct)).toBe(Number(emails.all));
  });

  it("files every finished chat as the app does, with its messages in order", async () => {
    const unlinked = `select count(*) as n from inquiries
      where status = 'completed' and (contact_id is null or project_id is null or completion_percentage <> 100)`;
    expect(await count(database, unlinked)).toBe(0);
    expect(await count(database, "select count(*) as n from inquiries where status = 'completed'")).toBeGreaterThan(0);
    const outOfOrder = `select count(*) as n from (select created_at < lag(created_at) over (partition by inquiry_id
      order by id) as back from inquiry_messages) m where back`;
    expect(await count(database, outOfOrder)).toBe(0);
  });

  it("spreads two years of visits with entries, referrers, scrolls and events", async () => {
    // Days from each end of the rows to NOW: two years back (the purge keeps 730 days), up to NOW.
    const span = await one<{ first: string; last: string }>(
      database,
      `select extract(epoch from '${NOW.toISOString()}'::timestamptz - min(created_at)) / 86400 as first,
        extract(epoch from '${NOW.toISOString()}'::timestamptz - max(created_at)) / 86400 as last from analytics_events`,
    );
    expect(Number(span.first)).toBeGreaterThan(720);
    expect(Number(span.first)).toBeLessThan(730);
    expect(Number(span.last)).toBeGreaterThanOrEqual(0);
    expect(Number(span.last)).toBeLessThan(1);
    const rows = await one<Record<string, string>>(
      database,
      `select count(*) filter (where entry) as entries, count(*) filter (where referrer_host is not null) as referred,
        count(*) filter (where utm_source is not null) as tagged, count(*) filter (where kind = 'scroll') as scrolls,
        count(*) filter (where name = 'time_on_page' and seconds >= 30) as stays,
        count(*) filter (where kind = 'event' and name <> 'time_on_page') as events
      from analytics_events`,
    );
    for (const figure of Object.values(rows)) expect(Number(figure)).toBeGreaterThan(0);
    const attributed = "select count(*) as n from contacts where landing_page is not null and referrer is not null";
    expect(await count(database, attributed)).toBeGreaterThan(0);
  });

  it("writes the same data for the same N", async () => {
    const again = await createTestDatabase();
    try {
      await seedDatabase(again.db, { scale: SCALE, now: NOW });
      expect(await digest(again)).toEqual(await digest(database));
    } finally {
      await again.close();
    }
  });

  it("leaves nothing behind when a part fails, the analytics written beside it included", async () => {
    const broken = await createTestDatabase();
    try {
      // The outbox is written after the analytics writers have started: make it fail there.
      await broken.db.execute(
        sql.raw("alter table email_outbox add constraint no_compose check (kind <> 'admin_compose')"),
      );
      await expect(seedDatabase(broken.db, { scale: SCALE, now: NOW })).rejects.toThrow();
      const left = await one<Record<string, string>>(
        broken,
        `select (select count(*) from contacts) as contacts, (select count(*) from analytics_events) as analytics,
          (select count(*) from email_outbox) as outbox`,
      );
      expect(left).toEqual({ contacts: "0", analytics: "0", outbox: "0" });
    } finally {
      await broken.close();
    }
  });

  it("refuses a database that holds data, and adds beside it when forced", async () => {
    const attempt = seedDatabase(database.db, { scale: SCALE, now: NOW });
    await expect(attempt).rejects.toThrow(SeedRefusedError);
    await expect(attempt).rejects.toThrow(/100 contacts.*--force/);

    await seedDatabase(database.db, { scale: SCALE, now: NOW, force: true });
    expect(await count(database, "select count(*) as n from contacts")).toBe(
      2 * Math.round(AT_SCALE_ONE.contacts * SCALE),
    );
    const emails = await one<{ all: string; distinct: string }>(
      database,
      "select count(email) as all, count(distinct lower(email)) as distinct from contacts",
    );
    expect(Number(emails.distinct)).toBe(Number(emails.all));
    // The second practice's quotes are numbered after the first's (a number taken twice fails the seed).
    expect(seeded.rows.quotes).toBeGreaterThan(0);
    expect(await count(database, "select count(*) as n from quotes")).toBeGreaterThan(seeded.rows.quotes!);
  });
});
