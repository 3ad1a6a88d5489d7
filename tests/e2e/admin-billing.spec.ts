import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Locator, type Page } from "./test";
import type { Invoice } from "~/contracts/invoices";
import type { Quote } from "~/contracts/quotes";
import { queryAppDb } from "./db";
import { expectAccessible, expectNoHorizontalOverflow, waitForHydration, watchConsole } from "./fixtures";
import { OWNER_STATE, openSignedIn, ownerToken } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";
import { submitProject } from "./portal-fixtures";

/**
 * The owner's quotes, invoices and payments end to end against the real server
 * (docs/product/billing.md): a quote from the Starter Site preset for a lead's submitted project,
 * sent through the outbox and accepted live; an invoice paid by two checks; the Invoices screen's
 * filters and CSV exports; the PDFs; the dashboard's money; accessibility on a desktop and a phone.
 * Every test starts from its own lead, who asked for a site through the start-project form.
 */

const LOADED = { timeout: 20_000 };
const auth = () => ({ Authorization: `Bearer ${ownerToken()}` });

/** Refused requests a journey causes on purpose; nothing else may be logged as an error. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith("Failed to load resource") && !(e.includes("hydrat") && e.includes("nonce")));

/** A lead with a submitted project, as the start-project form makes them. */
async function leadWithProject(request: APIRequestContext, who: string) {
  const t = unique();
  const name = `${who} ${t}`;
  const email = `${who.toLowerCase().replace(/\W+/g, ".")}.${t}@example.com`;
  const projectId = await submitProject(request, name, email);
  return { t, name, email, projectId };
}

/** The project's details, opened by the new-lead e-mail's link (?project=ID, cleared from the address once read). */
async function openProject(page: Page, projectId: string): Promise<Locator> {
  await page.goto(`/admin/projects?project=${projectId}`);
  await waitForHydration(page);
  const details = page.getByRole("dialog", { name: "Project Details" });
  await expect(details).toBeVisible(LOADED);
  const billing = details.getByTestId("project-billing");
  await expect(billing.getByRole("heading", { name: "Quotes & invoices" })).toBeVisible(LOADED);
  return billing;
}

/** A status badge (not the "Paid" of an invoice's figures). */
const badge = (scope: Locator, text: string) => scope.locator("span.rounded-full").getByText(text, { exact: true });

const adminJson = async <T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> => {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
};

/** An invoice made and sent through the admin API (arranging a journey's data). */
async function sentInvoice(request: APIRequestContext, projectId: string, description: string, cents: number) {
  const { invoice } = await adminJson<{ invoice: Invoice }>(
    await request.post(`/api/admin/projects/${projectId}/invoices`, {
      headers: auth(),
      data: { lines: [{ description, quantity: 1, unit_price_cents: cents }] },
    }),
    201,
  );
  await adminJson(await request.post(`/api/admin/invoices/${invoice.id}/send`, { headers: auth() }));
  return invoice;
}

async function expectPdf(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: auth() });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/pdf");
  expect((await res.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

test.describe("billing", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });
  test.describe.configure({ timeout: 120_000 });

  test("a quote from the Starter Site preset is sent to the lead, and its acceptance shows without a reload", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    const lead = await leadWithProject(page.request, "Rosa Lima");
    const billing = await openProject(page, lead.projectId);
    await expect(billing.getByText("No quote yet.")).toBeVisible();

    await billing.getByRole("button", { name: "New Quote" }).click();
    const editor = page.getByRole("dialog", { name: "New Quote" });
    await expect(editor).toBeVisible();
    // The settings' defaults: a 50 % deposit, the terms template, valid for 30 days.
    await expect(editor.getByLabel("Deposit (%)")).toHaveValue("50");
    await expect(editor.getByLabel("Terms")).toHaveValue(/deposit/);
    await expect(editor.getByLabel("Valid until")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);

    await editor.getByLabel("Add preset").selectOption({ label: "Starter Site ($275.00)" });
    await expect(editor.getByTestId("line-item")).toHaveCount(1);
    await expect(editor.getByLabel("Unit price ($) of line 1")).toHaveValue("275.00");
    await expect(editor.getByLabel("Description of line 1")).toHaveValue(/^Starter Site/);
    const totals = editor.getByTestId("live-totals");
    await expect(totals).toContainText("Total$275.00");
    await expect(totals).toContainText("Deposit (50%)$137.50");

    // A free line typed wrong keeps what was typed and says it in dollars; fixed, the totals follow.
    await editor.getByRole("button", { name: "Add line" }).click();
    await editor.getByLabel("Description of line 2").fill("Menu page with the seasonal specials");
    await editor.getByLabel("Unit price ($) of line 2").fill("12.345");
    await editor.getByRole("button", { name: "Create Quote" }).click();
    await expect(editor.getByText("Enter the unit price in dollars, e.g. 275.00")).toBeVisible();
    await expect(editor.getByLabel("Unit price ($) of line 2")).toHaveValue("12.345");
    await editor.getByLabel("Unit price ($) of line 2").fill("25");
    // A quantity past two decimals is refused under the field as it is typed, never rounded.
    await editor.getByLabel("Quantity of line 2").fill("0.333");
    await expect(editor.getByText("The quantity must have at most two decimals (0.33, not 0.333)")).toBeVisible();
    await expect(editor.getByLabel("Quantity of line 2")).toHaveAttribute("aria-invalid", "true");
    await expect(totals).toContainText("Total$275.00");
    await editor.getByLabel("Quantity of line 2").fill("1");
    await expect(editor.getByText("The quantity must have at most two decimals (0.33, not 0.333)")).toBeHidden();
    await editor.getByLabel("Discount", { exact: true }).selectOption("percent");
    await editor.getByLabel("Discount (%)").fill("10");
    // 275 + 25 = 300; 10 % off = 270; the deposit 135.
    await expect(totals).toContainText("Total$270.00");
    await expect(totals).toContainText("Deposit (50%)$135.00");
    await expectAccessible(page);
    await editor.getByRole("button", { name: "Create Quote" }).click();
    await expect(editor).toBeHidden();

    const quoteItem = billing.getByRole("list", { name: "Quotes" }).getByRole("listitem").first();
    await expect(badge(quoteItem, "Draft")).toBeVisible();
    await expect(quoteItem).toContainText("$270.00");
    const number = (await quoteItem.getAttribute("data-quote"))!;
    expect(number).toMatch(/^Q-\d{4}-\d{4,}$/);

    // Sending it: the suggested step; the e-mail to the lead goes through the outbox.
    const send = quoteItem.getByRole("button", { name: `Send to Client ${number}` });
    await expect(send).toHaveClass(/border-brand-300/);
    await send.click();
    await expect(badge(quoteItem, "Sent")).toBeVisible();
    await expect(quoteItem.getByRole("button", { name: `Mark declined ${number}` })).toHaveClass(/border-brand-300/);
    await expect
      .poll(async () =>
        (
          await queryAppDb<{ to_address: string; text: string }>(
            "select to_address, text from email_outbox where project_id = $1 and to_address = $2",
            [lead.projectId, lead.email],
          )
        ).some((m) => m.text.includes("/client-portal")),
      )
      .toBe(true);

    // The PDF answers a PDF.
    const { quotes } = await adminJson<{ quotes: Quote[] }>(
      await page.request.get(`/api/admin/projects/${lead.projectId}/quotes`, { headers: auth() }),
    );
    const quote = quotes.find((q) => q.number === number)!;
    await expectPdf(page.request, `/api/admin/quotes/${quote.id}/pdf`);

    // The client accepts in the portal; the owner sees it accepted without reloading.
    const lookup = await adminJson<{ portal_token: string }>(
      await page.request.post("/api/client-portal/lookup", {
        data: { type: "project-id", identifier: lead.projectId },
      }),
    );
    const shown = await adminJson<{ quotes: { id: number; content_hash: string }[] }>(
      await page.request.get(`/api/client-portal/projects/${lead.projectId}/billing`, {
        headers: { Authorization: `Bearer ${lookup.portal_token}` },
      }),
    );
    const accepted = await page.request.post(`/api/client-portal/quotes/${quote.id}/accept`, {
      headers: { Authorization: `Bearer ${lookup.portal_token}` },
      data: {
        full_name: lead.name,
        agree_terms: true,
        content_hash: shown.quotes.find((q) => q.id === quote.id)!.content_hash,
      },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await expect(badge(quoteItem, "Accepted")).toBeVisible(LOADED);
    await expect(quoteItem.getByText(`Accepted by ${lead.name}`)).toBeVisible();

    // The deposit invoice, written and sent at signing: nothing for the owner to create.
    const invoiceItem = billing.getByRole("list", { name: "Invoices" }).getByRole("listitem").first();
    await expect(invoiceItem).toContainText("Deposit", LOADED);
    await expect(invoiceItem).toContainText("$135.00");
    await expect(quoteItem.getByRole("button", { name: `Create Deposit Invoice ${number}` })).toHaveCount(0);

    // The projects list shows the project's billing.
    await page.keyboard.press("Escape");
    await page.getByLabel("Search projects").fill(lead.projectId);
    const row = page
      .getByRole("row")
      .or(page.getByRole("list", { name: "Projects" }).getByRole("listitem"))
      .filter({ hasText: lead.projectId });
    await expect(row.getByTestId("billing-state")).toHaveText(/^Quote accepted·Invoice sent/, LOADED);
    expect(unexpected(errors)).toEqual([]);
  });

  test("a sent quote is revised and the revision replaces it; a draft invoice is voided and keeps its number", async ({
    page,
  }) => {
    const lead = await leadWithProject(page.request, "Kai Brennan");
    const { quote } = await adminJson<{ quote: Quote }>(
      await page.request.post(`/api/admin/projects/${lead.projectId}/quotes`, {
        headers: auth(),
        data: { lines: [{ description: "Full Site: up to six pages", quantity: 1, unit_price_cents: 65_000 }] },
      }),
      201,
    );
    await adminJson(await page.request.post(`/api/admin/quotes/${quote.id}/send`, { headers: auth() }));
    const billing = await openProject(page, lead.projectId);
    const quotesList = billing.getByRole("list", { name: "Quotes" });
    const original = quotesList.locator(`li[data-quote-id="${quote.id}"]`);
    await expect(badge(original, "Sent")).toBeVisible(LOADED);

    // Revise: a new draft opens in the editor with the same lines; the sent one is kept.
    await original.getByRole("button", { name: `Revise ${quote.number}` }).click();
    const editor = page.getByRole("dialog", { name: /^Edit Quote Q-/ });
    await expect(editor).toBeVisible();
    await expect(editor.getByLabel("Unit price ($) of line 1")).toHaveValue("650.00");
    await editor.getByLabel("Unit price ($) of line 1").fill("600");
    await editor.getByRole("button", { name: "Save Quote" }).click();
    await expect(editor).toBeHidden();
    await expect(quotesList.getByRole("listitem")).toHaveCount(2);
    // A revision keeps the quote's number.
    const revision = quotesList.getByRole("listitem").filter({ hasText: "Revision 2" });
    await expect(revision).toHaveAttribute("data-quote", quote.number);
    await expect(revision).toContainText("$600.00");
    await expect(badge(original, "Revision in draft")).toBeVisible();
    await expect(original.getByRole("button", { name: `Revise ${quote.number}` })).toHaveCount(0);

    // Sent, the revision replaces the original, which can no longer be marked or revised.
    const revisionName = `${quote.number} revision 2`;
    await revision.getByRole("button", { name: `Send to Client ${revisionName}` }).click();
    await expect(badge(revision, "Sent")).toBeVisible();
    await expect(badge(original, "Replaced by a revision")).toBeVisible();
    await expect(original.getByRole("button", { name: `Mark declined ${quote.number}` })).toHaveCount(0);

    // The client answered by phone: the owner marks the revision declined.
    await revision.getByRole("button", { name: `Mark declined ${revisionName}` }).click();
    await expect(badge(revision, "Declined")).toBeVisible();

    // A draft invoice, voided with a reason: it keeps its number, and nothing more can be done to it.
    const { invoice } = await adminJson<{ invoice: Invoice }>(
      await page.request.post(`/api/admin/projects/${lead.projectId}/invoices`, {
        headers: auth(),
        data: { lines: [{ description: "Rush fee", quantity: 1, unit_price_cents: 5_000 }] },
      }),
      201,
    );
    // Made elsewhere (here through the API): the details opened again show it.
    const again = await openProject(page, lead.projectId);
    const item = again
      .getByRole("list", { name: "Invoices" })
      .getByRole("listitem")
      .filter({ hasText: invoice.number });
    await expect(item).toBeVisible(LOADED);
    await item.getByRole("checkbox", { name: `Reminders ${invoice.number}` }).uncheck();
    await expect(page.getByText(`Reminders off for ${invoice.number}`)).toBeVisible();
    await item.getByRole("button", { name: `Void ${invoice.number}` }).click();
    const voidDialog = page.getByRole("dialog", { name: "Void Invoice" });
    await voidDialog.getByLabel("Reason (optional)").fill("Issued twice");
    await voidDialog.getByRole("button", { name: "Void Invoice" }).click();
    await expect(voidDialog).toBeHidden();
    await expect(badge(item, "Void")).toBeVisible();
    await expect(item).toContainText(invoice.number);
    await expect(item.getByRole("button", { name: `Send to Client ${invoice.number}` })).toHaveCount(0);
    await expect(item.getByRole("checkbox", { name: `Reminders ${invoice.number}` })).toHaveCount(0);
  });

  test("an invoice by hand, paid by two checks: partially paid, then paid", async ({ page }) => {
    const lead = await leadWithProject(page.request, "Omar Reyes");
    const billing = await openProject(page, lead.projectId);

    await billing.getByRole("button", { name: "Create Invoice" }).click();
    const editor = page.getByRole("dialog", { name: "Create Invoice" });
    await editor.getByLabel("Description of line 1").fill("Extra page: events calendar");
    await editor.getByLabel("Unit price ($) of line 1").fill("250");
    await expect(editor.getByTestId("live-totals")).toContainText("Total$250.00");
    await editor.getByRole("button", { name: "Create Invoice" }).click();
    await expect(editor).toBeHidden();

    const item = billing.getByRole("list", { name: "Invoices" }).getByRole("listitem").first();
    await expect(badge(item, "Draft")).toBeVisible();
    const number = (await item.getAttribute("data-invoice"))!;
    expect(number).toMatch(/^INV-\d{4}-\d{4,}$/);
    await item.getByRole("button", { name: `Send to Client ${number}` }).click();
    await expect(badge(item, "Sent")).toBeVisible();

    // The first check, half of it.
    await item.getByRole("button", { name: `Record Payment ${number}` }).click();
    const pay = page.getByRole("dialog", { name: "Record Payment" });
    await expect(pay.getByLabel("Amount ($)")).toHaveValue("250.00");
    await expect(pay.getByLabel("Method")).toHaveValue("check");
    await pay.getByLabel("Amount ($)").fill("125");
    await pay.getByLabel("Note").fill("Check #1042");
    await pay.getByRole("button", { name: "Record Payment" }).click();
    await expect(pay).toBeHidden();
    await expect(badge(item, "Partially paid")).toBeVisible();
    await expect(item).toContainText("$125.00 · Check");

    // More than is due is refused in the form, what was typed kept.
    await item.getByRole("button", { name: `Record Payment ${number}` }).click();
    await expect(pay.getByLabel("Amount ($)")).toHaveValue("125.00");
    await pay.getByLabel("Amount ($)").fill("300");
    await pay.getByRole("button", { name: "Record Payment" }).click();
    await expect(pay.getByText("At most what is still due: $125.00")).toBeVisible();
    await expect(pay.getByLabel("Amount ($)")).toHaveValue("300");
    await pay.getByLabel("Amount ($)").fill("125.00");
    await pay.getByLabel("Note").fill("Check #1043");
    await pay.getByRole("button", { name: "Record Payment" }).click();
    await expect(pay).toBeHidden();
    await expect(badge(item, "Paid")).toBeVisible();
    // A paid invoice can no longer be paid, voided or switched.
    await expect(item.getByRole("button", { name: `Record Payment ${number}` })).toHaveCount(0);
    await expect(item.getByRole("button", { name: `Void ${number}` })).toHaveCount(0);

    const { invoices } = await adminJson<{ invoices: Invoice[] }>(
      await page.request.get(`/api/admin/projects/${lead.projectId}/invoices`, { headers: auth() }),
    );
    const invoice = invoices.find((i) => i.number === number)!;
    expect(invoice).toMatchObject({ status: "paid", amount_paid_cents: 25_000, amount_due_cents: 0 });
    await expectPdf(page.request, `/api/admin/invoices/${invoice.id}/pdf`);

    // View PDF, fetched with the owner's token: a tab with the PDF viewer, or (headless Chromium
    // has no viewer) the file itself.
    const download = page.waitForEvent("download");
    await item.getByRole("button", { name: `View PDF of invoice ${number}` }).click();
    expect((await download).suggestedFilename()).toBe(`${number}.pdf`);
    expect((await readFile((await (await download).path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("the Invoices screen filters on the server and exports its invoices and payments as CSV", async ({ page }) => {
    const lead = await leadWithProject(page.request, "Ines Duarte");
    const paid = await sentInvoice(page.request, lead.projectId, "Logo refresh", 9_000);
    const open = await sentInvoice(page.request, lead.projectId, "Photo shoot", 30_000);
    await adminJson(
      await page.request.post(`/api/admin/invoices/${paid.id}/payments`, {
        headers: auth(),
        data: { amount_cents: 9_000, paid_on: "2026-11-20", method: "bank_transfer", note: `Transfer ${lead.t}` },
      }),
      201,
    );

    await openSignedIn(page, "/admin");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Invoices", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Invoices", level: 1 })).toBeVisible(LOADED);
    await page.getByLabel("Search invoices").fill(lead.t);
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === lead.t);
    const rows = page.getByRole("table", { name: "Invoices" }).getByRole("row").filter({ hasText: "INV-" });
    await expect(rows).toHaveCount(2, LOADED);

    await page.getByLabel("Status").selectOption("open");
    await expect(page).toHaveURL(/status=open/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(open.number);
    await expect(rows.first()).toContainText("$300.00");

    await page.getByLabel("Status").selectOption("paid");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(paid.number);

    // Issued from tomorrow on: none of them.
    await page.getByLabel("Status").selectOption("all");
    await page.getByLabel("Issued from").fill("2099-01-01");
    await expect(page.getByText("No invoices match your search or filters")).toBeVisible();
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await expect(page).toHaveURL(/\/admin\/invoices$/);
    await page.getByLabel("Search invoices").fill(lead.t);
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === lead.t && !url.searchParams.has("from"));
    await expect(rows).toHaveCount(2, LOADED);

    // The invoices CSV: the two rows of the search.
    const invoicesCsv = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export Invoices CSV" }).click();
    const invoicesText = await readFile((await (await invoicesCsv).path())!, "utf8");
    const invoiceLines = invoicesText
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(invoiceLines[0]).toMatch(/^Number,/);
    expect(
      invoiceLines
        .slice(1)
        .map((l) => l.split(",")[0])
        .sort(),
    ).toEqual([open.number, paid.number].sort());

    // The payments CSV: the one transfer.
    const paymentsCsv = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export Payments CSV" }).click();
    const paymentsText = await readFile((await (await paymentsCsv).path())!, "utf8");
    const paymentLines = paymentsText
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(paymentLines).toHaveLength(2);
    expect(paymentLines[1]).toContain(paid.number);
    expect(paymentLines[1]).toContain("90.00");

    // The details of the paid one: its payment.
    await rows
      .filter({ hasText: paid.number })
      .getByRole("button", { name: `Details ${paid.number}` })
      .click();
    const details = page.getByRole("dialog", { name: "Invoice Details" });
    await expect(details.getByRole("list", { name: `Payments of ${paid.number}` })).toContainText(
      `Bank transfer · Transfer ${lead.t}`,
    );
    await expect(badge(details, "Paid")).toBeVisible();
  });

  test("the dashboard's money opens the Invoices screen with its filter", async ({ page }) => {
    await openSignedIn(page, "/admin");
    const outstanding = page.getByTestId("stat-outstanding");
    await expect(outstanding).toContainText(/\$[\d,]+\.\d{2}/, LOADED);
    await expect(page.getByTestId("stat-paid-year")).toContainText(/\$[\d,]+\.\d{2}/);
    await outstanding.click();
    await expect(page).toHaveURL(/\/admin\/invoices\?status=open$/);
    await expect(page.getByLabel("Status")).toHaveValue("open");
  });

  test("the billing screens are accessible and fit a phone @phone", async ({ page }, info) => {
    const phone = info.project.name === "phone";
    const lead = await leadWithProject(page.request, "Tess Moreau");
    const invoice = await sentInvoice(page.request, lead.projectId, "Booking page with the class calendar", 42_500);
    await adminJson(
      await page.request.post(`/api/admin/projects/${lead.projectId}/quotes`, {
        headers: auth(),
        data: { lines: [{ description: "Full Site: up to six pages", quantity: 1, unit_price_cents: 65_000 }] },
      }),
      201,
    );

    const billing = await openProject(page, lead.projectId);
    await expect(billing.getByRole("list", { name: "Quotes" }).getByRole("listitem")).toHaveCount(1);
    await expect(billing.getByRole("list", { name: "Invoices" })).toContainText(invoice.number);
    await billing.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    if (phone) await expectNoHorizontalOverflow(page);

    await billing.getByRole("button", { name: "New Quote" }).click();
    const editor = page.getByRole("dialog", { name: "New Quote" });
    await editor.getByLabel("Add preset").selectOption({ label: "Single Page ($75.00)" });
    await expect(editor.getByTestId("live-totals")).toContainText("Total$75.00");
    await expectAccessible(page);
    if (phone) await expectNoHorizontalOverflow(page);
    await page.keyboard.press("Escape");

    await openSignedIn(page, `/admin/invoices?q=${lead.t}`);
    await expect(page.getByRole("button", { name: `Details ${invoice.number}` })).toBeVisible(LOADED);
    await expectAccessible(page);
    if (phone) await expectNoHorizontalOverflow(page);

    // axe reads the dashboard and the settings page (its billing form included) once per screen size in
    // admin-dashboard.spec.ts, admin-bookings.spec.ts and admin-settings.spec.ts; here, their billing parts fit.
    await openSignedIn(page, "/admin");
    await expect(page.getByTestId("stat-outstanding")).toContainText("$", LOADED);
    if (phone) await expectNoHorizontalOverflow(page);

    await openSignedIn(page, "/admin/settings#billing");
    await expect(page.getByRole("form", { name: "Billing settings" })).toBeVisible(LOADED);
    if (phone) await expectNoHorizontalOverflow(page);
  });

  test("Settings > Billing: a new quote starts with the saved deposit and terms @global-settings", async ({ page }) => {
    const before = await adminJson<{ settings: Record<string, unknown> }>(
      await page.request.get("/api/admin/billing/settings", { headers: auth() }),
    );
    const lead = await leadWithProject(page.request, "Lena Park");
    try {
      await openSignedIn(page, "/admin/settings#billing");
      const form = page.getByRole("form", { name: "Billing settings" });
      await expect(form).toBeVisible(LOADED);
      await form.getByLabel("Default deposit (%)").fill("140");
      await form.getByRole("button", { name: "Save Billing Settings" }).click();
      await expect(form.getByText("The deposit must be a whole number from 0 to 100")).toBeVisible();
      await expect(form.getByLabel("Default deposit (%)")).toHaveValue("140");
      await form.getByLabel("Default deposit (%)").fill("40");
      await form.getByLabel("Terms template").fill(`Forty percent starts the work ${lead.t}.`);
      await form.getByRole("switch", { name: /Move a project to its next status/ }).click();
      await form.getByRole("button", { name: "Save Billing Settings" }).click();
      await expect(page.getByText("Billing settings saved")).toBeVisible();
      const after = await adminJson<{ settings: Record<string, unknown> }>(
        await page.request.get("/api/admin/billing/settings", { headers: auth() }),
      );
      expect(after.settings).toMatchObject({
        deposit_percent: 40,
        advance_project_on_deposit: !before.settings.advance_project_on_deposit,
      });

      const billing = await openProject(page, lead.projectId);
      await billing.getByRole("button", { name: "New Quote" }).click();
      const editor = page.getByRole("dialog", { name: "New Quote" });
      await expect(editor.getByLabel("Deposit (%)")).toHaveValue("40");
      await expect(editor.getByLabel("Terms")).toHaveValue(`Forty percent starts the work ${lead.t}.`);
    } finally {
      // Only this form's fields go back: the follow-ups' journey runs beside this one and keeps its own.
      const own = ["terms_template", "deposit_percent", "quote_valid_days", "invoice_due_days"];
      const data = Object.fromEntries(
        Object.entries(before.settings).filter(([key]) => own.includes(key) || key === "advance_project_on_deposit"),
      );
      await adminJson(await page.request.put("/api/admin/billing/settings", { headers: auth(), data }));
    }
  });
});
