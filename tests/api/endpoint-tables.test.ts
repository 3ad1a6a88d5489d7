import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { EndpointShape } from "~/contracts/endpoint";
import { endpointTables } from "~/contracts";
import { projectRoot } from "../../server/lib/paths";
import { createTestApp } from "../support/app";

/**
 * Every API operation is one descriptor in an app/contracts/ table, and every descriptor is
 * served (docs/decisions/040-endpoint-tables.md): the server builds its routes from the
 * descriptors and the browser calls through them, so a path or a schema is written once. This
 * compares the app's own OpenAPI document with the tables both ways, and checks that no route
 * file writes a route by hand.
 */
const ctx = await createTestApp();
afterAll(() => ctx.close());

const doc = (await (await ctx.app.request("/api/openapi.json")).json()) as {
  paths: Record<string, Record<string, unknown>>;
};
const METHODS = ["get", "post", "put", "patch", "delete"];
const served = new Set(
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.keys(item)
      .filter((m) => METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${p}`),
  ),
);
const descriptors = Object.entries(endpointTables).flatMap(([table, endpoints]) =>
  Object.entries(endpoints as Record<string, EndpointShape>).map(([name, e]) => ({
    name: `${table}.${name}`,
    key: `${e.method.toUpperCase()} ${e.path}`,
    endpoint: e,
  })),
);
const described = new Set(descriptors.map((d) => d.key));

describe("the endpoint tables and the served routes", () => {
  it("every served operation has a descriptor", () => {
    expect([...served].filter((key) => !described.has(key))).toEqual([]);
  });

  it("every descriptor is served", () => {
    expect(descriptors.filter((d) => !served.has(d.key)).map((d) => `${d.name}: ${d.key}`)).toEqual([]);
  });

  it("no operation is described twice", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const d of descriptors) {
      if (seen.has(d.key)) twice.push(`${d.key}: ${seen.get(d.key)} and ${d.name}`);
      seen.set(d.key, d.name);
    }
    expect(twice).toEqual([]);
  });

  it("each descriptor names every path parameter it declares", () => {
    const wrong = descriptors.flatMap(({ name, endpoint }) => {
      const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = Object.keys(endpoint.params?.shape ?? {}).sort();
      return inPath.join() === declared.join() ? [] : [`${name}: path {${inPath}} vs params {${declared}}`];
    });
    expect(wrong).toEqual([]);
  });

  it("no route file declares a route by hand", () => {
    const api = path.join(projectRoot, "server/api");
    const byHand = readdirSync(api, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".routes.ts"))
      .filter((file) => /\bcreateRoute\(/.test(readFileSync(path.join(api, file), "utf8")));
    expect(byHand).toEqual([]);
  });
});

describe("the browser's calls", () => {
  /** Source files of app/ outside app/contracts/ (tests and the API docs page, which shows paths, aside). */
  const sources = readdirSync(path.join(projectRoot, "app"), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.startsWith(`contracts${path.sep}`) && !file.includes("api-docs"));

  it("write no /api/ path: each comes from its descriptor", () => {
    const strings = sources.flatMap((file) => {
      const text = readFileSync(path.join(projectRoot, "app", file), "utf8");
      return [...text.matchAll(/["`]\/api\/[^"`]*/g)].map((m) => `${file}: ${m[0]}`);
    });
    expect(strings).toEqual([]);
  });

  it("send no unchecked body", () => {
    const loose = sources.filter((file) =>
      /\bbody: unknown\b/.test(readFileSync(path.join(projectRoot, "app", file), "utf8")),
    );
    expect(loose).toEqual([]);
  });
});
