import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminToken } from "../../tests/support/admin";
import { createTestApp } from "../../tests/support/app";

/**
 * Text with a NUL or another forbidden control character, a lone surrogate, a
 * malformed percent-encoding or absurd nesting is refused with 400 and a JSON
 * error before any handler runs (PostgreSQL cannot store NUL: these were 500s).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-hygiene-"));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, PUBLIC_FORM_LIMIT: "1000" } });
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  ctx.app.request(url, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

async function refused(res: Response, message: RegExp) {
  expect(res.status, await res.clone().text()).toBe(400);
  expect(res.headers.get("content-type")).toContain("application/json");
  const body = (await res.json()) as { error: string; fields?: Record<string, string> };
  expect(body.error).toMatch(message);
  return body;
}

const contact = { name: "Maria Santos", email: "maria@example.com", message: "Hello there, a menu page please." };

describe("a control character anywhere in the input", () => {
  it("in a path parameter (GET /api/posts/%00 and the view counter)", async () => {
    await refused(await ctx.app.request("/api/posts/%00"), /address contains a control character that is not allowed/);
    await refused(await ctx.app.request("/api/posts/a%00b/view", { method: "POST" }), /control character/);
    await refused(await ctx.app.request("/api/inquiries/%07/messages"), /control character/);
  });

  it("in a JSON field (sign-in with a NUL in the e-mail), naming the field", async () => {
    const body = await refused(
      await postJson("/api/auth/login", { email: "a\u0000b", password: "whatever1" }),
      /"email" contains a control character/,
    );
    expect(body.fields).toEqual({ email: "contains a control character that is not allowed" });
  });

  it("in a nested JSON field, in a JSON key and as a lone surrogate", async () => {
    await refused(
      await postJson("/api/contact", { ...contact, attribution: { utm_source: "x\u001by" } }),
      /"attribution.utm_source"/,
    );
    await refused(
      await postJson("/api/contact", { ...contact, ["na\u0000me"]: "x" }),
      /field name in the request body/,
    );
    await refused(
      await postJson("/api/contact", { ...contact, message: "broken \ud800 pair" }),
      /"message" contains a control character/,
    );
    await refused(await postJson("/api/contact", { ...contact, message: "delete \u007f" }), /"message"/);
  });

  it("in the form-encoded contact post", async () => {
    const res = await ctx.app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...contact, name: "Maria\u0000Santos" }).toString(),
    });
    await refused(res, /"name" contains a control character/);
  });

  it("in the query string, and in admin routes (searching contacts, listing media)", async () => {
    await refused(await ctx.app.request("/api/admin/contacts?q=a%00b", { headers: auth }), /query parameter "q"/);
    await refused(
      await ctx.app.request("/api/admin/media?project_id=f%00f", { headers: auth }),
      /query parameter "project_id"/,
    );
    await refused(await ctx.app.request("/api/posts?x%01=1"), /query parameter name/);
  });

  it("in a multipart text field and in the file name, but not in the file's bytes", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const upload = (
      name: string,
      fields: Record<string, string>,
      bytes: Uint8Array<ArrayBuffer> = new Uint8Array(png),
    ) => {
      const form = new FormData();
      form.set("file", new File([bytes], name, { type: "image/png" }));
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      return ctx.app.request("/api/admin/media/upload", { method: "POST", headers: auth, body: form });
    };
    await refused(
      await upload("logo.png", { description: "our\u0000logo" }),
      /"description" contains a control character/,
    );
    await refused(await upload("lo\u0001go.png", {}), /name of the file in "file"/);
    const before = await ctx.db.execute(sql`select count(*)::int as n from media`);
    // The upload still reads the whole body after the check, and NUL bytes in a file are just bytes.
    const ok = await upload("logo.png", { description: "Our logo" });
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect((await ok.json()).media.description).toBe("Our logo");
    const after = await ctx.db.execute(sql`select count(*)::int as n from media`);
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n) + 1);
  });
});

describe("other malformed input", () => {
  it("a malformed percent-encoding in the path or the query is a 400, not a 500", async () => {
    await refused(await ctx.app.request("/api/posts/%ZZ"), /malformed percent-encoding/);
    await refused(
      await ctx.app.request("/api/admin/contacts/%E0%A4%A", { headers: auth }),
      /malformed percent-encoding/,
    );
    await refused(
      await ctx.app.request("/api/posts?post_type=%"),
      /query string contains a malformed percent-encoding/,
    );
  });

  it("JSON nested deeper than 32 levels", async () => {
    const deep = JSON.stringify(contact).replace(/}$/, `,"attribution":${"[".repeat(5000)}${"]".repeat(5000)}}`);
    const res = await ctx.app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: deep,
    });
    await refused(res, /nested too deeply/);
  });

  it("a JSON body sent to the upload route gets the route's own 4xx", async () => {
    const res = await postJson("/api/admin/media/upload", "x".repeat(70_000), auth);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof (await res.json()).error).toBe("string");
  });
});

describe("ordinary input", () => {
  it("passes: tabs, new lines, accents and emoji in a message", async () => {
    const email = "ordinary.input@example.com";
    const res = await postJson("/api/contact", {
      ...contact,
      email,
      message: "Line one\nLine two\r\n\tIndented: café 🙂",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { rows } = await ctx.db.execute(sql`select initial_message from contacts where email = ${email}`);
    expect(rows[0]!.initial_message).toBe("Line one\nLine two\r\n\tIndented: café 🙂");
  });

  it("passes: an encoded slash or space in a path, and a + in a query", async () => {
    expect((await ctx.app.request("/api/posts/no%20such%2Fpost")).status).toBe(404);
    expect((await ctx.app.request("/api/admin/contacts?q=maria+santos", { headers: auth })).status).toBe(200);
  });
});

describe("behind the real node server", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("hands the body it checked on to the route: JSON, a form post, a chunked upload", async () => {
    const json = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...contact, email: "served.json@example.com" }),
    });
    expect(json.status, await json.clone().text()).toBe(200);
    const form = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...contact, email: "served.form@example.com" }).toString(),
      redirect: "manual",
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/contact/thank-you");

    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#aa3366" } })
      .png()
      .toBuffer();
    const multipart = new FormData();
    multipart.set("file", new File([new Uint8Array(png)], "served.png", { type: "image/png" }));
    multipart.set("description", "Served");
    // Streamed without a Content-Length: the check reads it in full and the route's own limit counts it again.
    const encoded = new Response(multipart);
    const upload = await fetch(`${base}/api/admin/media/upload`, {
      method: "POST",
      headers: { ...auth, "Content-Type": encoded.headers.get("content-type")! },
      body: encoded.body,
      duplex: "half",
    } as RequestInit);
    expect(upload.status, await upload.clone().text()).toBe(201);
    expect((await upload.json()).media.description).toBe("Served");

    const refusedUpload = await fetch(`${base}/api/admin/media/upload`, {
      method: "POST",
      headers: auth,
      body: (() => {
        const f = new FormData();
        f.set("file", new File([new Uint8Array(png)], "x.png", { type: "image/png" }));
        f.set("description", "bad\u0000");
        return f;
      })(),
    });
    expect(refusedUpload.status).toBe(400);
  });
});
