import { OpenAPIHono } from "@hono/zod-openapi";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpointTables } from "~/contracts";
import { endpoint, fillPath, type EndpointShape } from "~/contracts/endpoint";
import type { AppEnv } from "../../server/lib/app-env";
import { routeOf } from "../../server/lib/route-of";
import { createTestApp } from "../support/app";
import { createAdminToken } from "../support/admin";
import { clientEmail, createClientProject, portalToken } from "../support/projects";

/**
 * Who may call is enforced by the endpoint tables (server/lib/access-step.ts, installed by
 * routeOf from each descriptor's `access`): every admin, portal and project descriptor is walked
 * without a token and with the other kind's token, and refuses with 401 before its handler or
 * its input checks run. A WebSocket's plain HTTP route only answers 426 (its upgrade checks the
 * token, server/realtime).
 */
const ctx = await createTestApp();
afterAll(() => ctx.close());

const admin = (await createAdminToken(ctx.db)).token;
const projectId = await createClientProject(ctx.db, { name: "Łucja Nguyễn", email: clientEmail("lucja") });
const portal = await portalToken(ctx.db, { projectId });

const descriptors = Object.entries(endpointTables).flatMap(([table, endpoints]) =>
  Object.entries(endpoints as Record<string, EndpointShape>).map(([name, e]) => ({ name: `${table}.${name}`, e })),
);

/** Any value for each path parameter: the access step answers before the parameters are read. */
const pathOf = (e: EndpointShape) =>
  fillPath(e.path, Object.fromEntries([...e.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], "1"])));

async function status(e: EndpointShape, token?: string) {
  const res = await ctx.app.request(pathOf(e), {
    method: e.method.toUpperCase(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res.status;
}

describe("every descriptor's access, enforced by its table", () => {
  const guarded = descriptors.filter(({ e }) => e.access !== "public" && e.status !== 101);

  it("walks every admin, portal and project descriptor", () => {
    const kinds = new Set(guarded.map(({ e }) => e.access));
    expect([...kinds].sort()).toEqual(["admin", "portal", "project"]);
    expect(guarded.length).toBeGreaterThan(90);
  });

  it("refuses each without a token: 401", async () => {
    const open: string[] = [];
    for (const { name, e } of guarded) {
      const answered = await status(e);
      if (answered !== 401) open.push(`${name} (${e.method.toUpperCase()} ${e.path}): ${answered}`);
    }
    expect(open).toEqual([]);
  });

  it("refuses each admin descriptor a portal token, and each portal descriptor an admin token: 401", async () => {
    const open: string[] = [];
    for (const { name, e } of guarded.filter(({ e }) => e.access !== "project")) {
      const answered = await status(e, e.access === "admin" ? portal : admin);
      if (answered !== 401) open.push(`${name} (${e.method.toUpperCase()} ${e.path}): ${answered}`);
    }
    expect(open).toEqual([]);
  });

  it("lets a project's own token through to the record's check", async () => {
    const comments = endpointTables.projectComments.list;
    const mine = await ctx.app.request(fillPath(comments.path, { id: projectId }), {
      headers: { authorization: `Bearer ${portal}` },
    });
    expect(mine.status).toBe(200);
    const other = await createClientProject(ctx.db, { name: "Ben Okafor", email: clientEmail("ben") });
    const theirs = await ctx.app.request(fillPath(comments.path, { id: other }), {
      headers: { authorization: `Bearer ${portal}` },
    });
    expect(theirs.status).toBe(403);
    const owner = await ctx.app.request(fillPath(comments.path, { id: other }), {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(owner.status).toBe(200);
  });
});

describe("a route whose handler forgets its gate", () => {
  it("is still closed: the descriptor's access answers 401 before the handler runs", async () => {
    const app = new OpenAPIHono<AppEnv>();
    app.use(async (c, next) => {
      c.set("deps", { db: ctx.db } as AppEnv["Variables"]["deps"]);
      await next();
    });
    const answer = z.object({ secret: z.string() });
    let ran = 0;
    const forgetful = (["portal", "admin", "project"] as const).map((access) =>
      endpoint({ method: "get", path: `/api/forgetful-${access}`, access, answer }),
    );
    for (const e of forgetful)
      app.openapi(routeOf(e, { tags: ["test"], summary: "Forgets its gate", answer: "The secret" }), (c) => {
        ran += 1;
        return c.json({ secret: "the client's files" }, 200);
      });
    for (const e of forgetful) {
      const refused = await app.request(e.path);
      expect(refused.status, e.access).toBe(401);
      expect(refused.headers.get("www-authenticate"), e.access).toMatch(/^Bearer realm=/);
      const allowed = await app.request(e.path, {
        headers: { authorization: `Bearer ${e.access === "admin" ? admin : portal}` },
      });
      expect(allowed.status, e.access).toBe(200);
    }
    expect(ran).toBe(3);
  });
});
