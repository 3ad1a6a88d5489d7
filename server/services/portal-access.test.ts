import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../tests/support/app";
import { createProjectForContact, upsertLeadContact } from "./intake/leads";
import { retryOnUniqueViolation } from "../db/tx";
import {
  accessibleProjectIds,
  canAccessProject,
  createPortalSession,
  createSignInLink,
  emailHasProjects,
  portalAccessOf,
  purgeExpiredPortalAccess,
  redeemSignInLink,
  SIGN_IN_LINK_MS,
} from "./portal-access";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let mine: string[];
let theirs: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const project = (name: string, email: string) =>
    retryOnUniqueViolation(ctx.db, async (tx) => {
      const { contact } = await upsertLeadContact(tx, { name, email, source: "website", status: "submitted" });
      return createProjectForContact(tx, contact.id, {
        name: `${name} Website Project`,
        description: "A site",
        status: "submitted",
      });
    });
  mine = [await project("Ana Souza", "ana@example.com"), await project("Ana Souza", "Ana@Example.com")];
  theirs = await project("Ben Costa", "ben@example.com");
});
afterAll(() => ctx.close());

describe("client portal access", () => {
  it("a sign-in link opens its address's projects once, and only those", async () => {
    const { token: link } = await createSignInLink(ctx.db, " ANA@example.com ");
    const session = await redeemSignInLink(ctx.db, link);
    expect(session?.email).toBe("ana@example.com");
    expect(await redeemSignInLink(ctx.db, link), "a link works once").toBeNull();

    const access = await portalAccessOf(ctx.db, session!.token);
    expect(access).toEqual({ email: "ana@example.com", projectId: null, expiresAt: session!.expiresAt });
    expect((await accessibleProjectIds(ctx.db, access!)).sort()).toEqual([...mine].sort());
    expect(await canAccessProject(ctx.db, access!, mine[0]!)).toBe(true);
    expect(await canAccessProject(ctx.db, access!, theirs)).toBe(false);
  });

  it("two presses at once spend a link once", async () => {
    const { token: link } = await createSignInLink(ctx.db, "ana@example.com");
    const results = await Promise.all([redeemSignInLink(ctx.db, link), redeemSignInLink(ctx.db, link)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("a link expires after 30 minutes", async () => {
    const issued = new Date("2026-01-01T10:00:00Z");
    const { token: link } = await createSignInLink(ctx.db, "ana@example.com", issued);
    expect(await redeemSignInLink(ctx.db, link, new Date(issued.getTime() + SIGN_IN_LINK_MS + 1))).toBeNull();
    expect(await redeemSignInLink(ctx.db, "not-a-link")).toBeNull();
  });

  it("a project-ID session opens that project alone", async () => {
    const { token } = await createPortalSession(ctx.db, { email: null, projectId: theirs });
    const access = await portalAccessOf(ctx.db, token);
    expect(await accessibleProjectIds(ctx.db, access!)).toEqual([theirs]);
    expect(await canAccessProject(ctx.db, access!, mine[0]!)).toBe(false);
    expect(await portalAccessOf(ctx.db, "unknown-token")).toBeNull();
  });

  it("knows which addresses have projects, and purges what has expired", async () => {
    expect(await emailHasProjects(ctx.db, "ben@example.com")).toBe(true);
    expect(await emailHasProjects(ctx.db, "nobody@example.com")).toBe(false);
    const old = new Date(Date.now() - 60 * 24 * 3600 * 1000);
    const { token } = await createPortalSession(ctx.db, { email: "ben@example.com", projectId: null }, old);
    await createSignInLink(ctx.db, "ben@example.com", old);
    await purgeExpiredPortalAccess(ctx.db);
    expect(await portalAccessOf(ctx.db, token, old)).toBeNull();
    const { rows } = await ctx.db.execute(
      sql`select count(*)::int as n from portal_sign_in_links where created_at < now() - interval '1 day'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
