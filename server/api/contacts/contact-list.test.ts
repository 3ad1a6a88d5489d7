import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommunicationListSchema, ContactListSchema } from "~/contracts/contacts";
import { CONTACT_CSV_HEADER } from "~/contracts/contact-list";
import type { Contact } from "~/contracts/contacts";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { csvRecords, readChunks } from "../../../tests/support/csv-stream";
import { addProjectContact, createClientProject } from "../../../tests/support/projects";
import { contacts as contactsTable } from "../../db/schema";
import { communicationCount, toContact } from "../../services/contacts";
import { CSV_CHUNK_ROWS } from "../../services/list-pages";

/**
 * GET /api/admin/contacts, its CSV export and a contact's log, on a busy business's numbers:
 * 5,020 contacts made by one insert. Search, filters, sort and paging run in SQL; no cap hides
 * a row (the old list stopped at 5,000, so the oldest contact could not be found).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
const tag = `t${Math.random().toString(36).slice(2, 8)}`;
/** Marks of the rows a test adds besides the 5,020, which the other tests' searches must not find. */
const otherMark = () => `o${Math.random().toString(36).slice(2, 8)}`;
const MANY = 5020;

const get = (path: string) => ctx.app.request(path, { headers: auth });
async function page(query: Record<string, string | number>) {
  const res = await get(`/api/admin/contacts?${new URLSearchParams({ q: tag, ...query } as Record<string, string>)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = await res.json();
  // Exactly what the contract declares, and what the admin client checks.
  expect(ContactListSchema.parse(body)).toEqual(body);
  return body as { contacts: Contact[]; total: number; limit: number; offset: number };
}

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
  // Groups of three share a creation time and scores repeat, so every order needs its tie-break.
  await ctx.db.execute(sql`
    insert into contacts (name, email, phone, company, status, lead_score, source, submission_data, initial_message, created_at)
    select 'Lister ' || ${tag} || ' ' || g,
           'lister' || g || '.' || ${tag} || '@example.com',
           '401-555-' || lpad((g % 10000)::text, 4, '0'),
           'Tidewater ' || ${tag} || ' Co' || (g % 7),
           (array['new','submitted','contacted','qualified','proposal','won','lost'])[1 + g % 7],
           g % 101,
           'manual',
           case when g % 5 = 0 then '{"site_type":"business","budget":"500-plus","timeline":"asap","readiness":"ready"}'::jsonb end,
           'We need a website for the shop: a menu, opening hours, photos of our work and a way to ask for a quote. ' ||
           'Could you call me next week? Mornings are best.',
           now() - make_interval(mins => g / 3)
    from generate_series(1, ${MANY}::int) g`);
  // As autovacuum leaves a table in use: statistics, and the GIN indexes' pending entries merged.
  await ctx.db.execute(sql`vacuum analyze contacts`);
}, 60_000);
afterAll(() => ctx.close());

describe("the contacts list", () => {
  it("answers a page of 50 by default with the total, and every page in turn holds every contact once", async () => {
    const first = await page({});
    expect(first).toMatchObject({ total: MANY, limit: 50, offset: 0 });
    expect(first.contacts).toHaveLength(50);
    const seen = new Set<number>();
    for (let offset = 0; offset < MANY; offset += 100) {
      const { contacts, total } = await page({ limit: 100, offset });
      expect(total).toBe(MANY);
      for (const c of contacts) seen.add(c.id);
    }
    expect(seen.size).toBe(MANY);
    expect((await page({ limit: 100, offset: 5000 })).contacts).toHaveLength(20);
    expect((await page({ offset: 99_999 })).contacts).toEqual([]);
  });

  it("keeps a filter's total only until contacts change, whoever changes them", async () => {
    const won = (await page({ status: "won" })).total;
    expect((await page({})).total).toBe(MANY);
    // Written beside the app, as another process or a script would: the trigger marks the change.
    const [added] = (
      await ctx.db.execute<{ id: number }>(
        sql`insert into contacts (name, email, status, source) values (${`Late ${tag}`}, ${`late.${tag}@example.com`}, 'new', 'manual') returning id`,
      )
    ).rows;
    expect((await page({})).total).toBe(MANY + 1);
    await ctx.db.execute(sql`update contacts set status = 'won' where id = ${added!.id}`);
    expect((await page({ status: "won" })).total).toBe(won + 1);
    await ctx.db.execute(sql`delete from contacts where id = ${added!.id}`);
    expect((await page({ status: "won" })).total).toBe(won);
    // A first page that is not full holds every match: its length is the total.
    const late = await page({ q: `late.${tag}` });
    expect(late).toMatchObject({ total: 0, contacts: [] });
    expect((await page({})).total).toBe(MANY);
  });

  it("finds the oldest contact past the 5,000th by search, in any case, by name, e-mail or company", async () => {
    const oldest = await page({ q: `LISTER${MANY}.${tag.toUpperCase()}@` });
    expect(oldest.total).toBe(1);
    expect(oldest.contacts[0]).toMatchObject({ name: `Lister ${tag} ${MANY}` });
    expect((await page({ q: `lister ${tag} ${MANY}`.toUpperCase() })).total).toBe(1);
    const company = await page({ q: `tidewater ${tag} co3`, limit: 100 });
    expect(company.total).toBe(Array.from({ length: MANY }, (_, i) => i + 1).filter((g) => g % 7 === 3).length);
    expect(company.contacts.every((c) => c.company === `Tidewater ${tag} Co3`)).toBe(true);
    // LIKE's wildcards match themselves.
    expect((await page({ q: "%%%" })).total).toBe(0);
  });

  it("finds a phone number however it is typed", async () => {
    const mark = otherMark();
    const res = await ctx.app.request("/api/admin/contacts", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Jenny ${mark}`, email: `jenny.${mark}@example.com`, phone: "401.867.5309" }),
    });
    expect(res.status).toBe(201);
    for (const q of ["4018675309", "(401) 867-5309", "867.53"]) {
      const found = (await (await get(`/api/admin/contacts?q=${encodeURIComponent(q)}`)).json()) as { total: number };
      expect(found.total, q).toBe(1);
    }
  });

  it("filters by status and by view=submissions in SQL, with their totals", async () => {
    const [counts] = (
      await ctx.db.execute<{ qualified: number; subs: number; subs_won: number }>(sql`
        select count(*) filter (where status = 'qualified')::int qualified,
               count(*) filter (where submission_data is not null)::int subs,
               count(*) filter (where submission_data is not null and status = 'won')::int subs_won
        from contacts where email like ${`%.${tag}@example.com`}`)
    ).rows;
    const qualified = await page({ status: "qualified", limit: 100 });
    expect(qualified.total).toBe(counts!.qualified);
    expect(qualified.contacts.every((c) => c.status === "qualified")).toBe(true);
    const subs = await page({ view: "submissions" });
    expect(subs.total).toBe(counts!.subs);
    expect(subs.contacts.every((c) => c.submission_data !== null)).toBe(true);
    expect((await page({ view: "submissions", status: "won" })).total).toBe(counts!.subs_won);
  });

  it("sorts newest, oldest, by name and by score, each page following on from the last", async () => {
    const ids = async (sort: string) => [
      ...(await page({ sort, limit: 100, offset: 0 })).contacts,
      ...(await page({ sort, limit: 100, offset: 100 })).contacts,
    ];
    const expected = async (order: string) =>
      (
        await ctx.db.execute<{ id: number }>(
          sql.raw(`select id::int from contacts where email like '%.${tag}@example.com' order by ${order} limit 200`),
        )
      ).rows.map((r) => r.id);
    expect((await ids("newest")).map((c) => c.id)).toEqual(await expected("created_at desc, id desc"));
    expect((await ids("oldest")).map((c) => c.id)).toEqual(await expected("created_at, id"));
    expect((await ids("name")).map((c) => c.id)).toEqual(await expected("lower(name), id"));
    expect((await ids("score")).map((c) => c.id)).toEqual(await expected("lead_score desc, id desc"));
    expect((await page({ sort: "score" })).contacts[0]!.lead_score).toBe(100);
  });

  it("pages and sorts a search of few matches the same way (found through the indexes first)", async () => {
    // "Lister <tag> 12" begins 111 names (12, 120-129, 1200-1299): few among 5,020.
    const q = `${tag} 12`;
    const ids = async (sort: string) => {
      const pages = [];
      for (let offset = 0; offset < 120; offset += 40)
        pages.push(...(await page({ q, sort, limit: 40, offset })).contacts);
      return pages.map((c) => c.id);
    };
    const expected = async (order: string) =>
      (
        await ctx.db.execute<{ id: number }>(
          sql.raw(`select id::int from contacts where name ilike '%${q}%' order by ${order}`),
        )
      ).rows.map((r) => r.id);
    expect((await page({ q })).total).toBe(111);
    expect(await ids("newest")).toEqual(await expected("created_at desc, id desc"));
    expect(await ids("oldest")).toEqual(await expected("created_at, id"));
    expect(await ids("name")).toEqual(await expected("lower(name), id"));
    expect(await ids("score")).toEqual(await expected("lead_score desc, id desc"));
    expect(await page({ q, offset: 111 })).toMatchObject({ total: 111, contacts: [] });
  });

  it("refuses a page larger than 100, a negative offset and an unknown sort, naming the parameter", async () => {
    for (const [query, name] of [
      ["limit=101", "limit"],
      ["limit=0", "limit"],
      ["limit=abc", "limit"],
      ["offset=-1", "offset"],
      ["sort=random", "sort"],
    ]) {
      const res = await get(`/api/admin/contacts?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(name);
    }
  });

  it("searches in a form the trigram indexes serve (the planner picks them once reading every row costs more)", async () => {
    const like = `%lister ${tag} 4999%`;
    // Whether the planner prefers them depends on the table's size and the server's version; that
    // it can use them at all depends on the query's shape (a lower() around a column would not).
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain (format json) select id from contacts where name ilike ${like} or email ilike ${like} or company ilike ${like} or phone ilike ${like}`,
      );
    });
    for (const index of ["name", "email", "company", "phone"])
      expect(JSON.stringify(plan.rows)).toContain(`contacts_${index}_trgm_idx`);
  });
});

describe("a list row", () => {
  it("is the contact as the API writes it everywhere else, with its projects, the newest first", async () => {
    const mark = otherMark();
    // The texts and values a row can hold: quotes, line breaks, non-Latin letters, JSON, nulls,
    // timestamps with microseconds (to the millisecond, as toISOString writes them).
    await ctx.db.execute(sql`
      insert into contacts (name, email, phone, company, address, business_type, website_url, source, status,
        lead_score, submission_data, initial_message, landing_page, referrer, utm_source, utm_medium, utm_campaign,
        created_at, updated_at)
      values
        (${`Zoë "Quoted" O'Neil ${mark}`}, ${`zoe.${mark}@example.com`}, '(401) 555-0199', 'Café Ñandú', E'12 Main St\nWesterly',
         'restaurant', 'https://cafe.example', 'website', 'submitted', 87,
         ${JSON.stringify({ site_type: "business", budget: "500-plus", pages: ["Menu", "Hours"], note: 'tab\tand "quote"' })}::jsonb,
         E'Line one\nline two', '/restaurant-web-design-rhode-island', 'https://www.google.com/', 'google', 'cpc', 'spring',
         '2026-01-02 03:04:05.678999+00', '2026-01-02 03:04:05.999999+00'),
        (${`Plain ${mark}`}, null, null, null, null, null, null, 'manual', 'new', 0, null, null, null, null, null, null, null,
         '1999-12-31 23:59:59.0005+00', '2000-01-01 00:00:00+00')`);
    const client = { name: `Project ${mark}`, email: `p.${mark}@example.com` };
    const first = await createClientProject(ctx.db, client);
    const second = await createClientProject(ctx.db, client);
    await addProjectContact(ctx.db, first, { name: `Stakeholder ${mark}`, email: `s.${mark}@example.com` });
    await ctx.db.execute(sql`
      insert into communications (contact_id, type, direction, subject, content)
      select id, 'note', 'outbound', 'Call', 'Called back' from contacts where name = ${`Plain ${mark}`}`);

    const listed = (
      (await (await get(`/api/admin/contacts?q=${mark}&sort=name&limit=100`)).json()) as {
        contacts: (Contact & { project_ids: string[]; next_call_at: string | null })[];
      }
    ).contacts;
    expect(listed.map((c) => c.name).sort()).toEqual(
      [`Plain ${mark}`, `Project ${mark}`, `Stakeholder ${mark}`, `Zoë "Quoted" O'Neil ${mark}`].sort(),
    );
    const rows = await ctx.db
      .select({ row: contactsTable, n: communicationCount })
      .from(contactsTable)
      .where(sql`${contactsTable.name} like ${`%${mark}`}`);
    for (const { row, n } of rows) {
      const inList = listed.find((c) => c.id === row.id)!;
      const { project_ids, next_call_at, ...contact } = inList;
      expect(contact).toEqual(toContact(row, n));
      expect(next_call_at).toBeNull();
      expect(project_ids).toEqual(
        row.name === client.name ? [second, first] : row.name.startsWith("Stakeholder") ? [first] : [],
      );
    }
    expect(listed.find((c) => c.name.startsWith("Zoë"))!.created_at).toBe("2026-01-02T03:04:05.678Z");
    expect(listed.find((c) => c.name.startsWith("Plain"))).toMatchObject({
      communication_count: 1,
      created_at: "1999-12-31T23:59:59.000Z",
    });
  });
});

describe("the contacts export", () => {
  it("streams every contact of the filtered set, past 5,000, with the list's filters and search", async () => {
    const res = await get(`/api/admin/contacts.csv?q=${tag}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { text, chunks } = await readChunks(res);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const records = csvRecords(text);
    expect(records[0]).toBe(CONTACT_CSV_HEADER.join(","));
    expect(records).toHaveLength(MANY + 1);
    expect(new Set(records.slice(1).map((r) => r.split(",")[1])).size).toBe(MANY);
    expect(records.some((r) => r.startsWith(`Lister ${tag} ${MANY},lister${MANY}.${tag}@example.com,`))).toBe(true);
    // Written as read: one chunk per batch of 1,000, never the whole file at once.
    expect(chunks).toBeGreaterThanOrEqual(Math.ceil(MANY / 1000));

    const won = csvRecords((await readChunks(await get(`/api/admin/contacts.csv?q=${tag}&status=won`))).text);
    expect(won.slice(1).every((r) => r.split(",")[4] === "Won")).toBe(true);
    expect(won).toHaveLength((await page({ status: "won" })).total + 1);
  });

  it("keeps the list's order across batches, ties included", async () => {
    const names = async (sort: string) =>
      csvRecords((await readChunks(await get(`/api/admin/contacts.csv?q=${tag}&sort=${sort}`))).text)
        .slice(1)
        .map((r) => r.split(",")[0]);
    const expected = async (order: string) =>
      (
        await ctx.db.execute<{ name: string }>(
          sql.raw(`select name from contacts where email like '%.${tag}@example.com' order by ${order}`),
        )
      ).rows.map((r) => r.name);
    expect(await names("oldest")).toEqual(await expected("created_at, id"));
    expect(await names("name")).toEqual(await expected("lower(name), id"));
    expect(await names("score")).toEqual(await expected("lead_score desc, id desc"));
  });

  it("escapes formulas and quotes cells, and leaves phone numbers as they are", async () => {
    const mark = otherMark();
    const add = (name: string, phone: string | null = null) =>
      ctx.app.request("/api/admin/contacts", {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ name, email: `${Math.random().toString(36).slice(2)}.${mark}@example.com`, phone }),
      });
    for (const [name, phone] of [
      [`=HYPERLINK("http://evil.example") ${mark}`, null],
      [`@SUM(A1) ${mark}`, "+1 401 555 0190"],
      [`Lopez, "Ana" ${mark}`, "-5"],
    ] as const)
      expect((await add(name, phone)).status).toBe(201);
    const text = (await readChunks(await get(`/api/admin/contacts.csv?q=${mark}`))).text;
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"") ${mark}",`);
    expect(text).toContain(`'@SUM(A1) ${mark},`);
    expect(text).toContain(`,+1 401 555 0190,`);
    expect(text).toContain(`"Lopez, ""Ana"" ${mark}",`);
    expect(text).toContain(`,-5,`);
  });

  it("sends 50,000 rows in pieces of a hundred rows: what the server holds stays one batch", async () => {
    const mark = otherMark();
    await ctx.db.execute(sql`
      insert into contacts (name, email, company, initial_message, created_at)
      select 'Bulk ' || ${mark} || ' ' || g, 'bulk' || g || '.' || ${mark} || '@example.com', 'Bulk Co ' || ${mark},
             repeat('A long first message from the website form. ', 4), now() - make_interval(secs => g)
      from generate_series(1, 50000) g`);
    const res = await get(`/api/admin/contacts.csv?q=${mark}`);
    const reader = res.body!.getReader();
    let rows = -1; // the header
    let chunks = 0;
    let largest = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks++;
      largest = Math.max(largest, read.value.byteLength);
      for (const byte of read.value) if (byte === 10) rows++;
    }
    expect(rows).toBe(50_000);
    expect(chunks).toBeGreaterThanOrEqual(50_000 / CSV_CHUNK_ROWS);
    // A chunk of 100 rows is about 10 KB (the Node thread free between two); the whole file is about 5 MB.
    expect(largest).toBeLessThan(32 * 1024);
  }, 60_000);

  it("answers only the owner", async () => {
    expect((await ctx.app.request(`/api/admin/contacts.csv`)).status).toBe(401);
  });
});

describe("a contact's communication log", () => {
  it("pages newest first with the count of all entries", async () => {
    const [contact] = (
      await ctx.db.execute<{ id: number }>(
        sql`select id::int from contacts where email = ${`lister7.${tag}@example.com`}`,
      )
    ).rows;
    await ctx.db.execute(sql`
      insert into communications (contact_id, type, direction, content, created_by, created_at)
      select ${contact!.id}, 'note', 'outbound', 'Note ' || g, 'owner@example.com', now() - make_interval(mins => 130 - g)
      from generate_series(1, 120) g`);
    const read = async (query: string) => {
      const res = await get(`/api/admin/contacts/${contact!.id}/communications${query}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(CommunicationListSchema.parse(body)).toEqual(body);
      return body as { communications: { content: string }[]; total: number; limit: number; offset: number };
    };
    const first = await read("");
    expect(first).toMatchObject({ total: 120, limit: 50, offset: 0 });
    expect(first.communications.slice(0, 2).map((c) => c.content)).toEqual(["Note 120", "Note 119"]);
    const last = await read("?limit=50&offset=100");
    expect(last.communications.map((c) => c.content).at(-1)).toBe("Note 1");
    expect(last.communications).toHaveLength(20);
    expect((await get(`/api/admin/contacts/99999999/communications`)).status).toBe(404);
    expect((await get(`/api/admin/contacts/${contact!.id}/communications?limit=500`)).status).toBe(400);
  });
});
