import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { connectDatabase } from "./client";
import { posts } from "./schema";
import { runPrepared, statementName } from "./prepared";

/**
 * The owner lists' statements run prepared (prepared.ts, decision 054): one name per text, the
 * same rows as the statement run plainly, and the parameters of each call, not the first's.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`insert into posts (title, slug, content, status, post_type) values
    ('Łucja Nguyễn''s bakery', 'lucja-bakery', 'Bread.', 'published', 'blog'),
    ('A draft', 'a-draft', 'Later.', 'draft', 'blog')`);
});
afterAll(() => database.close());

describe("runPrepared", () => {
  it("names a text by its hash: one name for one text, another for another", () => {
    const a = statementName("select 1");
    expect(statementName("select 1")).toBe(a);
    expect(statementName("select 2")).not.toBe(a);
    expect(a).toMatch(/^l_[\w-]{24}$/);
  });

  it("gives the rows the plain statement gives, with each call's own parameters, on every connection", async () => {
    const { db } = database;
    const titleOf = (status: "published" | "draft") =>
      db.select({ title: posts.title }).from(posts).where(eq(posts.status, status));
    // More calls than the pool has connections, at once: each connection prepares it once.
    const calls = await Promise.all(
      Array.from({ length: 12 }, (_, i) => runPrepared(titleOf(i % 2 === 0 ? "published" : "draft"))),
    );
    calls.forEach((rows, i) =>
      expect(rows).toEqual(i % 2 === 0 ? [{ title: "Łucja Nguyễn's bakery" }] : [{ title: "A draft" }]),
    );
    expect(await runPrepared(titleOf("draft"))).toEqual(await titleOf("draft"));
  });

  it("prepares a statement once on a connection, and later calls only bind it", async () => {
    const one = connectDatabase(database.url, { max: 1 });
    try {
      const query = () => one.db.select({ title: posts.title }).from(posts).where(eq(posts.slug, "a-draft"));
      for (let i = 0; i < 3; i++) expect(await runPrepared(query())).toEqual([{ title: "A draft" }]);
      const { rows } = await one.pool.query<{ name: string; text: string }>(
        "select name, statement as text from pg_prepared_statements",
      );
      expect(rows).toEqual([{ name: statementName(query().toSQL().sql), text: query().toSQL().sql }]);
    } finally {
      await one.close();
    }
  });
});
