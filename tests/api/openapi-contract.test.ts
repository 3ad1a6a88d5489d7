import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../support/app";

/**
 * The API is contract-first (server/api/README.md): every route is declared with
 * its request and response schemas and served through that declaration. This
 * walks the app's own router and its /api/openapi.json, so a route added later
 * without a contract, or with a loose one, fails here without editing this file.
 */
const ctx = await createTestApp();
afterAll(() => ctx.close());

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  example?: unknown;
  examples?: unknown[];
  format?: string;
  const?: unknown;
  enum?: unknown[];
};
type Media = Record<string, { schema?: Schema; example?: unknown }>;
type Operation = {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Media };
  responses?: Record<string, { description?: string; content?: Media }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const res = await ctx.app.request("/api/openapi.json");
const doc = (await res.json()) as Document;
const METHODS = ["get", "post", "put", "patch", "delete"];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ path, method, op, name: `${method.toUpperCase()} ${path}` })),
);

function resolve(schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops++) {
    const name = current.$ref.replace("#/components/schemas/", "");
    current = doc.components?.schemas?.[name];
  }
  return current;
}

/** Where a schema allows any object (a bag of unknown values) or is empty: the names of the spots. */
function looseSpots(schema: Schema | undefined, at: string, seen = new Set<Schema>()): string[] {
  const s = resolve(schema);
  if (!s || seen.has(s)) return [];
  seen.add(s);
  const out: string[] = [];
  const empty =
    s.type === undefined && !s.properties && !s.items && !s.anyOf && !s.oneOf && !s.allOf && !("const" in s) && !s.enum;
  if (empty && s.format !== "binary") out.push(`${at} (no type)`);
  const ap = s.additionalProperties;
  if (!s.properties && (ap === true || (typeof ap === "object" && looseSpots(ap, at, seen).length > 0)))
    out.push(`${at} (an object of anything)`);
  for (const [key, value] of Object.entries(s.properties ?? {})) out.push(...looseSpots(value, `${at}.${key}`, seen));
  if (s.items) out.push(...looseSpots(s.items, `${at}[]`, seen));
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    out.push(...looseSpots(branch, at, seen));
  return out;
}

/** An object with at least one named property (every branch of a union). */
function hasNamedProperties(schema: Schema | undefined): boolean {
  const s = resolve(schema);
  if (!s) return false;
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return branches.every(hasNamedProperties);
  if (s.allOf) return s.allOf.some(hasNamedProperties);
  return Object.keys(s.properties ?? {}).length > 0;
}

/** An example on the schema, or on each of its properties (through references, arrays and unions). */
function hasExample(schema: Schema | undefined, seen = new Set<Schema>()): boolean {
  const s = resolve(schema);
  if (!s || seen.has(s)) return false;
  seen.add(s);
  if (s.example !== undefined || s.examples?.length || "const" in s) return true;
  if (s.enum?.length) return true;
  if (s.items) return hasExample(s.items, seen);
  const branches = s.anyOf ?? s.oneOf ?? s.allOf;
  if (branches) return branches.every((b) => resolve(b)?.type === "null" || hasExample(b, new Set(seen)));
  const props = Object.values(s.properties ?? {});
  return props.length > 0 && props.every((p) => hasExample(p, new Set(seen)));
}

/**
 * The writes that take no body at all (the path names everything). A new one is added here on
 * purpose; any other write without a declared body fails.
 */
const TAKES_NO_BODY = new Set([
  "POST /api/auth/logout",
  "POST /api/posts/{slug}/view",
  "POST /api/admin/emails/{id}/retry",
  "POST /api/admin/emails/{id}/discard",
  "POST /api/admin/emails/send-held",
  "POST /api/migrate/portfolio",
  "POST /api/migrate/blog",
  "POST /api/client-portal/logout",
  "POST /api/admin/backups",
  "POST /api/admin/quotes/{quoteId}/send",
  "POST /api/admin/quotes/{quoteId}/revise",
  "POST /api/admin/invoices/{invoiceId}/send",
  "POST /api/client-portal/invoices/{invoiceId}/checkout",
  "POST /api/admin/booking/feed-token",
  "POST /api/admin/booking/busy-feed/refresh",
  // A care plan's pause, resume and end: one click each, nothing to say (docs/product/billing.md "Care plans").
  "POST /api/admin/care-plans/{id}/pause",
  "POST /api/admin/care-plans/{id}/resume",
  "POST /api/admin/care-plans/{id}/end",
  // Pay a care plan automatically: Checkout saves the card; nothing to say (decision 062).
  "POST /api/client-portal/care-plans/{id}/autopay",
  // Stripe's webhook: a raw body, read as the bytes Stripe signed and parsed only once its
  // Stripe-Signature is verified (docs/product/billing.md "Payments"), so no schema checks it first.
  "POST /api/stripe/webhook",
]);

const isBinary = (s: Schema | undefined) => resolve(s)?.type === "string" && resolve(s)?.format === "binary";

describe("the OpenAPI contract", () => {
  it("documents every API route the app serves", () => {
    const served = ctx.app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"))
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)(\{[^}]*\})?\??/g, "{$1}")}`);
    const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
    const undocumented = [...new Set(served)].filter(
      (route) => !documented.has(route) && !route.endsWith("/api/openapi.json"),
    );
    expect(undocumented, "routes served without a contract").toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(operations)("$name: a 2xx response schema with named properties and examples", ({ op }) => {
    // A WebSocket's 101 stands for its 2xx: its schema is each frame the socket pushes.
    const ok = Object.entries(op.responses ?? {}).filter(([status]) => /^(2\d\d|101)$/.test(status));
    expect(ok.length, "no 2xx response").toBeGreaterThan(0);
    for (const [status, response] of ok) {
      const content = Object.entries(response.content ?? {});
      expect(content.length, `${status} has no content schema`).toBeGreaterThan(0);
      for (const [type, media] of content) {
        if (type === "application/json") {
          expect(hasNamedProperties(media.schema), `${status} ${type}: not an object with named properties`).toBe(true);
          expect(hasExample(media.schema) || media.example !== undefined, `${status} ${type}: no example`).toBe(true);
        } else {
          expect(media.schema, `${status} ${type}: no schema`).toBeDefined();
        }
        expect(looseSpots(media.schema, `${status}`)).toEqual([]);
      }
    }
  });

  it.each(operations)("$name: error responses carry the error schema", ({ op }) => {
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      if (!/^[45]\d\d$/.test(status)) continue;
      const schema = resolve(response.content?.["application/json"]?.schema);
      expect(schema?.properties?.error, `${status} without { error }`).toBeDefined();
    }
  });

  it.each(operations)("$name: every input has a request schema", ({ path, method, op, name }) => {
    const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const param of pathParams) {
      const declared = op.parameters?.find((p) => p.in === "path" && p.name === param);
      expect(declared?.schema, `path parameter ${param} has no schema`).toBeDefined();
    }
    for (const param of op.parameters ?? []) expect(looseSpots(param.schema, `parameter ${param.name}`)).toEqual([]);
    if ((method === "post" || method === "put" || method === "patch") && !TAKES_NO_BODY.has(name)) {
      const content = Object.entries(op.requestBody?.content ?? {});
      expect(content.length, "takes a body without a request schema").toBeGreaterThan(0);
      for (const [type, media] of content) {
        const s = resolve(media.schema);
        const fileUpload = type === "multipart/form-data" && Object.values(s?.properties ?? {}).some(isBinary);
        expect(fileUpload || hasNamedProperties(media.schema), `${type}: not an object with named properties`).toBe(
          true,
        );
        expect(looseSpots(media.schema, `body ${type}`)).toEqual([]);
      }
    }
  });
});
