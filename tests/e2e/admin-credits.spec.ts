import { expect, test, type APIRequestContext } from "./test";
import { formatCents } from "~/contracts/billing-money";
import type { BillingSummary } from "~/contracts/billing";
import type { Invoice } from "~/contracts/invoices";
import { queryAppDb } from "./db";
import { expectAccessible, waitForHydration } from "./fixtures";
import { OWNER_STATE, openSignedIn, ownerToken } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";
import { submitProject } from "./portal-fixtures";

/**
 * Money an invoice could not take (docs/product/billing.md "Credits"): the dashboard shows
 * "Refund or credit due" with its amount, opens the invoice, and marking the credit refunded with a
 * note clears it. The credit is written as the webhook writes one (a paid invoice's second card
 * payment), straight to the database: the webhook itself is proven in server/api/billing/credits.test.ts.
 */

const LOADED = { timeout: 20_000 };
const auth = () => ({ Authorization: `Bearer ${ownerToken()}` });

async function json<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

const summary = async (request: APIRequestContext) =>
  json<BillingSummary>(await request.get("/api/admin/billing/summary", { headers: auth() }));

/** A lead's invoice, sent and paid by check, then paid a second time by card: an open credit of `cents`. */
async function paidTwice(request: APIRequestContext, cents: number) {
  const t = unique();
  const projectId = await submitProject(request, `Credit Client ${t}`, `credit.client.${t}@example.com`);
  const { invoice } = await json<{ invoice: Invoice }>(
    await request.post(`/api/admin/projects/${projectId}/invoices`, {
      headers: auth(),
      data: { lines: [{ description: `Site build ${t}`, quantity: 1, unit_price_cents: cents }] },
    }),
    201,
  );
  await json(await request.post(`/api/admin/invoices/${invoice.id}/send`, { headers: auth() }));
  const today = new Date().toISOString().slice(0, 10);
  await json(
    await request.post(`/api/admin/invoices/${invoice.id}/payments`, {
      headers: auth(),
      data: { amount_cents: cents, paid_on: today, method: "check" },
    }),
    201,
  );
  await queryAppDb(
    `insert into billing_credits (invoice_id, amount_cents, reason, stripe_event_id, received_on, note)
     values ($1, $2, 'already_paid', $3, $4, $5)`,
    [invoice.id, cents, `evt_e2e_${t}`, today, `Stripe Checkout cs_e2e_${t}: the invoice was already paid`],
  );
  return invoice;
}

test.describe("credits", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });
  test.describe.configure({ timeout: 120_000 });

  test("the dashboard shows a refund or credit due; marked refunded with a note, it is cleared", async ({
    page,
    request,
  }) => {
    const invoice = await paidTwice(request, 12_345);
    const due = await summary(request);
    expect(due.credit_due_count).toBeGreaterThan(0);

    await openSignedIn(page, "/admin");
    const card = page.getByTestId("stat-credit-due");
    await expect(card).toContainText("Refund or credit due", LOADED);
    await expect(card).toContainText(formatCents(due.credit_due_cents));

    // The card opens the invoice of the oldest open credit, its credits shown to act on.
    await card.click();
    await expect(page).toHaveURL(/\/admin\/invoices/);
    await expect(page.getByRole("dialog", { name: "Invoice Details" }).getByTestId("invoice-credits")).toContainText(
      "Refund or credit due",
      LOADED,
    );

    // This one, by its own link (the owner's e-mail's).
    await page.goto(`/admin/invoices?invoice=${invoice.id}`);
    await waitForHydration(page);
    const details = page.getByRole("dialog", { name: "Invoice Details" });
    const credits = details.getByTestId("invoice-credits");
    await expect(credits).toContainText("Refund or credit due: $123.45", LOADED);
    await expect(credits).toContainText("Paid after the invoice was paid");
    await expectAccessible(page);

    await credits.getByRole("button", { name: "Mark refunded" }).click();
    const refund = page.getByRole("dialog", { name: "Mark Refunded" });
    await refund.getByRole("button", { name: "Mark Refunded" }).click();
    await expect(refund.getByText("Say how it was refunded")).toBeVisible();
    await refund.getByLabel("How was it refunded?").fill("Refunded in the Stripe dashboard");
    await refund.getByRole("button", { name: "Mark Refunded" }).click();
    await expect(refund).toBeHidden();
    await expect(credits).toContainText("Refunded", LOADED);
    await expect(credits).toContainText("Refunded in the Stripe dashboard");
    await expect(credits.getByRole("button", { name: "Mark refunded" })).toHaveCount(0);

    const after = await summary(request);
    expect(due.credit_due_cents - after.credit_due_cents).toBe(12_345);
    await openSignedIn(page, "/admin");
    await expect(page.getByTestId("stat-outstanding")).toContainText(/\$[\d,]+\.\d{2}/, LOADED);
    if (after.credit_due_count === 0) await expect(page.getByTestId("stat-credit-due")).toHaveCount(0);
    else await expect(page.getByTestId("stat-credit-due")).toContainText(formatCents(after.credit_due_cents));
  });
});
