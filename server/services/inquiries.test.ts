import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../tests/support/app";
import { purgeOldInquiries } from "./inquiries";
import { answerInquiry, createInquiry } from "./inquiry-chat";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("inquiry retention", () => {
  it("drops inquiries older than two years and untouched empty ones after a week, keeping the rest", async () => {
    const ancient = await createInquiry(ctx.db);
    const abandoned = await createInquiry(ctx.db);
    const started = await createInquiry(ctx.db);
    const fresh = await createInquiry(ctx.db);
    await answerInquiry(ctx.db, started.session.id, { content: "Jo" });
    await ctx.db.execute(
      sql`update inquiries set created_at = now() - interval '25 months', updated_at = now() - interval '25 months' where id = ${ancient.session.id}`,
    );
    await ctx.db.execute(
      sql`update inquiries set updated_at = now() - interval '8 days' where id in (${abandoned.session.id}, ${started.session.id})`,
    );

    await purgeOldInquiries(ctx.db);
    const { rows } = await ctx.db.execute(sql`select id from inquiries`);
    const left = rows.map((r) => r.id);
    expect(left).not.toContain(ancient.session.id);
    expect(left).not.toContain(abandoned.session.id);
    expect(left).toContain(started.session.id);
    expect(left).toContain(fresh.session.id);
    const { rows: messages } = await ctx.db.execute(
      sql`select count(*)::int as n from inquiry_messages where inquiry_id = ${ancient.session.id}`,
    );
    expect(messages[0]!.n).toBe(0);
  });
});
