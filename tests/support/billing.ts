import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import type { ProjectStatus } from "~/contracts/project-terms";
import { ClientBillingAnswerSchema, type ClientBilling } from "~/contracts/billing";
import { InvoiceAnswerSchema, ProjectInvoicesAnswerSchema, type Invoice } from "~/contracts/invoices";
import { QuoteAnswerSchema, type NewQuoteInput, type Quote } from "~/contracts/quotes";
import type { Database } from "../../server/db/client";
import { quoteContentHash } from "../../server/services/billing/quote-rows";
import { createProjectForContact, upsertLeadContact } from "../../server/services/intake/leads";
import { retryOnUniqueViolation } from "../../server/db/tx";
import { clientEmail, portalToken } from "./projects";

/**
 * Billing for API tests (docs/product/billing.md): a project with a primary contact, quotes
 * written, sent and accepted through the real API, and the client's portal token. Every answer
 * is parsed with the schema the screens check it with.
 */
type Requester = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

export const STARTER_LINE = {
  description: "Starter Site: up to three pages, photo gallery, reviews linked, SEO setup",
  quantity: 1,
  unit_price_cents: 27_500,
  preset: "starter-site",
} as const;

/** A project as a lead makes it (status submitted unless said), its primary contact with a unique address. */
export async function createBilledProject(
  db: Database,
  options: { name?: string; status?: ProjectStatus } = {},
): Promise<{ projectId: string; email: string; name: string; contactId: number }> {
  const name = options.name ?? "Maria Santos";
  const email = clientEmail(name.split(" ")[0]!.toLowerCase());
  return retryOnUniqueViolation(db, async (tx) => {
    const { contact } = await upsertLeadContact(tx, { name, email, source: "website", status: "won" });
    const projectId = await createProjectForContact(tx, contact.id, {
      name: `${name} Bakery Website Project`,
      description: "A site for the bakery",
      status: options.status ?? "submitted",
    });
    return { projectId, email, name, contactId: contact.id };
  });
}

/** The admin's and the client's calls, with their tokens. */
export function billingApi(app: Requester, adminAuth: Record<string, string>) {
  const call = (method: string, path: string, body?: unknown, auth: Record<string, string> = adminAuth) =>
    Promise.resolve(
      app.request(path, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const ok = async (res: Response, status = 200) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return res.json();
  };
  const asClient = (token: string) => ({ Authorization: `Bearer ${token}` });

  return {
    call,
    asClient,
    async createQuote(projectId: string, input: Partial<NewQuoteInput> = {}): Promise<Quote> {
      const body = await ok(
        await call("POST", `/api/admin/projects/${projectId}/quotes`, { lines: [STARTER_LINE], ...input }),
        201,
      );
      return QuoteAnswerSchema.parse(body).quote;
    },
    async sendQuote(id: number): Promise<Quote> {
      return QuoteAnswerSchema.parse(await ok(await call("POST", `/api/admin/quotes/${id}/send`))).quote;
    },
    /** A sent quote of the project. */
    async sentQuote(projectId: string, input: Partial<NewQuoteInput> = {}): Promise<Quote> {
      return this.sendQuote((await this.createQuote(projectId, input)).id);
    },
    async clientBilling(projectId: string, token: string): Promise<ClientBilling> {
      const res = await call("GET", `/api/client-portal/projects/${projectId}/billing`, undefined, asClient(token));
      return ClientBillingAnswerSchema.parse(await ok(res));
    },
    /** The quote's content hash as the client is shown it (a placeholder for an unknown quote). */
    async contentHash(quoteId: number): Promise<string> {
      const res = await call("GET", `/api/admin/quotes/${quoteId}`);
      if (res.status !== 200) return `sha256:${"0".repeat(64)}`;
      return quoteContentHash(QuoteAnswerSchema.parse(await res.json()).quote);
    },
    /** The client's acceptance, with the hash of the quote as it stands unless `extra` names one. */
    async accept(quoteId: number, token: string, fullName = "Maria Santos", extra: Record<string, unknown> = {}) {
      const hash = "content_hash" in extra ? {} : { content_hash: await this.contentHash(quoteId) };
      return call(
        "POST",
        `/api/client-portal/quotes/${quoteId}/accept`,
        { full_name: fullName, agree_terms: true, ...hash, ...extra },
        asClient(token),
      );
    },
    /**
     * A quote sent and accepted by the client, answered once its signed copy is kept (made after
     * the acceptance's answer: decision 056).
     */
    async acceptedQuote(projectId: string, token: string, input: Partial<NewQuoteInput> = {}): Promise<Quote> {
      const quote = await this.sentQuote(projectId, input);
      await ok(await this.accept(quote.id, token));
      return this.signedCopy(quote.id);
    },
    /** The accepted quote as the owner reads it once its signed copy is kept (a few seconds at most). */
    async signedCopy(quoteId: number): Promise<Quote> {
      for (const started = Date.now(); Date.now() - started < 20_000;) {
        const quote = QuoteAnswerSchema.parse(await ok(await call("GET", `/api/admin/quotes/${quoteId}`))).quote;
        if (quote.accepted_pdf_key) return quote;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the signed copy of quote ${quoteId} was not kept within 20 s`);
    },
    /**
     * The accepted quote's deposit invoice: the one written (and sent) at signing, or, with that
     * setting off, one the owner creates now (a draft).
     */
    async depositInvoice(quoteId: number): Promise<Invoice> {
      const quote = QuoteAnswerSchema.parse(await ok(await call("GET", `/api/admin/quotes/${quoteId}`))).quote;
      const listed = await ok(await call("GET", `/api/admin/projects/${quote.project_id}/invoices`));
      const written = ProjectInvoicesAnswerSchema.parse(listed).invoices.find(
        (i) => i.quote_id === quoteId && i.kind === "deposit" && i.status !== "void",
      );
      if (written) return written;
      const res = await call("POST", `/api/admin/quotes/${quoteId}/invoices`, { kind: "deposit" });
      return InvoiceAnswerSchema.parse(await ok(res, 201)).invoice;
    },
    /** Turns the deposit at signing on or off (the billing settings of this test's database). */
    async invoiceAtSigning(on: boolean) {
      await ok(await call("PUT", "/api/admin/billing/settings", { invoice_on_acceptance: on }));
    },
    async manualInvoice(projectId: string, input: Record<string, unknown> = {}): Promise<Invoice> {
      const res = await call("POST", `/api/admin/projects/${projectId}/invoices`, {
        lines: [{ description: "Extra page: events calendar", quantity: 1, unit_price_cents: 12_500 }],
        ...input,
      });
      return InvoiceAnswerSchema.parse(await ok(res, 201)).invoice;
    },
    async sendInvoice(id: number): Promise<Invoice> {
      return InvoiceAnswerSchema.parse(await ok(await call("POST", `/api/admin/invoices/${id}/send`))).invoice;
    },
    /** The whole invoice paid by check on its issue day, as the owner records it (201). */
    async payInFull(invoice: Invoice) {
      return ok(
        await call("POST", `/api/admin/invoices/${invoice.id}/payments`, {
          amount_cents: invoice.total_cents,
          paid_on: invoice.issue_date,
          method: "check",
        }),
        201,
      );
    },
    ok,
  };
}

/** A portal token of the project, as the lookup by Project ID gives it. */
export const projectToken = (db: Database, projectId: string) => portalToken(db, { projectId });

/** A data folder of the test's own (the accepted quotes' PDFs are stored files), removed with the temp folder. */
export const testDataDir = () => mkdtemp(join(os.tmpdir(), "wbt-billing-"));
