import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvoiceAnswerSchema } from "~/contracts/invoices";
import type { NewQuoteInput } from "~/contracts/quotes";
import { PDF_BUSY, pdfPoolFor, pdfRenderCount } from "../../services/billing/pdf-pool";
import { quotePrint } from "../../services/billing/pdf-print";
import { renderFolder } from "../../services/billing/pdf-renders";
import { localMediaStore } from "../../services/media/store";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import {
  billingApi,
  createBilledProject,
  projectToken,
  STARTER_LINE,
  testDataDir,
} from "../../../tests/support/billing";
import { pdfText } from "../../../tests/support/pdf-text";

/**
 * Billing PDFs cost nothing twice (docs/decisions/045-pdfs-rendered-once.md): a frozen document is
 * rendered once and read after that, a change of what it prints renders it again, renders run on
 * the pool's workers while the app's thread answers the health check, and a full queue is a 429.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let api: ReturnType<typeof billingApi>;

// Room for the 20 renders of the health test below; the busy test has an app with a smaller pool.
// The calls of this file come from one address and one token, more than a minute's limit of
// downloads (server/lib/call-limits.ts, tested in its own file): here the renders are measured.
const SETTINGS = { PDF_WORKERS: "2", PDF_QUEUE: "24", CALL_LIMIT_PER_ADDRESS: "100000" };

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: await testDataDir(), ...SETTINGS } });
  api = billingApi(ctx.app, (await createAdminToken(ctx.db)).auth);
});
afterAll(() => ctx.close());

/** Twenty layouts on two threads take a while on a busy machine: room for them, not a speed target. */
const LOADED = 120_000;

/** A long quote: 20 lines of 300 characters and long terms, two pages (a few hundred ms of layout). */
const long = (label: string): Partial<NewQuoteInput> => ({
  lines: Array.from({ length: 20 }, (_, i) => ({
    description: `${label} line ${i + 1}: ${"Design, build and test one more page of the site. ".repeat(6)}`.slice(
      0,
      300,
    ),
    quantity: 1,
    unit_price_cents: 10_000 + i,
  })),
  terms: "Either side may end the project in writing. ".repeat(70),
});

const download = async (url: string, headers?: Record<string, string>) => {
  const res = await api.call("GET", url, undefined, headers);
  expect(res.status, await res.clone().text()).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};

const keptRenders = async (kind: "quote" | "invoice" | "receipt", id: number) => {
  const keys: string[] = [];
  for await (const object of localMediaStore(path.join(ctx.env.DATA_DIR, "media")).list(renderFolder(kind, id)))
    keys.push(object.key);
  return keys;
};

describe("a frozen document", () => {
  it("is rendered once: the second download, the client's too, reads the kept bytes", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const quote = await api.sentQuote(projectId);
    const before = pdfRenderCount();
    const first = await download(`/api/admin/quotes/${quote.id}/pdf`);
    expect(pdfRenderCount()).toBe(before + 1);
    expect(await keptRenders("quote", quote.id)).toHaveLength(1);

    const again = await download(`/api/admin/quotes/${quote.id}/pdf`);
    const token = await projectToken(ctx.db, projectId);
    const clients = await download(`/api/client-portal/quotes/${quote.id}/pdf`, api.asClient(token));
    expect(pdfRenderCount()).toBe(before + 1);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(clients).equals(Buffer.from(first))).toBe(true);
    expect(pdfText(first)).toContain(quote.number);
  });

  it("is rendered once when many ask for it at the same time", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const quote = await api.sentQuote(projectId, long("Together"));
    const before = pdfRenderCount();
    const all = await Promise.all(Array.from({ length: 8 }, () => download(`/api/admin/quotes/${quote.id}/pdf`)));
    expect(pdfRenderCount()).toBe(before + 1);
    for (const bytes of all) expect(Buffer.from(bytes).equals(Buffer.from(all[0]!))).toBe(true);
    expect(await keptRenders("quote", quote.id)).toHaveLength(1);
  });

  it("is rendered again when what it prints changes: the contact's name, a decision", async () => {
    const { projectId, contactId } = await createBilledProject(ctx.db, { name: "Ada Lovelace" });
    const quote = await api.sentQuote(projectId);
    const first = pdfText(await download(`/api/admin/quotes/${quote.id}/pdf`));
    expect(first).toContain("PREPARED FOR\nAda Lovelace");
    const before = pdfRenderCount();

    await api.ok(await api.call("PUT", `/api/admin/contacts/${contactId}`, { name: "Ada King" }));
    const renamed = pdfText(await download(`/api/admin/quotes/${quote.id}/pdf`));
    expect(pdfRenderCount()).toBe(before + 1);
    expect(renamed).toContain("PREPARED FOR\nAda King");
    expect(renamed).not.toContain("PREPARED FOR\nAda Lovelace");

    // Opening the portal marks it viewed: nothing it prints, so no new render.
    const token = await projectToken(ctx.db, projectId);
    await api.clientBilling(projectId, token);
    await download(`/api/admin/quotes/${quote.id}/pdf`);
    expect(pdfRenderCount()).toBe(before + 1);

    await api.ok(await api.accept(quote.id, token, "Ada King"));
    const accepted = pdfText(await download(`/api/client-portal/quotes/${quote.id}/pdf`, api.asClient(token)));
    expect(accepted).toContain("Accepted by Ada King");
    // Rendered once, for the copy kept with the project's files, and read by the download.
    expect(pdfRenderCount()).toBe(before + 2);
  });

  it("covers a paid invoice and a receipt; an open invoice is rendered on each download", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const invoice = await api.sendInvoice((await api.manualInvoice(projectId)).id);
    const before = pdfRenderCount();
    await download(`/api/admin/invoices/${invoice.id}/pdf`);
    await download(`/api/admin/invoices/${invoice.id}/pdf`);
    expect(pdfRenderCount()).toBe(before + 2);
    expect(await keptRenders("invoice", invoice.id)).toEqual([]);

    await api.payInFull(invoice);
    const paid = InvoiceAnswerSchema.parse(await api.ok(await api.call("GET", `/api/admin/invoices/${invoice.id}`)));
    expect(paid.invoice.status).toBe("paid");
    const token = await projectToken(ctx.db, projectId);
    const receipt = `/api/client-portal/payments/${paid.invoice.payments[0]!.id}/receipt`;
    const counted = pdfRenderCount();
    for (let i = 0; i < 2; i++) {
      expect(pdfText(await download(`/api/admin/invoices/${invoice.id}/pdf`))).toContain("Paid in full");
      expect(pdfText(await download(receipt, api.asClient(token)))).toContain("is paid in full");
    }
    expect(pdfRenderCount()).toBe(counted + 2);
    expect(await keptRenders("invoice", invoice.id)).toHaveLength(1);
    expect(await keptRenders("receipt", paid.invoice.payments[0]!.id)).toHaveLength(1);
  });
});

describe("a document that can still change", () => {
  it("is rendered on each download, its edits and revisions with it", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const draft = await api.createQuote(projectId, { notes: "First thoughts" });
    const before = pdfRenderCount();
    expect(pdfText(await download(`/api/admin/quotes/${draft.id}/pdf`))).toContain("First thoughts");
    await api.ok(
      await api.call("PUT", `/api/admin/quotes/${draft.id}`, { lines: [STARTER_LINE], notes: "Second thoughts" }),
    );
    expect(pdfText(await download(`/api/admin/quotes/${draft.id}/pdf`))).toContain("Second thoughts");
    expect(pdfRenderCount()).toBe(before + 2);
    expect(await keptRenders("quote", draft.id)).toEqual([]);

    // Sent, it is kept; its revision is a document of its own, rendered and kept in turn.
    await api.sendQuote(draft.id);
    await download(`/api/admin/quotes/${draft.id}/pdf`);
    const revision = await api.sendQuote(
      (await api.ok(await api.call("POST", `/api/admin/quotes/${draft.id}/revise`), 201)).quote.id,
    );
    const revised = pdfText(await download(`/api/admin/quotes/${revision.id}/pdf`));
    expect(revised).toContain("Revision");
    expect(pdfRenderCount()).toBe(before + 4);
    expect(await keptRenders("quote", draft.id)).toHaveLength(1);
    expect(await keptRenders("quote", revision.id)).toHaveLength(1);
  });
});

describe("while PDFs render", () => {
  it(
    "answers the health check before the renders in flight are done",
    async () => {
      const { projectId } = await createBilledProject(ctx.db);
      const drafts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => api.createQuote(projectId, { notes: `Draft ${i} of the health check` })),
      );
      let done = 0;
      // A token of its own: the file's earlier downloads count against the other one's minute.
      const own = billingApi(ctx.app, (await createAdminToken(ctx.db)).auth);
      const renders = drafts.map(async (draft) => {
        const res = await own.call("GET", `/api/admin/quotes/${draft.id}/pdf`);
        await res.arrayBuffer();
        done += 1;
        return res.status;
      });
      const pool = pdfPoolFor(ctx.env);
      // Every request has reached the pool: its 2 threads have 20 layouts to go through.
      const reached = () => pool.pending >= drafts.length || done > 0;
      while (!reached()) await new Promise((resolve) => setTimeout(resolve, 5));

      const health = await ctx.app.request("/api/health");
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true, db: true });
      const doneAtHealth = done;
      expect(await Promise.all(renders)).toEqual(drafts.map(() => 200));
      // The answer came while most of the layouts were still to do: none of them ran on its thread.
      expect(doneAtHealth).toBeLessThan(drafts.length / 2);
    },
    LOADED,
  );
});

describe("a full render queue", () => {
  it(
    "answers 429 with Retry-After and says to wait, then renders once there is room",
    async () => {
      const small = await createTestApp({ env: { DATA_DIR: await testDataDir(), PDF_WORKERS: "1", PDF_QUEUE: "1" } });
      try {
        const smallApi = billingApi(small.app, (await createAdminToken(small.db)).auth);
        const { projectId } = await createBilledProject(small.db);
        const quote = await smallApi.createQuote(projectId);
        const big = await smallApi.createQuote(projectId, long("Busy"));
        // The pool's one thread and its one place in the queue taken by two large layouts.
        const pool = pdfPoolFor(small.env);
        const task = { kind: "quote" as const, quote: quotePrint(big), client: null };
        const busy = [pool.render(task), pool.render(task)];

        const refused = await smallApi.call("GET", `/api/admin/quotes/${quote.id}/pdf`);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(await refused.json()).toEqual({ error: PDF_BUSY });
        expect(PDF_BUSY).toMatch(/^Please wait a moment/);

        await Promise.all(busy);
        const served = await smallApi.call("GET", `/api/admin/quotes/${quote.id}/pdf`);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe("application/pdf");
      } finally {
        await small.close();
      }
    },
    LOADED,
  );
});
