import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminToken } from "../../tests/support/admin";
import { createTestApp } from "../../tests/support/app";
import { billingApi, createBilledProject, projectToken } from "../../tests/support/billing";
import { CALL_LIMITS } from "./call-limits";
import { incomingDir } from "./upload-form";

/**
 * The limits of the calls one token could stall the site with (docs/decisions/046): per token and
 * per address each minute, and how many run at once in a process, against a real database. The
 * app trusts one proxy, so each request names its address in X-Forwarded-For.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
let admin: Awaited<ReturnType<typeof createAdminToken>>;
let api: ReturnType<typeof billingApi>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-limits-"));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, TRUST_PROXY: "1" } });
  admin = await createAdminToken(ctx.db);
  api = billingApi(ctx.app, admin.auth);
});
afterAll(async () => {
  await ctx?.close();
  await rm(dataDir, { recursive: true, force: true });
});

let addressSeq = 0;
/** A client address of its own (the proxy's X-Forwarded-For). */
const newAddress = () => `198.51.100.${++addressSeq}`;
const from = (address: string, token?: string): Record<string, string> => ({
  "X-Forwarded-For": address,
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});
const get = (url: string, headers: Record<string, string>) => ctx.app.request(url, { headers });

/** A refusal as every limited route gives it: 429, Retry-After in seconds, and words that say to wait. */
async function expectWait(res: Response, seconds?: number) {
  expect(res.status, await res.clone().text()).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  if (seconds !== undefined) expect(retryAfter).toBe(seconds);
  else expect(retryAfter).toBeLessThanOrEqual(60);
  const body = (await res.json()) as { error: string };
  expect(body.error).toMatch(/^Please wait a moment: .+ Try again in \d+ seconds?\.$/);
  return body.error;
}

async function clientWithQuote() {
  const { projectId } = await createBilledProject(ctx.db);
  const quote = await api.sentQuote(projectId);
  return { projectId, quoteId: quote.id, token: await projectToken(ctx.db, projectId) };
}

describe("PDFs", () => {
  it("gives one token 30 a minute, from any address; the 31st waits", async () => {
    const { projectId, quoteId, token } = await clientWithQuote();
    const pdf = `/api/client-portal/quotes/${quoteId}/pdf`;
    const first = await get(pdf, from(newAddress(), token));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    // Every call counts, a refused one too (here: a quote that does not exist, answered at once).
    for (let i = 1; i < CALL_LIMITS.pdf.perMinute; i++)
      expect((await get("/api/client-portal/quotes/2147483000/pdf", from(newAddress(), token))).status).toBe(404);
    const error = await expectWait(await get(pdf, from(newAddress(), token)));
    expect(error).toContain("too many PDF downloads in the last minute");

    // Another token of the same project is counted apart.
    const other = await projectToken(ctx.db, projectId);
    expect((await get(pdf, from(newAddress(), other))).status).toBe(200);
  });

  it("gives one address 30 a minute, whatever tokens it holds; the owner's PDFs count alike", async () => {
    const address = newAddress();
    const { quoteId } = await clientWithQuote();
    for (let i = 0; i < CALL_LIMITS.pdf.perMinute; i++) {
      const token = await projectToken(ctx.db, (await clientWithQuote()).projectId);
      expect((await get(`/api/client-portal/quotes/${quoteId}/pdf`, from(address, token))).status).toBe(403);
    }
    await expectWait(await get(`/api/admin/quotes/${quoteId}/pdf`, { ...from(address), ...admin.auth }));
    // Elsewhere the owner's token still opens it.
    const owner = await get(`/api/admin/quotes/${quoteId}/pdf`, { ...from(newAddress()), ...admin.auth });
    expect(owner.status).toBe(200);
  });

  it("keeps no token in the counters: only its hash", async () => {
    const { quoteId, token } = await clientWithQuote();
    await get(`/api/client-portal/quotes/${quoteId}/pdf`, from(newAddress(), token));
    const { rows } = await ctx.db.execute<{ key: string }>(sql`select key from rate_limits where key like 'calls:%'`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.key.includes(token))).toEqual([]);
  });
});

describe("Pay Now and the CSV exports", () => {
  it("opens 10 payment pages a minute for a token, then says to wait", async () => {
    const { projectId, token } = await clientWithQuote();
    const invoice = await api.sendInvoice((await api.manualInvoice(projectId)).id);
    const checkout = () =>
      ctx.app.request(`/api/client-portal/invoices/${invoice.id}/checkout`, {
        method: "POST",
        headers: from(newAddress(), token),
      });
    // No Stripe account in this app: each call is refused by the route, and each counts.
    for (let i = 0; i < CALL_LIMITS.checkout.perMinute; i++) expect((await checkout()).status).not.toBe(429);
    expect(await expectWait(await checkout())).toContain("too many payment pages");
  });

  it("exports 30 CSV files a minute for the owner's token, then says to wait", async () => {
    const owner = await createAdminToken(ctx.db);
    const paths = ["/api/admin/contacts.csv", "/api/admin/projects.csv", "/api/admin/invoices.csv"];
    for (let i = 0; i < CALL_LIMITS.csv.perMinute; i++) {
      const res = await get(paths[i % paths.length]!, { ...from(newAddress()), ...owner.auth });
      expect(res.status).toBe(200);
      await res.text();
    }
    const error = await expectWait(await get("/api/admin/analytics.csv", { ...from(newAddress()), ...owner.auth }));
    expect(error).toContain("too many CSV exports");
  });
});

/** A multipart upload whose file part is sent as `chunks` gives it, the body pulled by the server. */
function streamedUpload(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  chunks: () => AsyncGenerator<Uint8Array>,
) {
  const boundary = `----limits${randomBytes(8).toString("hex")}`;
  const encoder = new TextEncoder();
  const preamble = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  let sent = 0;
  let started!: () => void;
  const pulled = new Promise<void>((resolve) => (started = resolve));
  async function* parts() {
    yield encoder.encode(preamble + fileHead);
    started();
    for await (const chunk of chunks()) yield chunk;
    yield encoder.encode(`\r\n--${boundary}--\r\n`);
  }
  const source = parts();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) return controller.close();
      sent += next.value.byteLength;
      controller.enqueue(next.value);
    },
  });
  const answer = ctx.app.request(url, {
    method: "POST",
    headers: { ...headers, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
  return { answer, pulled, sent: () => sent };
}

const MB = 1024 * 1024;
async function* megabytes(count: number, waitFor?: Promise<void>) {
  const chunk = new Uint8Array(MB).fill(0x61);
  if (waitFor) await waitFor;
  for (let i = 0; i < count; i++) yield chunk;
}

describe("uploads", () => {
  it("takes two at once in a process; a third is told to wait, and taken once one is done", async () => {
    const { projectId, token } = await clientWithQuote();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const clientUpload = (waitFor?: Promise<void>) =>
      streamedUpload("/api/client/media/upload", from(newAddress(), token), { project_id: projectId }, () =>
        megabytes(1, waitFor),
      );
    const slow = [clientUpload(held), clientUpload(held)];
    await Promise.all(slow.map((upload) => upload.pulled));

    // The owner's upload shares the process's two places.
    const third = streamedUpload("/api/admin/media/upload", { ...from(newAddress()), ...admin.auth }, {}, () =>
      megabytes(1),
    );
    expect(await expectWait(await third.answer, CALL_LIMITS.upload.busySeconds)).toContain("busy with other uploads");

    release();
    for (const upload of slow) expect((await upload.answer).status).toBe(201);
    const after = streamedUpload("/api/admin/media/upload", { ...from(newAddress()), ...admin.auth }, {}, () =>
      megabytes(1),
    );
    expect((await after.answer).status).toBe(201);
  });

  it("refuses a file past 25 MB with 413 as it arrives, the rest unread, and keeps nothing of it", async () => {
    const big = streamedUpload("/api/admin/media/upload", { ...from(newAddress()), ...admin.auth }, {}, () =>
      megabytes(200),
    );
    const res = await big.answer;
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "File too large: the limit is 25 MB" });
    // Of the 200 MB offered, the server read a little past 25 MB (what was in flight), no more.
    expect(big.sent()).toBeGreaterThan(25 * MB);
    expect(big.sent()).toBeLessThan(30 * MB);
    expect(await readdir(incomingDir(dataDir))).toEqual([]);
  });

  it("stores a streamed file whole, and leaves nothing in the incoming folder", async () => {
    const res = await streamedUpload("/api/admin/media/upload", { ...from(newAddress()), ...admin.auth }, {}, () =>
      megabytes(24),
    ).answer;
    expect(res.status, await res.clone().text()).toBe(201);
    const { media } = (await res.json()) as { media: { file_size: number; url: string } };
    expect(media.file_size).toBe(24 * MB);
    const served = await get(media.url, admin.auth);
    expect((await served.arrayBuffer()).byteLength).toBe(24 * MB);
    expect(await readdir(incomingDir(dataDir))).toEqual([]);
  });
});

describe("the contract", () => {
  it("declares 429 with Retry-After on every limited route", async () => {
    const doc = (await (await ctx.app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    const limited = [
      ["get", "/api/admin/quotes/{quoteId}/pdf"],
      ["get", "/api/client-portal/quotes/{quoteId}/pdf"],
      ["get", "/api/admin/invoices/{invoiceId}/pdf"],
      ["get", "/api/client-portal/invoices/{invoiceId}/pdf"],
      ["get", "/api/client-portal/payments/{paymentId}/receipt"],
      ["post", "/api/client-portal/invoices/{invoiceId}/checkout"],
      ["post", "/api/admin/media/upload"],
      ["post", "/api/client/media/upload"],
      ["get", "/api/admin/contacts.csv"],
      ["get", "/api/admin/projects.csv"],
      ["get", "/api/admin/invoices.csv"],
      ["get", "/api/admin/analytics.csv"],
    ] as const;
    const missing = limited.filter(
      ([method, url]) => !doc.paths[url]?.[method]?.responses[429]?.headers?.["Retry-After"],
    );
    expect(missing).toEqual([]);
  });
});
