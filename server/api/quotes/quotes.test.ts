import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BillingSettingsAnswerSchema } from "~/contracts/billing";
import { QuoteAnswerSchema, QuoteListAnswerSchema } from "~/contracts/quotes";
import { site } from "~/config/site";
import { zoneAbbreviation } from "~/lib/time/zoned";
import { communications, contacts, emailOutbox, invoices, media, quotes } from "../../db/schema/index";
import { expireQuotes } from "../../services/billing/quotes";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import {
  billingApi,
  createBilledProject,
  projectToken,
  testDataDir,
  STARTER_LINE,
} from "../../../tests/support/billing";
import { pdfText } from "../../../tests/support/pdf-text";
import { startSmtpServer } from "../../../tests/support/smtp";

/**
 * Quotes end to end against a real database and SMTP peer (docs/product/billing.md "Quotes", "The
 * client decides", "Money is exact"): the server's totals and rounding, sending, the frozen sent
 * quote (and the trigger behind it), revisions, the client's Billing section, acceptance with its
 * record and PDF, declining, and who may see what.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: Ctx;
let api: ReturnType<typeof billingApi>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, TRUST_PROXY: "1", DATA_DIR: await testDataDir() } });
  api = billingApi(ctx.app, (await createAdminToken(ctx.db)).auth);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: site.timeZone }).format(new Date());
const dayAfter = (days: number) => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe("a quote's money", () => {
  it("computes the line totals, the discount and the deposit on the server, half up", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const quote = await api.createQuote(projectId, {
      lines: [
        { description: "Hourly work", quantity: 1.5, unit_price_cents: 3_333 }, // 4999.5 -> 5000
        { ...STARTER_LINE },
      ],
      discount_type: "percent",
      discount_value: 1_250, // 12.5 % of 32,500 = 4062.5 -> 4063
      deposit_percent: 33, // 33 % of 28,437 = 9384.21 -> 9384
    });
    expect(quote.lines.map((l) => l.total_cents)).toEqual([5_000, 27_500]);
    expect(quote).toMatchObject({
      subtotal_cents: 32_500,
      discount_cents: 4_063,
      total_cents: 28_437,
      deposit_percent: 33,
      deposit_cents: 9_384,
      status: "draft",
      revision: 1,
    });
    expect(quote.number).toMatch(new RegExp(`^Q-${today().slice(0, 4)}-\\d{4}$`));
  });

  it("rounds half a cent up, caps an amount discount at the subtotal and takes the settings' defaults", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    // 0.5 × 1 cent = 0.5 cent -> 1 cent; deposit 50 % of 1 cent = 0.5 -> 1 cent.
    const tiny = await api.createQuote(projectId, {
      lines: [{ description: "Half", quantity: 0.5, unit_price_cents: 1 }],
    });
    expect(tiny).toMatchObject({ subtotal_cents: 1, total_cents: 1, deposit_percent: 50, deposit_cents: 1 });
    expect(tiny.terms).toBe(site.billing.termsTemplate);
    expect(tiny.valid_until).toBe(dayAfter(30));

    const capped = await api.createQuote(projectId, { discount_type: "amount", discount_value: 99_999 });
    expect(capped).toMatchObject({ subtotal_cents: 27_500, discount_cents: 27_500, total_cents: 0, deposit_cents: 0 });
  });

  it("refuses bad input with 400 and the field named", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    for (const body of [
      { lines: [] },
      { lines: [{ description: "x", quantity: 1, unit_price_cents: 10.5 }] },
      { lines: [{ description: "x", quantity: 1.234, unit_price_cents: 100 }] },
      { lines: [STARTER_LINE], deposit_percent: 101 },
      { lines: [STARTER_LINE], valid_until: "2026-02-30" },
    ]) {
      const res = await api.call("POST", `/api/admin/projects/${projectId}/quotes`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toBeTruthy();
    }
    expect(
      (await api.call("POST", "/api/admin/projects/WBT-2026-NOPE00/quotes", { lines: [STARTER_LINE] })).status,
    ).toBe(404);
  });

  it("bounds every line, the subtotal and the discount: too much is a 400 naming the field, on create and update", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const draft = await api.createQuote(projectId);
    const line = (quantity: number, unit: number) => ({ description: "Work", quantity, unit_price_cents: unit });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      // 10,000 × $1,000,000.00: each field within its own bound, the line total far beyond the columns.
      [
        { lines: [STARTER_LINE, line(10_000, 100_000_000)] },
        "lines.1.total_cents",
        /^The line total \(quantity × unit price\) must be at most \$1,000,000\.00$/,
      ],
      [
        { lines: [line(1, 60_000_000), line(1, 60_000_000)] },
        "lines",
        /^The subtotal of the lines must be at most \$1,000,000\.00$/,
      ],
      [
        { lines: [STARTER_LINE], discount_type: "percent", discount_value: 100_000_000 },
        "discount_value",
        /must be at most/,
      ],
      [
        { lines: [STARTER_LINE], discount_type: "percent", discount_value: 10_100 },
        "discount_value",
        /^A percent discount must be at most 100 %$/,
      ],
      [
        { lines: [STARTER_LINE], discount_type: "amount", discount_value: 100_000_001 },
        "discount_value",
        /^The discount must be at most \$1,000,000\.00$/,
      ],
      [
        { lines: [line(0.333, 100)] },
        "lines.0.quantity",
        /^The quantity must have at most two decimals \(0\.33, not 0\.333\)$/,
      ],
      [{ lines: [line(1.0000000001, 100)] }, "lines.0.quantity", /at most two decimals/],
    ];
    for (const [body, field, message] of cases) {
      for (const [method, path] of [
        ["POST", `/api/admin/projects/${projectId}/quotes`],
        ["PUT", `/api/admin/quotes/${draft.id}`],
      ] as const) {
        const res = await api.call(method, path, body);
        expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(400);
        const answer = await res.json();
        expect(answer.fields?.[field], JSON.stringify(answer)).toMatch(message);
        expect(answer.error).toContain(`${field}: `);
      }
    }
    // The bounds themselves are allowed: $1,000,000.00 in all, and 100 % off.
    const most = await api.createQuote(projectId, {
      lines: [line(10_000, 10_000)],
      discount_type: "percent",
      discount_value: 10_000,
    });
    expect(most).toMatchObject({ subtotal_cents: 100_000_000, discount_cents: 100_000_000, total_cents: 0 });
    // The draft was left as it was.
    expect((await api.ok(await api.call("GET", `/api/admin/quotes/${draft.id}`))).quote.total_cents).toBe(27_500);
  });

  it("uses the terms template and the defaults the owner saved in the settings", async () => {
    const before = BillingSettingsAnswerSchema.parse(
      await api.ok(await api.call("GET", "/api/admin/billing/settings")),
    );
    const saved = BillingSettingsAnswerSchema.parse(
      await api.ok(
        await api.call("PUT", "/api/admin/billing/settings", {
          terms_template: "Half up front, half at launch.",
          deposit_percent: 40,
        }),
      ),
    );
    expect(saved.settings).toMatchObject({ terms_template: "Half up front, half at launch.", deposit_percent: 40 });
    try {
      const { projectId } = await createBilledProject(ctx.db);
      const quote = await api.createQuote(projectId);
      expect(quote).toMatchObject({
        terms: "Half up front, half at launch.",
        deposit_percent: 40,
        deposit_cents: 11_000,
      });
      expect((await api.call("PUT", "/api/admin/billing/settings", { quote_valid_days: 0 })).status).toBe(400);
    } finally {
      await api.ok(await api.call("PUT", "/api/admin/billing/settings", before.settings));
    }
  });
});

describe("sending and the frozen sent quote", () => {
  it("e-mails the primary contact a portal link, logs it on the contact, and refuses edits after", async () => {
    const { projectId, email, contactId } = await createBilledProject(ctx.db);
    const draft = await api.createQuote(projectId);
    const edited = QuoteAnswerSchema.parse(
      await api.ok(await api.call("PUT", `/api/admin/quotes/${draft.id}`, { lines: [STARTER_LINE, STARTER_LINE] })),
    ).quote;
    expect(edited.total_cents).toBe(55_000);

    const sent = await api.sendQuote(draft.id);
    expect(sent.status).toBe("sent");
    expect(sent.sent_at).toBeTruthy();
    await ctx.mailer.settled();
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail?.subject).toContain(sent.number);
    expect(mail?.body).toContain(`/client-portal?project=${projectId}`);
    expect(mail?.body).toContain("$550.00");
    const logged = await ctx.db.select().from(communications).where(eq(communications.contactId, contactId));
    expect(logged.some((c) => c.subject?.includes(sent.number))).toBe(true);

    expect((await api.call("PUT", `/api/admin/quotes/${draft.id}`, { lines: [STARTER_LINE] })).status).toBe(409);
    expect((await api.call("DELETE", `/api/admin/quotes/${draft.id}`)).status).toBe(409);
    expect((await api.call("POST", `/api/admin/quotes/${draft.id}/send`)).status).toBe(409);
    // The database refuses it from any writer, not only the API.
    await expect(
      ctx.db.update(quotes).set({ totalCents: 1, subtotalCents: 1 }).where(eq(quotes.id, draft.id)),
    ).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from quotes where id = ${draft.id}`)).rejects.toThrow();
  });

  it("deletes a draft", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const draft = await api.createQuote(projectId);
    expect(await api.ok(await api.call("DELETE", `/api/admin/quotes/${draft.id}`))).toEqual({
      deleted: true,
      id: draft.id,
    });
    expect((await api.call("GET", `/api/admin/quotes/${draft.id}`)).status).toBe(404);
  });

  it("revises: a new draft with the next revision that replaces the old one once sent", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    const first = await api.sentQuote(projectId);
    const revision = QuoteAnswerSchema.parse(
      await api.ok(await api.call("POST", `/api/admin/quotes/${first.id}/revise`), 201),
    ).quote;
    expect(revision).toMatchObject({ number: first.number, revision: 2, replaces_id: first.id, status: "draft" });
    expect((await api.call("POST", `/api/admin/quotes/${first.id}/revise`)).status).toBe(409);

    // Until the revision is sent, the first can still be accepted; after, not.
    expect((await api.clientBilling(projectId, token)).quotes.find((q) => q.id === first.id)?.can_accept).toBe(true);
    await api.sendQuote(revision.id);
    const list = QuoteListAnswerSchema.parse(
      await api.ok(await api.call("GET", `/api/admin/projects/${projectId}/quotes`)),
    );
    expect(list.quotes.map((q) => [q.revision, q.replaced_by_id])).toEqual([
      [2, null],
      [1, revision.id],
    ]);
    const refused = await api.accept(first.id, token);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatch(/replaced/);
  });

  it("lets the owner mark a sent quote declined or expired, not a draft", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const draft = await api.createQuote(projectId);
    expect((await api.call("PUT", `/api/admin/quotes/${draft.id}/status`, { status: "expired" })).status).toBe(409);
    await api.sendQuote(draft.id);
    const declined = QuoteAnswerSchema.parse(
      await api.ok(
        await api.call("PUT", `/api/admin/quotes/${draft.id}/status`, { status: "declined", reason: "Went elsewhere" }),
      ),
    ).quote;
    expect(declined).toMatchObject({ status: "declined", decline_reason: "Went elsewhere" });
    expect((await api.call("PUT", `/api/admin/quotes/${draft.id}/status`, { status: "accepted" })).status).toBe(400);
  });
});

describe("the client's decision", () => {
  it("shows sent quotes only, marks them viewed, and accepts with the content's hash", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    await api.createQuote(projectId); // a draft: the owner's alone
    const sent = await api.sentQuote(projectId);

    const billing = await api.clientBilling(projectId, token);
    expect(billing.quotes.map((q) => q.id)).toEqual([sent.id]);
    const shown = billing.quotes[0]!;
    expect(shown).toMatchObject({ status: "viewed", can_accept: true });
    expect(shown.viewed_at).toBeTruthy();
    expect(shown.content_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(billing.card_payments).toBe(false);
    expect(billing.how_to_pay.payee).toBe(site.billing.payee);

    expect(
      (await api.accept(sent.id, token, "Maria Santos", { content_hash: "sha256:" + "0".repeat(64) })).status,
    ).toBe(409);
    const noTerms = await api.call(
      "POST",
      `/api/client-portal/quotes/${sent.id}/accept`,
      { full_name: "Maria Santos", agree_terms: false },
      api.asClient(token),
    );
    expect(noTerms.status).toBe(400);

    const res = await api.call(
      "POST",
      `/api/client-portal/quotes/${sent.id}/accept`,
      { full_name: "Maria Santos", agree_terms: true, content_hash: shown.content_hash },
      { ...api.asClient(token), "User-Agent": "Mozilla/5.0 (Test Browser)", "X-Forwarded-For": "203.0.113.9" },
    );
    const accepted = QuoteAnswerSchema.parse(await api.ok(res)).quote;
    expect(accepted.status).toBe("accepted");
    expect(accepted.acceptance).toMatchObject({
      full_name: "Maria Santos",
      ip_address: "203.0.113.9",
      user_agent: "Mozilla/5.0 (Test Browser)",
      content_hash: shown.content_hash,
    });

    // The accepted PDF is a private file of the project, made after the answer (decision 056).
    const pdfKey = (await api.signedCopy(accepted.id)).accepted_pdf_key!;
    const [file] = await ctx.db.select().from(media).where(eq(media.key, pdfKey));
    expect(file).toMatchObject({ projectId, mimeType: "application/pdf" });
    expect((await ctx.app.request(`/api/media/${pdfKey}`)).status).toBe(404);
    const served = await ctx.app.request(`/api/media/${pdfKey}`, { headers: api.asClient(token) });
    expect(served.status).toBe(200);
    const text = pdfText(new Uint8Array(await served.arrayBuffer()));
    expect(text).toContain(sent.number);
    expect(text).toContain("Starter Site: up to three pages");
    expect(text).toContain("$275.00");
    expect(text).toContain("$137.50");
    expect(text).toContain("Accepted by Maria Santos");
    expect(text).toContain("203.0.113.9");
    expect(text).toContain("Mozilla/5.0 (Test Browser)");
    expect(text).toContain(shown.content_hash);

    // Already decided.
    expect((await api.accept(sent.id, token)).status).toBe(409);
    expect(
      (await api.call("POST", `/api/client-portal/quotes/${sent.id}/decline`, {}, api.asClient(token))).status,
    ).toBe(409);
    // The owner heard of it.
    await ctx.mailer.settled();
    expect(smtp.received.some((m) => m.subject.includes(`${sent.number} accepted`))).toBe(true);
  });

  it("refuses an expired quote and says whom to ask; the daily pass marks it expired", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    const sent = await api.sentQuote(projectId, { valid_until: today() });
    // Valid through today: accepted today, refused once the day has passed (the clock set a day and a half on).
    const billing = await api.clientBilling(projectId, token);
    expect(billing.quotes.find((q) => q.id === sent.id)).toMatchObject({ valid_until: today(), can_accept: true });
    const tomorrow = new Date(Date.now() + 36 * 60 * 60_000);
    expect(await expireQuotes(ctx.db, tomorrow)).toBeGreaterThanOrEqual(1);
    const res = await api.accept(sent.id, token);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toContain(site.email);
    const [row] = await ctx.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, sent.id));
    expect(row?.status).toBe("expired");
  });

  it("declines with a reason", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    const sent = await api.sentQuote(projectId);
    const res = await api.call(
      "POST",
      `/api/client-portal/quotes/${sent.id}/decline`,
      { reason: "We found a cheaper option" },
      api.asClient(token),
    );
    expect(QuoteAnswerSchema.parse(await api.ok(res)).quote).toMatchObject({
      status: "declined",
      decline_reason: "We found a cheaper option",
    });
    expect((await api.accept(sent.id, token)).status).toBe(409);
  });

  it("gives another client's token 403, no token 401, and an unknown or draft quote 404", async () => {
    const mine = await createBilledProject(ctx.db);
    const theirs = await createBilledProject(ctx.db, { name: "Rita Moreau" });
    const myToken = await projectToken(ctx.db, mine.projectId);
    const quote = await api.sentQuote(theirs.projectId);
    const draft = await api.createQuote(theirs.projectId);

    expect((await api.accept(quote.id, myToken)).status).toBe(403);
    expect(
      (await api.call("POST", `/api/client-portal/quotes/${quote.id}/decline`, {}, api.asClient(myToken))).status,
    ).toBe(403);
    expect(
      (await api.call("GET", `/api/client-portal/quotes/${quote.id}/pdf`, undefined, api.asClient(myToken))).status,
    ).toBe(403);
    expect(
      (
        await api.call(
          "GET",
          `/api/client-portal/projects/${theirs.projectId}/billing`,
          undefined,
          api.asClient(myToken),
        )
      ).status,
    ).toBe(403);
    expect((await api.call("GET", `/api/client-portal/quotes/${quote.id}/pdf`, undefined, {})).status).toBe(401);
    expect((await api.accept(draft.id, myToken)).status).toBe(404);
    expect((await api.accept(987_654_321, myToken)).status).toBe(404);
    // Nothing changed.
    expect((await api.ok(await api.call("GET", `/api/admin/quotes/${quote.id}`))).quote.status).toBe("sent");
  });
});

describe("a decided quote is final", () => {
  /** A sent quote and a draft revision of it, with the client's token. */
  async function quoteWithDraftRevision() {
    const { projectId } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    const first = await api.sentQuote(projectId);
    const draft = QuoteAnswerSchema.parse(
      await api.ok(await api.call("POST", `/api/admin/quotes/${first.id}/revise`), 201),
    ).quote;
    await api.ok(
      await api.call("PUT", `/api/admin/quotes/${draft.id}`, {
        lines: [{ ...STARTER_LINE, unit_price_cents: 22_000 }],
      }),
    );
    return { projectId, token, first, draft };
  }

  const family = (number: string) =>
    ctx.db
      .select({ id: quotes.id, status: quotes.status, revision: quotes.revision })
      .from(quotes)
      .where(eq(quotes.number, number))
      .orderBy(quotes.revision);

  it("discards the draft revision when the client accepts, refuses to send it (409), and bills one deposit", async () => {
    const { projectId, token, first, draft } = await quoteWithDraftRevision();
    // The client accepts revision 1 while the owner's revision 2 is a draft.
    const accepted = QuoteAnswerSchema.parse(await api.ok(await api.accept(first.id, token))).quote;
    expect(accepted.status).toBe("accepted");
    expect(await family(first.number)).toEqual([{ id: first.id, status: "accepted", revision: 1 }]);

    // The owner sends the draft: refused, saying why; so are its edit and its deletion.
    const send = await api.call("POST", `/api/admin/quotes/${draft.id}/send`);
    expect(send.status).toBe(409);
    expect((await send.json()).error).toMatch(/accepted quote .* before this draft revision .* was discarded/);
    expect((await api.call("PUT", `/api/admin/quotes/${draft.id}`, { lines: [STARTER_LINE] })).status).toBe(409);
    expect((await api.call("DELETE", `/api/admin/quotes/${draft.id}`)).status).toBe(409);
    expect((await api.call("POST", `/api/admin/quotes/${first.id}/revise`)).status).toBe(409);
    const list = QuoteListAnswerSchema.parse(
      await api.ok(await api.call("GET", `/api/admin/projects/${projectId}/quotes`)),
    );
    expect(list.quotes.map((q) => [q.id, q.status])).toEqual([[first.id, "accepted"]]);

    // The owner is told, in the acceptance's e-mail.
    const [told] = await ctx.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Quote ${first.number} accepted: ${first.project_name}`));
    expect(told?.text).toContain(`Your draft revision 2 of ${first.number} was not sent before this acceptance`);

    // One deposit invoice, of the accepted revision.
    const deposit = await api.depositInvoice(first.id);
    expect(deposit.total_cents).toBe(13_750);
    expect((await api.call("POST", `/api/admin/quotes/${first.id}/invoices`, { kind: "deposit" })).status).toBe(409);
    const deposits = await ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.projectId, projectId));
    expect(deposits).toHaveLength(1);
  });

  it("lets one of an acceptance and the revision's send happen at the same time, never both", async () => {
    for (let round = 0; round < 3; round++) {
      const { token, first, draft } = await quoteWithDraftRevision();
      const [accept, send] = await Promise.all([
        api.accept(first.id, token),
        api.call("POST", `/api/admin/quotes/${draft.id}/send`),
      ]);
      expect([accept.status, send.status].sort()).toEqual([200, 409]);
      if (send.status === 200) {
        // The revision went out first: revision 1 is replaced, revision 2 can be accepted.
        expect((await accept.json()).error).toMatch(/replaced/);
        await api.ok(await api.accept(draft.id, token));
      }
      const statuses = (await family(first.number)).map((q) => q.status);
      expect(statuses.filter((st) => st === "accepted")).toHaveLength(1);
      expect(statuses).not.toContain("draft");
    }
  });

  it("refuses to send the revision of a quote the client declined meanwhile, and to revise a declined quote", async () => {
    const { token, first, draft } = await quoteWithDraftRevision();
    await api.ok(await api.call("POST", `/api/client-portal/quotes/${first.id}/decline`, {}, api.asClient(token)));
    const send = await api.call("POST", `/api/admin/quotes/${draft.id}/send`);
    expect(send.status).toBe(409);
    expect((await send.json()).error).toMatch(/declined .* meanwhile, so this revision cannot be sent/);
    expect((await api.call("POST", `/api/admin/quotes/${first.id}/revise`)).status).toBe(409);
    // The declined quote is as it was; the draft can still be deleted.
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, first.id));
    expect(row).toMatchObject({ status: "declined", replacedById: null });
    expect((await api.call("DELETE", `/api/admin/quotes/${draft.id}`)).status).toBe(200);
  });

  it("holds one accepted quote per revision family in the database, whatever writes it", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    const first = await api.sentQuote(projectId);
    const revision = QuoteAnswerSchema.parse(
      await api.ok(await api.call("POST", `/api/admin/quotes/${first.id}/revise`), 201),
    ).quote;
    await api.sendQuote(revision.id);
    await api.ok(await api.accept(revision.id, token));
    // Revision 1 (replaced, still "sent") accepted straight in the database: refused by the index.
    const write = ctx.db
      .update(quotes)
      .set({ status: "accepted", acceptedName: "Maria Santos", acceptedAt: new Date(), decidedAt: new Date() })
      .where(eq(quotes.id, first.id));
    await expect(write).rejects.toMatchObject({
      cause: { code: "23505", constraint: "quotes_one_accepted_per_number" },
    });
    // A decided quote takes no revision link either (the trigger).
    await expect(
      ctx.db.update(quotes).set({ replacedById: first.id }).where(eq(quotes.id, revision.id)),
    ).rejects.toThrow();
  });

  it("requires the content hash of the quote as shown to accept it (400 without it)", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const token = await projectToken(ctx.db, projectId);
    const sent = await api.sentQuote(projectId);
    const res = await api.call(
      "POST",
      `/api/client-portal/quotes/${sent.id}/accept`,
      { full_name: "Maria Santos", agree_terms: true },
      api.asClient(token),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields?.content_hash).toMatch(/content_hash is required/);
    expect((await api.ok(await api.call("GET", `/api/admin/quotes/${sent.id}`))).quote.status).toBe("sent");
  });
});

describe("the quote's PDF", () => {
  it("carries the business's details, the number, the lines, the totals, the deposit and the terms", async () => {
    const { projectId } = await createBilledProject(ctx.db);
    const quote = await api.createQuote(projectId, { discount_type: "amount", discount_value: 2_500 });
    const res = await api.call("GET", `/api/admin/quotes/${quote.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    for (const expected of [
      site.brand,
      site.billing.mailingAddress[1]!,
      site.phone.display,
      quote.number,
      "Starter Site: up to three pages",
      "$275.00",
      "-$25.00",
      "$250.00",
      "$125.00",
      projectId,
    ])
      expect(text, expected).toContain(expected);
    // The brand once, in the header; the client's name and e-mail under "Prepared for".
    expect(text.split(site.brand).length - 1).toBe(1);
    expect(text).toMatch(/PREPARED FOR\nMaria Santos\nmaria\.[0-9a-f]+@example\.com\n/);
  });

  it("prints every name as typed: the accepted name, Greek, Cyrillic, Vietnamese and curly quotes", async () => {
    const { projectId, contactId } = await createBilledProject(ctx.db);
    await ctx.db
      .update(contacts)
      .set({ name: "Łucja Dvořák Nguyễn", company: "Piekarnia Łucja Sp. z o.o." })
      .where(eq(contacts.id, contactId));
    const token = await projectToken(ctx.db, projectId);
    const lines = [
      { description: "Zoë’s “notes” – the home page… and the menu — in full", quantity: 1, unit_price_cents: 10_000 },
      { description: "Ελένη Παπαδοπούλου: the Greek pages", quantity: 1, unit_price_cents: 5_000 },
      { description: "Анна Кузнецова: the Russian pages", quantity: 1, unit_price_cents: 5_000 },
      { description: "Trần Thị Hương’s photos 📷", quantity: 1, unit_price_cents: 2_500 },
    ];
    const sent = await api.sentQuote(projectId, { lines, notes: "Zoë’s “notes”, as typed." });
    const { content_hash } = (await api.clientBilling(projectId, token)).quotes[0]!;
    const accepted = QuoteAnswerSchema.parse(
      await api.ok(await api.accept(sent.id, token, "Łucja Dvořák Nguyễn", { content_hash })),
    ).quote;
    const acceptedAt = accepted.acceptance!.accepted_at;

    const kept = await ctx.app.request(`/api/media/${(await api.signedCopy(accepted.id)).accepted_pdf_key}`, {
      headers: api.asClient(token),
    });
    const served = await api.call("GET", `/api/client-portal/quotes/${sent.id}/pdf`, undefined, api.asClient(token));
    for (const text of [
      pdfText(new Uint8Array(await kept.arrayBuffer())),
      pdfText(new Uint8Array(await served.arrayBuffer())),
    ]) {
      for (const expected of [
        "Łucja Dvořák Nguyễn",
        "Piekarnia Łucja Sp. z o.o.",
        "Zoë’s “notes” – the home page… and the menu — in full",
        "Ελένη Παπαδοπούλου: the Greek pages",
        "Анна Кузнецова: the Russian pages",
        "Zoë’s “notes”, as typed.",
        // What the font cannot draw is a visible replacement, never a "?".
        "Trần Thị Hương’s photos \uFFFD",
      ])
        expect(text, expected).toContain(expected);
      expect(text).not.toContain("?");
      // The acceptance: the name exactly as typed, the time in the business's zone, the zone named.
      const zone = zoneAbbreviation(acceptedAt);
      expect(zone).toMatch(/^E[SD]T$/);
      expect(text).toMatch(
        new RegExp(`Accepted by Łucja Dvořák Nguyễn on \\w+ \\d{1,2}, \\d{4} at \\d{1,2}:\\d{2} [AP]M ${zone}\\.`),
      );
      expect(text.split(site.brand).length - 1).toBe(1);
    }
  });
});
