import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { CheckoutAnswerSchema, PaymentAnswerSchema } from "~/contracts/payments";
import { portalDocumentFrom } from "~/contracts/portal-documents";
import { QuoteAnswerSchema, type Quote } from "~/contracts/quotes";
import { communications, emailOutbox } from "../../db/schema/index";
import { createBilledProject, projectToken } from "../../../tests/support/billing";
import { pdfText } from "../../../tests/support/pdf-text";
import { businessToday, useStripeBillingServer } from "../../../tests/support/billing-server";

/**
 * The client's copies (docs/product/billing.md "Receipts and signed copies"): the signed quote's
 * e-mail on acceptance, a receipt e-mail for every payment (a card payment from the signed webhook,
 * a check recorded by the owner), each through the outbox and logged on the contact, with the time
 * and its zone; and the receipt's PDF for the project's portal token alone.
 */
const WEBHOOK_SECRET = "whsec_test_billing_receipts";
const env = useStripeBillingServer(WEBHOOK_SECRET);
/** "December 6, 2026 at 1:34 AM EST": a time in the business's zone, the zone named. */
const ZONED_TIME = /[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M E[SD]T/;

/** The client accepts a sent quote as the portal does: the name typed, the terms agreed, the hash shown. */
async function accept(projectId: string, token: string, quote: Quote, name: string): Promise<Quote> {
  const shown = (await env.api.clientBilling(projectId, token)).quotes.find((q) => q.id === quote.id)!;
  const res = await env.api.accept(quote.id, token, name, { content_hash: shown.content_hash });
  return QuoteAnswerSchema.parse(await env.api.ok(res)).quote;
}

/** A project's accepted quote and its sent deposit invoice ($137.50), with the client's token. */
async function depositToPay(name = "Łucja Nguyễn") {
  const project = await createBilledProject(env.server.db, { name });
  const token = await projectToken(env.server.db, project.projectId);
  const quote = await accept(project.projectId, token, await env.api.sentQuote(project.projectId), name);
  const invoice = await env.api.sendInvoice((await env.api.depositInvoice(quote.id)).id);
  return { ...project, token, quote, invoice };
}

/** The outbox's messages of a kind to an address, newest first. */
const outbox = (kind: string, to: string) =>
  env.server.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)))
    .orderBy(desc(emailOutbox.id));

const logged = (contactId: number) =>
  env.server.db.select().from(communications).where(eq(communications.contactId, contactId));

/** The portal link of an e-mail: its path and query, on the site's address. */
function portalLinkOf(text: string): URL {
  const found = /https?:\/\/\S+\/client-portal\?\S+/.exec(text);
  expect(found, text).not.toBeNull();
  return new URL(found![0]);
}

async function recordCheck(invoiceId: number, amount: number, note = "Check #1042") {
  const res = await env.api.call("POST", `/api/admin/invoices/${invoiceId}/payments`, {
    amount_cents: amount,
    paid_on: businessToday(),
    method: "check",
    note,
  });
  return PaymentAnswerSchema.parse(await env.api.ok(res, 201));
}

describe("the signed copy", () => {
  it("e-mails the client what they signed, a link that opens the quote, and what happens next", async () => {
    const { projectId, email, contactId } = await createBilledProject(env.server.db, { name: "Łucja Nguyễn" });
    const token = await projectToken(env.server.db, projectId);
    const sent = await env.api.sentQuote(projectId);
    const sentMail = (await outbox("quote_sent", email))[0]!;
    expect(portalDocumentFrom(portalLinkOf(sentMail.text).search)).toEqual({ kind: "quote", id: sent.id });

    const accepted = await accept(projectId, token, sent, "Łucja Nguyễn");
    const [copy, ...more] = await outbox("quote_signed_copy", email);
    expect(more).toEqual([]);
    expect(copy).toMatchObject({ projectId, contactId, replyTo: site.email });
    expect(copy!.subject).toBe(`Your signed quote ${sent.number} - ${site.brand}`);
    expect(copy!.text).toContain("Hi Łucja,");
    expect(copy!.text).toContain("Signed by: Łucja Nguyễn");
    expect(copy!.text).toContain("Total: $275.00");
    expect(copy!.text).toContain("Deposit to start (50%): $137.50");
    expect(copy!.text).toContain(`Content hash: ${accepted.acceptance!.content_hash}`);
    expect(copy!.text).toMatch(new RegExp(`Accepted on: ${ZONED_TIME.source}`));
    // The deposit invoice, written at signing, is in the same e-mail, to pay now.
    const [deposit] = (await env.api.clientBilling(projectId, token)).invoices;
    expect(copy!.text).toContain("Your invoice, ready to pay now:");
    expect(copy!.text).toContain(`Invoice ${deposit!.number}: $137.50`);
    const link = portalLinkOf(copy!.text);
    expect(link.pathname).toBe("/client-portal");
    expect(link.searchParams.get("project")).toBe(projectId);
    expect(portalDocumentFrom(link.search)).toEqual({ kind: "quote", id: sent.id });

    // Logged on the contact, as the site's own.
    const entries = await logged(contactId);
    expect(entries.find((e) => e.subject === copy!.subject)).toMatchObject({
      type: "email",
      direction: "outbound",
      createdBy: "system",
    });
    // The owner still hears of it.
    expect(
      await env.server.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, `Quote ${sent.number} accepted: ${sent.project_name}`)),
    ).toHaveLength(1);
  });

  it("sends nothing for a declined quote", async () => {
    const { projectId, email } = await createBilledProject(env.server.db);
    const token = await projectToken(env.server.db, projectId);
    const sent = await env.api.sentQuote(projectId);
    await env.api.ok(
      await env.api.call("POST", `/api/client-portal/quotes/${sent.id}/decline`, {}, env.api.asClient(token)),
    );
    expect(await outbox("quote_signed_copy", email)).toEqual([]);
  });
});

describe("the receipts", () => {
  it("e-mails a receipt for a recorded check: amount, method, day, invoice, still due, the time with its zone", async () => {
    const { email, contactId, invoice } = await depositToPay();
    const { payment } = await recordCheck(invoice.id, 5_000);
    const [receipt, ...more] = await outbox("payment_receipt", email);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ contactId, projectId: invoice.project_id });
    expect(receipt!.subject).toBe(`Receipt for $50.00 on invoice ${invoice.number} - ${site.brand}`);
    const text = receipt!.text;
    expect(text).toContain(`Receipt: ${invoice.number}-R1`);
    expect(text).toContain("Amount: $50.00");
    expect(text).toContain("Method: Check");
    expect(text).toMatch(/Paid on: [A-Z][a-z]+ \d{1,2}, \d{4}\n/);
    expect(text).toMatch(new RegExp(`Recorded: ${ZONED_TIME.source}`));
    expect(text).toContain(`Invoice: ${invoice.number} (total $137.50)`);
    expect(text).toContain("Still due on it: $87.50");
    expect(text).not.toContain("Check #1042");
    expect(portalDocumentFrom(portalLinkOf(text).search)).toEqual({ kind: "receipt", id: payment.id });
    expect((await logged(contactId)).some((e) => e.subject === receipt!.subject && e.createdBy === "system")).toBe(
      true,
    );

    // The second payment's receipt: R2, and nothing still due.
    await recordCheck(invoice.id, 8_750, "Check #1043");
    const [second] = await outbox("payment_receipt", email);
    expect(second!.text).toContain(`Receipt: ${invoice.number}-R2`);
    expect(second!.text).toContain("Still due on it: $0.00");
    expect(second!.text).toContain(`Invoice ${invoice.number} is paid in full.`);
  });

  it("e-mails a receipt for a card payment from the signed webhook, beside the owner's notice", async () => {
    const { email, token, invoice } = await depositToPay("Zoë Brennan");
    const res = await env.api.call(
      "POST",
      `/api/client-portal/invoices/${invoice.id}/checkout`,
      undefined,
      env.api.asClient(token),
    );
    CheckoutAnswerSchema.parse(await env.api.ok(res));
    const session = [...env.stripe.sessions.values()].at(-1)!;
    const delivery = await env.stripe.complete(session.id);
    expect(JSON.parse(delivery.body)).toMatchObject({ received: true, recorded: true, credit_cents: 0 });

    const [receipt, ...more] = await outbox("payment_receipt", email);
    expect(more).toEqual([]);
    expect(receipt!.text).toContain("Amount: $137.50");
    expect(receipt!.text).toContain("Method: Card");
    expect(receipt!.text).toContain(`Invoice: ${invoice.number} (total $137.50)`);
    expect(receipt!.text).toContain("Still due on it: $0.00");
    expect(receipt!.text).toMatch(new RegExp(`Recorded: ${ZONED_TIME.source}`));
    const owner = await env.server.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "payment_received"), eq(emailOutbox.projectId, invoice.project_id)));
    expect(owner).toHaveLength(1);

    // The same event again: no second receipt.
    await env.stripe.deliver(delivery.event);
    expect(await outbox("payment_receipt", email)).toHaveLength(1);
  });

  it("sends no receipt when the contact has no address, and the payment still stands", async () => {
    const { contactId, invoice } = await depositToPay("Ana Lima");
    const { contacts } = await import("../../db/schema/index");
    await env.server.db.update(contacts).set({ email: null }).where(eq(contacts.id, contactId));
    const answer = await recordCheck(invoice.id, 1_000);
    expect(answer.invoice.amount_paid_cents).toBe(1_000);
    expect(
      await env.server.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, "payment_receipt"), eq(emailOutbox.contactId, contactId))),
    ).toEqual([]);
  });
});

describe("the receipt's PDF", () => {
  it("answers the project's portal token a PDF of the payment, and nobody else", async () => {
    // The PDF's Latin-1 fonts are the quote's and the invoice's (docs/product/billing.md "PDFs").
    const mine = await depositToPay("Rosa Diaz");
    const theirs = await createBilledProject(env.server.db, { name: "Rita Moreau" });
    const theirToken = await projectToken(env.server.db, theirs.projectId);
    const { payment } = await recordCheck(mine.invoice.id, 5_000);
    const path = `/api/client-portal/payments/${payment.id}/receipt`;

    const res = await env.api.call("GET", path, undefined, env.api.asClient(mine.token));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="Receipt-${mine.invoice.number}-R1.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    for (const expected of [
      "RECEIPT",
      `Receipt\n${mine.invoice.number}-R1`,
      "Payment received: $50.00",
      "$50.00 by check",
      `For invoice ${mine.invoice.number}`,
      "$137.50",
      "Still due after this payment",
      "$87.50",
      mine.projectId,
      mine.email,
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(ZONED_TIME);

    expect((await env.api.call("GET", path, undefined, env.api.asClient(theirToken))).status).toBe(403);
    expect((await env.api.call("GET", path, undefined, {})).status).toBe(401);
    expect(
      (
        await env.api.call(
          "GET",
          `/api/client-portal/payments/987654321/receipt`,
          undefined,
          env.api.asClient(mine.token),
        )
      ).status,
    ).toBe(404);
    // The owner's token is not a portal session.
    expect((await env.api.call("GET", path)).status).toBe(401);
  });
});
