import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { jsonAnswer, JsonRows } from "./json-answer";

/** Rows as PostgreSQL's json output writes them: spaces around the colons, names with any letters. */
const texts = [
  '{"id" : 1, "name" : "Łucja Nguyễn", "note" : "a \\"quoted\\" line\\nand more"}',
  '{"id" : 2, "name" : null}',
];

describe("jsonAnswer", () => {
  it("answers what c.json answers for the same rows parsed: the same value and the same headers", async () => {
    const app = new Hono()
      .get("/raw", (c) => jsonAnswer(c, { rows: new JsonRows<{ id: number }>(texts), total: 2, none: undefined }, 200))
      .get("/parsed", (c) => c.json({ rows: texts.map((text) => JSON.parse(text) as unknown), total: 2 }, 200));
    const [raw, parsed] = await Promise.all([app.request("/raw"), app.request("/parsed")]);
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-type")).toBe(parsed.headers.get("content-type"));
    const body = await raw.text();
    // The rows' texts are in the answer as they came, not written out again.
    expect(body).toContain(texts[0]);
    expect(JSON.parse(body)).toEqual(await parsed.json());
    expect(JSON.parse(body)).not.toHaveProperty("none");
  });

  it("answers an empty page as an empty array, and a caller can still read the rows", async () => {
    const app = new Hono().get("/", (c) => jsonAnswer(c, { rows: new JsonRows<unknown>([]), total: 0 }, 200));
    expect(await (await app.request("/")).json()).toEqual({ rows: [], total: 0 });
    expect(new JsonRows<{ id: number }>(texts).parse().map((row) => row.id)).toEqual([1, 2]);
  });
});
