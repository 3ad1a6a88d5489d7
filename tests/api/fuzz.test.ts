import * as fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createAdminToken } from "../support/admin";
import { createTestApp } from "../support/app";

/**
 * Every operation of the app's own OpenAPI document, with and without an admin
 * token, gets generated requests with malformed, missing, oversized, wrongly
 * typed and control-character input in its body, path and query. Every answer
 * must be below 500, and every 4xx a JSON body with a string `error`.
 *
 * Everything is derived from /api/openapi.json, so a route added later is
 * walked without editing this file. FUZZ_SEED replays a run; FUZZ_RUNS sets
 * the requests per operation and token.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** Without a token an admin route answers 401 before reading anything: a few requests show that. */
const RUNS_WITHOUT_TOKEN = 8;

// High write limits, so requests reach the handlers instead of stopping at a 429.
const ctx = await createTestApp({
  env: { PUBLIC_FORM_LIMIT: "10000", INQUIRY_CREATE_LIMIT: "10000", INQUIRY_MESSAGE_LIMIT: "100000" },
});
afterAll(() => ctx.close());

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  additionalProperties?: Schema | boolean;
};
type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema?: Schema };
type Operation = {
  method: string;
  path: string;
  admin: boolean;
  parameters: Parameter[];
  body?: { types: string[]; schema: Schema };
};

const doc = (await (await ctx.app.request("/api/openapi.json")).json()) as {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; security?: unknown[]; requestBody?: { content: Record<string, { schema?: Schema }> } }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
};

const resolve = (schema: Schema | undefined): Schema => {
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.replace("#/components/schemas/", "");
  return resolve(doc.components?.schemas?.[name]);
};

const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const content = op.requestBody?.content ?? {};
    const types = Object.keys(content);
    return {
      method: method.toUpperCase(),
      path,
      admin: Boolean(op.security?.length) || path.startsWith("/api/admin") || path.startsWith("/api/migrate"),
      parameters: op.parameters ?? [],
      body: types.length ? { types, schema: resolve(content[types[0]!]?.schema) } : undefined,
    };
  }),
);

// ---------------------------------------------------------------- generators

/** Text that must never reach a handler: controls, NUL, a lone surrogate, terminal escapes. */
const hostileText = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b", "\u0007bell", "\u007f", "\ud800", "x\udc00", "\u001b[2J", "\u0000".repeat(50)),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
);
const hugeText = fc.constantFrom("x".repeat(70_000), "é".repeat(20_000), "🙂".repeat(10_000), "a ".repeat(30_000));
const deepNesting = fc
  .integer({ min: 10, max: 3000 })
  .map((depth) => JSON.parse("[".repeat(depth) + "]".repeat(depth)) as unknown);
const oddNumbers = fc.constantFrom(0, -1, -0.5, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2);
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  oddNumbers,
  fc.string({ maxLength: 10 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);
const hostileValue = fc.oneof(hostileText, hugeText, deepNesting, wrongType);

const types = (schema: Schema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

const word = fc.stringMatching(/^[a-z]{1,10}$/);
/** What forms check beyond the document's types, guessed from the field's name. */
const byName: [RegExp, fc.Arbitrary<string>][] = [
  [
    /email/i,
    fc.oneof(
      fc.tuple(word, word).map(([a, b]) => `${a}.${b}@example.com`),
      fc.emailAddress(),
    ),
  ],
  [/phone/i, fc.constantFrom("(401) 555-0100", "401-555-0199", "+1 401 555 0142")],
  [/slug/i, fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("-"))],
  [/url|website/i, fc.webUrl()],
];

/** A value the schema would plausibly accept (enums, formats, bounds), so requests get past validation too. */
function plausible(raw: Schema | undefined, depth = 0, key = ""): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ("const" in schema) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => plausible(v, depth + 1, key)));
  const options = types(schema).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case "string": {
        if (schema.format === "email") return byName[0]![1];
        if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        if (schema.format === "uri" || schema.format === "url") return fc.webUrl();
        const named = byName.find(([pattern]) => pattern.test(key))?.[1];
        const text = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) });
        return named ? fc.oneof({ weight: 3, arbitrary: named }, { weight: 1, arbitrary: text }) : text;
      }
      case "integer": {
        const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
        const max = schema.maximum ?? 1e6;
        // Small ids, so routes find the rows other requests created.
        const small = fc.integer({ min: Math.max(min, 1), max: Math.max(Math.min(max, 5), Math.max(min, 1)) });
        return fc.oneof({ weight: 2, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min, max }) });
      }
      case "number":
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return depth > 4 ? fc.constant([]) : fc.array(plausible(schema.items, depth + 1, key), { maxLength: 3 });
      case "object":
        return depth > 4 ? fc.constant({}) : validObject(schema, depth + 1);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  });
  return options.length ? fc.oneof(...options) : fc.jsonValue({ maxDepth: 2 });
}

/** One value for a field: mostly plausible, sometimes hostile. */
const fieldValue = (schema: Schema | undefined, depth: number, key: string) =>
  fc.oneof({ weight: 3, arbitrary: plausible(schema, depth, key) }, { weight: 2, arbitrary: hostileValue });

/** An object the schema would plausibly accept: every required field, some optional ones. */
function validObject(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value, depth, key)]),
  );
  return fc.record(properties, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

const DROP = Symbol("drop");

/**
 * A body for the schema, in three kinds: plausible, so the handler itself runs; plausible but
 * for one field that is missing or hostile; and chaotic: any field, required or not, missing or
 * hostile, with unknown (and control-character) keys added.
 */
function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(schema.properties ?? {});
  const valid = validObject(schema, depth);
  const oneBad = keys.length
    ? fc
        .tuple(valid, fc.constantFrom(...keys), fc.oneof(fc.constant<typeof DROP>(DROP), hostileValue))
        .map(([object, key, value]) => {
          const copy: Record<string, unknown> = { ...object };
          if (value === DROP) delete copy[key];
          else copy[key] = value;
          return copy;
        })
    : valid;
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, value]) => [key, fieldValue(value, depth, key)]),
  );
  const chaotic = fc
    .tuple(
      fc.record(properties, { requiredKeys: [] }),
      fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), hostileText), hostileValue, { maxKeys: 2 }),
      fc.boolean(),
    )
    .map(([known, extra, withExtra]) => (withExtra ? { ...extra, ...known } : known));
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: oneBad }, { weight: 2, arbitrary: chaotic });
}

type Body =
  { contentType: string; payload: string | Uint8Array<ArrayBuffer>; [fc.toStringMethod]?: () => string } | undefined;

/** A body shown shortened in a counterexample (some are 70 KB). */
const bodyOf = (contentType: string, payload: string | Uint8Array<ArrayBuffer>): Body => ({
  contentType,
  payload,
  [fc.toStringMethod]: () =>
    `${contentType}: ${JSON.stringify(String(payload).slice(0, 300))} (${payload.length} long)`,
});
const json = (value: unknown): Body => bodyOf("application/json", JSON.stringify(value));

function formEncoded(value: unknown): Body {
  const params = new URLSearchParams();
  if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value))
      params.append(key, typeof item === "string" ? item : (JSON.stringify(item) ?? ""));
  return bodyOf("application/x-www-form-urlencoded", params.toString());
}

function multipartBody(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Uint8Array },
  shape: "whole" | "truncated" | "no-boundary",
): Body {
  const boundary = "----fuzz7MA4YWxkTrZu0gW";
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const [key, value] of Object.entries(fields))
    parts.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  parts.push(
    enc.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    enc.encode(shape === "truncated" ? "\r\n--" : `\r\n--${boundary}--\r\n`),
  );
  const payload = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    payload.set(p, offset);
    offset += p.length;
  }
  return bodyOf(shape === "no-boundary" ? "multipart/form-data" : `multipart/form-data; boundary=${boundary}`, payload);
}

/** Junk multipart: random bytes under a hostile name, hostile text fields, or a broken frame. */
const junkMultipart: fc.Arbitrary<Body> = fc
  .tuple(
    fc.oneof(fc.constantFrom("photo.png", "notes.pdf", "a.svg", ""), hostileText),
    fc.uint8Array({ maxLength: 2000 }),
    fc.dictionary(
      fc.constantFrom("project_id", "description", "file", "x"),
      fc.oneof(fc.string({ maxLength: 30 }), hostileText),
      { maxKeys: 3 },
    ),
    fc.constantFrom("whole" as const, "truncated" as const, "no-boundary" as const),
  )
  .map(([name, bytes, fields, shape]) =>
    multipartBody(fields, { name, type: "application/octet-stream", bytes }, shape),
  );

/** A real 1x1 PNG, so the upload itself runs too. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const validMultipart: fc.Arbitrary<Body> = fc
  .record({ description: fc.string({ maxLength: 40 }) }, { requiredKeys: [] })
  .map((fields) => multipartBody(fields, { name: "pixel.png", type: "image/png", bytes: PNG }, "whole"));

const notJson = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    '{"a":',
    "[1,2",
    "null",
    "\u0000",
    "undefined",
    "{'single': 1}",
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
  ),
  fc.string({ unit: "binary", maxLength: 60 }),
);

function bodyFor(op: Operation, hostile: boolean): fc.Arbitrary<Body> {
  if (!hostile) {
    if (!op.body) return fc.constant(undefined);
    if (op.body.types.includes("multipart/form-data")) return validMultipart;
    return validObject(op.body.schema, 0).map(json);
  }
  if (!op.body) {
    // No body documented: mostly none, sometimes junk anyway (GET and HEAD cannot carry one).
    if (op.method === "GET" || op.method === "HEAD") return fc.constant(undefined);
    return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileValue.map(json) });
  }
  if (op.body.types.includes("multipart/form-data"))
    return fc.oneof({ weight: 4, arbitrary: junkMultipart }, { weight: 1, arbitrary: hostileValue.map(json) });
  const shaped = fc.oneof(
    { weight: 3, arbitrary: objectOf(op.body.schema, 0) },
    { weight: 1, arbitrary: plausible(op.body.schema) },
  );
  const options: fc.WeightedArbitrary<Body>[] = [
    { weight: 6, arbitrary: shaped.map(json) },
    { weight: 1, arbitrary: hostileValue.map(json) },
    { weight: 1, arbitrary: notJson.map((payload) => bodyOf("application/json", payload)) },
    { weight: 1, arbitrary: shaped.map((v) => bodyOf("text/plain", JSON.stringify(v))) },
  ];
  if (op.body.types.includes("application/x-www-form-urlencoded"))
    options.push({ weight: 3, arbitrary: shaped.map(formEncoded) });
  return fc.oneof(...options);
}

/** A path segment as it goes on the wire: encoded, or raw junk such as %ZZ. */
const pathSegment = (schema: Schema | undefined) =>
  fc.oneof(
    // JSON for anything but text: generated objects may have no prototype, so no String() of their own.
    {
      weight: 3,
      arbitrary: plausible(schema).map((v) =>
        encodeURIComponent(typeof v === "string" ? v : (JSON.stringify(v) ?? "")),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "%00",
        "%ZZ",
        "%",
        "%E0%A4%A",
        "a%00b",
        "%C0%AE",
        "%2F",
        "..",
        "%FF%FE",
        "-1",
        "0",
        "1e3",
        "0x10",
        "99999999999999999999",
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom("x".repeat(5000), "9".repeat(400)) },
    {
      weight: 1,
      arbitrary: hostileText
        .filter((s) => s.length > 0)
        .map((s) => {
          try {
            return encodeURIComponent(s);
          } catch {
            return "%ED%A0%80";
          }
        }),
    },
  );

const queryValue = (schema: Schema | undefined) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: plausible(schema).map((v) => encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("%00", "%ZZ", "%", "-1", "1.5", "1e400", "NaN", "true", "[]", "x".repeat(3000)),
    },
    {
      weight: 1,
      arbitrary: hostileText.map((s) => {
        try {
          return encodeURIComponent(s);
        } catch {
          return "%ED%A0%80";
        }
      }),
    },
  );

const plainQueryValue = (schema: Schema | undefined, name: string) =>
  plausible(schema, 0, name).map((v) => encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v)));

function queryFor(op: Operation, hostile: boolean): fc.Arbitrary<string> {
  const declared = op.parameters.filter((p) => p.in === "query");
  if (!hostile)
    return fc
      .tuple(...declared.map((p) => fc.option(plainQueryValue(p.schema, p.name).map((v) => `${p.name}=${v}`))))
      .map((pairs) => {
        const all = pairs.filter((pair) => pair !== null);
        return all.length ? `?${all.join("&")}` : "";
      });
  const pairs = declared.map((p) =>
    fc.option(
      fc.oneof(
        { weight: 4, arbitrary: queryValue(p.schema).map((v) => [`${p.name}=${v}`]) },
        // The same key twice: an array where one value is expected.
        {
          weight: 1,
          arbitrary: fc
            .tuple(queryValue(p.schema), queryValue(p.schema))
            .map(([a, b]) => [`${p.name}=${a}`, `${p.name}=${b}`]),
        },
      ),
      { freq: 2 },
    ),
  );
  const unknown = fc.array(
    fc
      .tuple(fc.constantFrom("x", "%00", "%ZZ", "__proto__", "constructor", "a[b]", "q"), queryValue(undefined))
      .map(([k, v]) => `${k}=${v}`),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...pairs), unknown).map(([chosen, extra]) => {
    const all = [...chosen.flatMap((p) => p ?? []), ...extra];
    return all.length ? `?${all.join("&")}` : "";
  });
}

function pathFor(op: Operation, hostile: boolean): fc.Arbitrary<string> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const segments = names.map((name) => {
    const schema = op.parameters.find((p) => p.in === "path" && p.name === name)?.schema;
    return hostile ? pathSegment(schema) : plausible(schema, 0, name).map((v) => encodeURIComponent(String(v)));
  });
  return fc
    .tuple(...segments)
    .map((values) => names.reduce((path, name, i) => path.replace(`{${name}}`, values[i]!), op.path));
}

/**
 * One request: the part that is hostile (path, query, body or all three) is chosen first and the
 * others are plausible, so a refused query does not hide what a bad body would have done; and
 * some requests are plausible throughout, so the handlers themselves run on generated data.
 */
function requestFor(op: Operation) {
  return fc
    .constantFrom("none", "path", "query", "body", "body", "all")
    .chain((focus) =>
      fc.tuple(
        pathFor(op, focus === "path" || focus === "all"),
        queryFor(op, focus === "query" || focus === "all"),
        bodyFor(op, focus === "body" || focus === "all"),
      ),
    );
}

// ---------------------------------------------------------------- the walk

let sent = 0;
let fiveXX = 0;
afterAll(() => {
  console.log(`fuzz: ${sent} requests, ${fiveXX} answers >= 500 (seed ${SEED}, FUZZ_SEED=${SEED} replays it)`);
});

/** The failure of one answer, or undefined when it is fine. */
async function check(
  op: Operation,
  url: string,
  sentBody: Body,
  token: string | undefined,
): Promise<string | undefined> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (sentBody) headers["Content-Type"] = sentBody.contentType;
  const res = await ctx.app.request(url, { method: op.method, headers, body: sentBody?.payload });
  sent++;
  const text = await res.text();
  const where = `${op.method} ${url.slice(0, 200)} (${sentBody?.contentType ?? "no body"}: ${JSON.stringify(String(sentBody?.payload ?? "").slice(0, 200))})`;
  if (res.status >= 500) {
    fiveXX++;
    return `${where} -> ${res.status} ${text.slice(0, 200)}`;
  }
  if (res.status < 400) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `${where} -> ${res.status} without a JSON body: ${text.slice(0, 200)}`;
  }
  if (typeof (parsed as { error?: unknown })?.error !== "string")
    return `${where} -> ${res.status} without a string error: ${text.slice(0, 200)}`;
  return undefined;
}

describe("the API under generated bad input", () => {
  it("walks a document with operations in it", () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter((op) => op.admin).length).toBeGreaterThan(10);
  });

  const cases = operations.flatMap((op) =>
    op.admin
      ? [
          { op, signedIn: true, runs: RUNS },
          { op, signedIn: false, runs: RUNS_WITHOUT_TOKEN },
        ]
      : [{ op, signedIn: false, runs: RUNS }],
  );

  it.each(cases.map((c) => [`${c.op.method} ${c.op.path}${c.signedIn ? " (admin)" : ""}`, c] as const))(
    "%s: every answer < 500, every 4xx a JSON error",
    async (_name, { op, signedIn, runs }) => {
      // A fresh token per operation: sign-out revokes the one it is sent with.
      const token = signedIn ? (await createAdminToken(ctx.db)).token : undefined;
      await fc.assert(
        fc.asyncProperty(requestFor(op), async ([path, query, body]) => {
          const failure = await check(op, path + query, body, token);
          if (failure) throw new Error(failure);
        }),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      );
    },
    60_000,
  );

  // What the document does not list must fail the same way: an undocumented method on a documented
  // path, or any path under /api/ (the admin guard, the input check and the JSON 404 answer it).
  // The WebSockets' upgrades are not walked here: they are answered on the node server by
  // server/realtime, before Hono, and need a listening server (their tests are in server/realtime/).
  // A plain HTTP request to a socket's path is walked like any other (the document lists it: 426).
  it("paths and methods outside the document: every answer < 500, every 4xx a JSON error", async () => {
    const method = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
    const templates = fc.constantFrom(
      ...Object.keys(doc.paths),
      "/api/{a}",
      "/api/admin/{a}/{b}",
      "/api/{a}/{b}/{c}",
      "/api/inquiries/{id}/websocket",
    );
    const path = templates.chain((template) => {
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      return fc
        .tuple(...names.map(() => pathSegment(undefined)))
        .map((values) => names.reduce((p, name, i) => p.replace(`{${name}}`, values[i]!), template));
    });
    const token = (await createAdminToken(ctx.db)).token;
    await fc.assert(
      fc.asyncProperty(method, path, fc.boolean(), fc.option(hostileValue.map(json)), async (m, p, signedIn, body) => {
        const op: Operation = { method: m, path: p, admin: false, parameters: [] };
        const failure = await check(op, p, m === "GET" ? undefined : (body ?? undefined), signedIn ? token : undefined);
        if (failure) throw new Error(failure);
      }),
      { numRuns: RUNS * 3, seed: SEED, endOnFailure: true },
    );
  }, 60_000);
});
