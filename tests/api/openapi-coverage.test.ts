import { afterAll, describe, expect, it } from "vitest";
import { createAdminToken } from "../support/admin";
import { createTestApp } from "../support/app";

/**
 * The API documentation screen (/admin/api) shows /api/openapi.json as it is, so the document must
 * be a sound OpenAPI 3 document (docs/product/api-docs.md "The screen": API version 1.0.0), must
 * hold every call of the call tables below, and must name only routes the app really serves. The
 * contract test (openapi-contract.test.ts) checks the other direction: every served route is
 * documented.
 */
const ctx = await createTestApp();
afterAll(() => ctx.close());

type Schema = Record<string, unknown> & { $ref?: string; properties?: Record<string, Schema> };
type Parameter = { name: string; in: string; required?: boolean; example?: unknown; schema?: Schema };
type Operation = {
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
type Document = {
  openapi?: unknown;
  info?: { title?: unknown; version?: unknown };
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

const res = await ctx.app.request("/api/openapi.json");
const doc = (await res.json()) as Document;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ path, method, op, name: `${method.toUpperCase()} ${path}` })),
);
const documented = new Map(operations.map((o) => [o.name, o]));

/** Every `$ref` anywhere in the document, with where it stands. */
function refsIn(value: unknown, at: string, out: { ref: string; at: string }[] = []) {
  if (Array.isArray(value)) value.forEach((item, i) => refsIn(item, `${at}[${i}]`, out));
  else if (value && typeof value === "object")
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") out.push({ ref: child, at });
      else refsIn(child, `${at}/${key}`, out);
    }
  return out;
}

/** A local reference (`#/components/schemas/Contact`) followed through the document, or undefined. */
function target(ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!node || typeof node !== "object" || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const resolve = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? resolve(target(schema.$ref) as Schema | undefined) : schema;

describe("/api/openapi.json is a sound OpenAPI 3 document", () => {
  it("names its OpenAPI version, title and version 1.0.0", () => {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(typeof doc.info?.title === "string" && doc.info.title.length > 0, "info.title").toBe(true);
    expect(doc.info?.version).toBe("1.0.0");
    expect(operations.length).toBeGreaterThan(60);
  });

  it("every path is under /api, and every path parameter is declared as a required one", () => {
    for (const { path, op, name } of operations) {
      expect(path, name).toMatch(/^\/api\//);
      for (const param of path.matchAll(/\{([^}]+)\}/g)) {
        const declared = op.parameters?.find((p) => p.in === "path" && p.name === param[1]);
        expect(declared?.required, `${name}: path parameter ${param[1]}`).toBe(true);
      }
      for (const p of op.parameters ?? [])
        expect(["path", "query", "header", "cookie"], `${name}: parameter ${p.name}`).toContain(p.in);
    }
  });

  it("every operation has a summary, a tag and responses, each a status with a description", () => {
    for (const { op, name } of operations) {
      expect(op.summary, `${name}: summary`).toBeTruthy();
      expect(op.tags?.length, `${name}: tags`).toBeGreaterThan(0);
      const responses = Object.entries(op.responses ?? {});
      expect(responses.length, `${name}: responses`).toBeGreaterThan(0);
      for (const [status, response] of responses) {
        expect(status, name).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
        expect(response.description, `${name} ${status}: description`).toBeTruthy();
      }
    }
  });

  it("every JSON request body has an example to start from: its own, or one on each required field", () => {
    // The documentation screen's tester starts from it.
    const hasExample = (schema: Schema | undefined): boolean => {
      const s = resolve(schema);
      if (!s) return false;
      if (s.example !== undefined || "const" in s || "default" in s || Array.isArray(s.enum)) return true;
      const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
      if (branches) return branches.some((branch) => branch.type !== "null" && hasExample(branch));
      if (s.items) return hasExample(s.items as Schema);
      const required = (s.required as string[] | undefined) ?? [];
      const properties = Object.values(s.properties ?? {});
      return required.every((key) => hasExample(s.properties?.[key])) && properties.some(hasExample);
    };
    for (const { op, name } of operations) {
      const media = op.requestBody?.content?.["application/json"] as { schema?: Schema; example?: unknown } | undefined;
      if (media) expect(media.example !== undefined || hasExample(media.schema), `${name}: no example body`).toBe(true);
    }
  });

  it("every $ref resolves to a component", () => {
    const refs = refsIn(doc, "#");
    expect(refs.length).toBeGreaterThan(50);
    const broken = refs.filter(({ ref }) => !ref.startsWith("#/components/") || target(ref) === undefined);
    expect(broken, "references that lead nowhere").toEqual([]);
  });
});

/**
 * Every call of the requirements' call tables, written out as they were given. `spec` names the
 * table: "back-office 7" the back office's calls (docs/product/api.md "Admin calls" and each
 * back-office page's "The calls"), "back-office 7 further" docs/product/api-docs.md
 * "Further documented endpoints", "public-site 7" the public site's calls (docs/product/api.md
 * "Public calls"). `servedAs` is the operation that serves a call the table names differently, with
 * `why`. `query` names the query parameters the call sends, `defaults` their stated defaults,
 * `multipart` the form fields of an upload.
 */
type SpecCall = {
  spec: "back-office 7" | "back-office 7 further" | "public-site 7";
  call: string;
  servedAs?: string;
  why?: string;
  query?: string[];
  defaults?: Record<string, unknown>;
  multipart?: string[];
  websocket?: true;
};

const UNDER_ID =
  "The app's paths name the project parameter {id}, as in docs/product/projects.md 'The calls'; same route.";
const SPEC_CALLS: SpecCall[] = [
  { spec: "back-office 7", call: "POST /api/auth/login" },
  { spec: "back-office 7", call: "POST /api/admin/send-email" },
  { spec: "back-office 7", call: "GET /api/admin/email-usage" },
  { spec: "back-office 7", call: "GET /api/admin/contacts", query: ["status", "view"] },
  { spec: "back-office 7", call: "GET /api/admin/contacts/{id}" },
  { spec: "back-office 7", call: "POST /api/admin/contacts" },
  { spec: "back-office 7", call: "PUT /api/admin/contacts/{id}" },
  { spec: "back-office 7", call: "PUT /api/admin/contacts/{id}/status" },
  { spec: "back-office 7", call: "GET /api/admin/contacts/{id}/communications" },
  { spec: "back-office 7", call: "POST /api/admin/contacts/{id}/communications" },
  { spec: "back-office 7", call: "GET /api/admin/projects/stats" },
  { spec: "back-office 7", call: "GET /api/admin/projects", query: ["status"] },
  { spec: "back-office 7", call: "GET /api/admin/projects/{id}" },
  { spec: "back-office 7", call: "POST /api/admin/projects" },
  { spec: "back-office 7", call: "PUT /api/admin/projects/{id}" },
  { spec: "back-office 7", call: "PUT /api/admin/projects/{id}/contacts/{contactId}" },
  { spec: "back-office 7", call: "DELETE /api/admin/projects/{id}/contacts/{contactId}" },
  { spec: "back-office 7", call: "GET /api/projects/{id}/comments" },
  { spec: "back-office 7", call: "POST /api/projects/{id}/comments" },
  { spec: "back-office 7", call: "GET /api/projects/{id}/websocket", websocket: true },
  { spec: "back-office 7", call: "GET /api/admin/media", query: ["file_type", "project_id", "limit"] },
  { spec: "back-office 7", call: "POST /api/admin/media/upload", multipart: ["file", "project_id", "description"] },
  { spec: "back-office 7", call: "PUT /api/admin/media/{id}" },
  { spec: "back-office 7", call: "DELETE /api/admin/media/{id}" },
  { spec: "back-office 7", call: "GET /api/admin/posts", query: ["post_type", "status"] },
  { spec: "back-office 7", call: "POST /api/admin/posts" },
  { spec: "back-office 7", call: "PUT /api/admin/posts/{id}" },
  { spec: "back-office 7", call: "DELETE /api/admin/posts/{id}" },
  { spec: "back-office 7", call: "POST /api/migrate/portfolio" },
  { spec: "back-office 7", call: "POST /api/migrate/blog" },
  { spec: "back-office 7", call: "GET /api/admin/inquiries" },
  { spec: "back-office 7", call: "GET /api/inquiries/{id}/messages" },
  { spec: "back-office 7", call: "GET /api/admin/chat-settings" },
  { spec: "back-office 7", call: "PUT /api/admin/chat-settings" },

  { spec: "back-office 7 further", call: "GET /api/admin/posts", query: ["limit"], defaults: { limit: 50 } },
  { spec: "back-office 7 further", call: "GET /api/admin/posts/{id}" },
  { spec: "back-office 7 further", call: "GET /api/posts", query: ["post_type", "limit"], defaults: { limit: 10 } },
  { spec: "back-office 7 further", call: "GET /api/admin/media" },
  {
    spec: "back-office 7 further",
    call: "POST /api/admin/media",
    servedAs: "POST /api/admin/media/upload",
    why: "The media screen uploads to /api/admin/media/upload (the call table above); the in-page document's shorter name is the same upload, and one upload route is kept.",
    multipart: ["file", "project_id", "description"],
  },
  { spec: "back-office 7 further", call: "GET /api/media/{mediaId}" },
  { spec: "back-office 7 further", call: "GET /api/admin/projects" },
  { spec: "back-office 7 further", call: "POST /api/admin/projects" },
  {
    spec: "back-office 7 further",
    call: "GET /api/projects/{projectId}/comments",
    servedAs: "GET /api/projects/{id}/comments",
    why: UNDER_ID,
  },
  {
    spec: "back-office 7 further",
    call: "POST /api/projects/{projectId}/comments",
    servedAs: "POST /api/projects/{id}/comments",
    why: UNDER_ID,
  },
  {
    spec: "back-office 7 further",
    call: "GET /api/projects/{projectId}/websocket",
    servedAs: "GET /api/projects/{id}/websocket",
    why: UNDER_ID,
    websocket: true,
  },
  { spec: "back-office 7 further", call: "POST /api/client/media/upload", multipart: ["file", "project_id"] },

  { spec: "public-site 7", call: "GET /api/chat-settings" },
  { spec: "public-site 7", call: "POST /api/inquiries/create" },
  { spec: "public-site 7", call: "GET /api/inquiries/{id}/messages" },
  { spec: "public-site 7", call: "POST /api/inquiries/{id}/messages" },
  { spec: "public-site 7", call: "GET /api/inquiries/{id}/websocket", websocket: true },
  { spec: "public-site 7", call: "GET /api/posts", query: ["post_type", "limit", "offset"] },
  { spec: "public-site 7", call: "GET /api/posts/{slug}" },
  { spec: "public-site 7", call: "POST /api/posts/{slug}/view" },
  { spec: "public-site 7", call: "POST /api/submissions" },
  { spec: "public-site 7", call: "POST /api/client-portal/lookup" },
  { spec: "public-site 7", call: "GET /api/projects/{id}/comments" },
  { spec: "public-site 7", call: "POST /api/projects/{id}/comments" },
  { spec: "public-site 7", call: "GET /api/projects/{id}/websocket", websocket: true },
  { spec: "public-site 7", call: "POST /api/client/media/upload", multipart: ["file", "project_id", "description"] },
  {
    spec: "public-site 7",
    call: "POST (an external form-collection service)",
    servedAs: "POST /api/contact",
    why: "The contact form posts to the site's own API, so every message reaches the CRM (docs/product/architecture.md 'Security defaults', docs/decisions/004-leads-and-mail.md); it still answers a plain form post with the redirect to /contact/thank-you.",
  },
  { spec: "public-site 7", call: "POST /api/analytics/pageview" },
  { spec: "public-site 7", call: "POST /api/analytics/scroll" },
];

describe("every call the specs name is documented", () => {
  it.each(SPEC_CALLS.map((c) => [`${c.spec}: ${c.call}`, c] as const))("%s", (_name, call) => {
    if (call.servedAs) expect(call.why, "a call served under another name says why").toBeTruthy();
    const operation = documented.get(call.servedAs ?? call.call);
    expect(operation, `${call.servedAs ?? call.call} is not in /api/openapi.json`).toBeDefined();
    const { op } = operation!;
    for (const name of call.query ?? []) {
      const param = op.parameters?.find((p) => p.in === "query" && p.name === name);
      expect(param, `query parameter ${name}`).toBeDefined();
      if (call.defaults && name in call.defaults) expect(param?.schema?.default).toBe(call.defaults[name]);
    }
    if (call.multipart) {
      const form = resolve(op.requestBody?.content?.["multipart/form-data"]?.schema);
      expect(Object.keys(form?.properties ?? {})).toEqual(expect.arrayContaining(call.multipart));
    }
    // A WebSocket is documented as the GET that upgrades: its 101 carries the frames it pushes.
    if (call.websocket) expect(op.responses?.["101"]?.content?.["application/json"]?.schema).toBeDefined();
  });
});

/** An operation's path with the example of each path parameter. */
function examplePath(path: string, op: Operation): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const param = op.parameters?.find((p) => p.in === "path" && p.name === name);
    const example = param?.example ?? param?.schema?.example;
    expect(example, `an example for path parameter ${name}`).toBeDefined();
    return encodeURIComponent(String(example));
  });
}

/** The app's catch-all answer for a path and method no route serves (server/app.ts). */
const noRouteAnswer = (method: string, path: string) => ({ error: `No API route ${method} ${path}` });

describe("every documented route is served", () => {
  const served = new Set(
    ctx.app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)(\{[^}]*\})?\??/g, "{$1}")}`),
  );

  it("the catch-all's answer is told apart from a record that is not found", async () => {
    const { auth } = await createAdminToken(ctx.db);
    const none = await ctx.app.request("/api/admin/contacts/42/nothing-here", { headers: auth });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual(noRouteAnswer("GET", "/api/admin/contacts/42/nothing-here"));
    const missing = await ctx.app.request("/api/admin/contacts/999999", { headers: auth });
    expect(missing.status).toBe(404);
    expect(await missing.json()).not.toEqual(noRouteAnswer("GET", "/api/admin/contacts/999999"));
  });

  it.each(operations)("$name", async ({ path, method, op, name }) => {
    expect(served.has(name), `${name} is not a route of the app's router`).toBe(true);
    // The owner's token, so the admin guard lets the request reach the router (a fresh one: sign-out revokes it).
    const { auth } = await createAdminToken(ctx.db);
    const query = new URLSearchParams();
    for (const p of op.parameters ?? [])
      if (p.in === "query" && p.required) query.set(p.name, String(p.example ?? p.schema?.example));
    const url = examplePath(path, op) + (query.size ? `?${query}` : "");
    const answer = await ctx.app.request(url, { method: method.toUpperCase(), headers: auth });
    const text = await answer.text();
    if (answer.status === 404) {
      // A 404 of the route itself (no record with that id) is fine; the catch-all's is not.
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      expect(body, `${name}: answered by the catch-all`).not.toEqual(
        noRouteAnswer(method.toUpperCase(), url.split("?")[0]!),
      );
    }
    expect(answer.status, `${name}: ${text.slice(0, 200)}`).toBeLessThan(500);
  });
});
