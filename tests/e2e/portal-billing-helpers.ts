import { mkdirSync } from "node:fs";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { clientPortalEndpoints } from "~/contracts/client-portal";
import { fillPath } from "~/contracts/endpoint";
import type { Invoice } from "~/contracts/invoices";
import { invoicesEndpoints, type NewInvoiceInput } from "~/contracts/invoices";
import { quotesEndpoints, type NewQuoteInput, type Quote } from "~/contracts/quotes";
import { dismissCookieBanner, waitForHydration } from "./fixtures";

/**
 * What the portal's Billing journeys arrange through the admin API (docs/product/billing.md):
 * quotes and invoices written and sent by the owner, then opened by the client in the portal.
 */

/** Where the Billing section's screenshots go, to be looked at. */
export const SHOTS = "/tmp/shots-portal";

/** The owner's bearer header (a token of the journeys' server, or of a journey's own app). */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext["post"]>>, status: number): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** A draft quote made by the owner, then sent to the project's primary contact. */
export async function sendQuote(
  request: APIRequestContext,
  ownerToken: string,
  projectId: string,
  quote: NewQuoteInput,
  origin = "",
): Promise<Quote> {
  const made = await ok<{ quote: Quote }>(
    await request.post(origin + fillPath(quotesEndpoints.create.path, { id: projectId }), {
      data: quote,
      headers: bearer(ownerToken),
    }),
    201,
  );
  const sent = await ok<{ quote: Quote }>(
    await request.post(origin + fillPath(quotesEndpoints.send.path, { quoteId: made.quote.id }), {
      headers: bearer(ownerToken),
    }),
    200,
  );
  return sent.quote;
}

/** A revision of a sent quote, sent: it replaces the first. */
export async function sendRevision(request: APIRequestContext, ownerToken: string, quoteId: number): Promise<Quote> {
  const made = await ok<{ quote: Quote }>(
    await request.post(fillPath(quotesEndpoints.revise.path, { quoteId }), { headers: bearer(ownerToken) }),
    201,
  );
  const sent = await ok<{ quote: Quote }>(
    await request.post(fillPath(quotesEndpoints.send.path, { quoteId: made.quote.id }), {
      headers: bearer(ownerToken),
    }),
    200,
  );
  return sent.quote;
}

/** An invoice typed by hand ("Create Invoice"), sent. */
export async function sendInvoice(
  request: APIRequestContext,
  ownerToken: string,
  projectId: string,
  invoice: NewInvoiceInput,
): Promise<Invoice> {
  const made = await ok<{ invoice: Invoice }>(
    await request.post(fillPath(invoicesEndpoints.create.path, { id: projectId }), {
      data: invoice,
      headers: bearer(ownerToken),
    }),
    201,
  );
  const sent = await ok<{ invoice: Invoice }>(
    await request.post(fillPath(invoicesEndpoints.send.path, { invoiceId: made.invoice.id }), {
      headers: bearer(ownerToken),
    }),
    200,
  );
  return sent.invoice;
}

/** The client opens the project by its Project ID: the portal session it gets lives in the tab. */
export async function openPortalProject(page: Page, projectId: string, origin = "") {
  await dismissCookieBanner(page);
  await page.goto(`${origin}/client-portal`);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Project ID" }).fill(projectId);
  await page.getByRole("button", { name: "Find My Project" }).click();
  await expect(page.getByTestId("portal-project-id")).toHaveText(projectId);
}

/** A portal session of the project alone, as a lookup by its Project ID opens one. */
export async function portalSessionFor(request: APIRequestContext, projectId: string, origin = ""): Promise<string> {
  const found = await ok<{ portal_token: string }>(
    await request.post(`${origin}${clientPortalEndpoints.lookup.path}`, {
      data: { type: "project-id", identifier: projectId },
    }),
    200,
  );
  return found.portal_token;
}

/** The portal session of the tab, as the Billing section's calls send it. */
export const portalSession = (page: Page) =>
  page.evaluate(() => window.sessionStorage.getItem("client-portal-session") ?? "");

export const billingSection = (page: Page) => page.getByTestId("portal-billing");
export const quoteCard = (page: Page, quote: Pick<Quote, "number" | "revision">) =>
  page.locator(`[data-testid="portal-quote"][data-quote="${quote.number}"][data-revision="${quote.revision}"]`);
export const invoiceCard = (page: Page, number: string) =>
  page.locator(`[data-testid="portal-invoice"][data-invoice="${number}"]`);

/** A screenshot of the Billing section (or the part given) into SHOTS. */
export async function shoot(page: Page, name: string, part?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  const phone = (page.viewportSize()?.width ?? 0) < 640;
  // The screenshots are taken at 1280 x 800 on a desktop and 390 x 844 on a phone.
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 });
  const path = `${SHOTS}/${name}-${phone ? "phone" : "desktop"}.png`;
  if (!part) {
    await page.screenshot({ path, fullPage: true });
    return;
  }
  // From the top of the page, the sticky header stays above the part; its box is then in page coordinates.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await part.boundingBox())!;
  const width = page.viewportSize()!.width;
  // The chat launcher and the scroll-to-top button float over whatever is under them: not in the
  // picture (hidden through the CSSOM, which the Content-Security-Policy allows, then shown again).
  const floating = (visibility: string) =>
    page.evaluate((value) => {
      for (const node of document.querySelectorAll<HTMLElement>("[data-chat-launcher], [data-scroll-to-top]"))
        node.style.visibility = value;
    }, visibility);
  await floating("hidden");
  await page.screenshot({
    path,
    fullPage: true,
    clip: { x: 0, y: Math.max(0, box.y - 16), width, height: box.height + 32 },
  });
  await floating("");
}

/** Today in the business's time zone, plus `days`, as YYYY-MM-DD. */
export function dayFromToday(days: number): string {
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
  const at = new Date(`${today}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
