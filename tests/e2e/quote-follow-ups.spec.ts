import { site } from "~/config/site";
import type { Quote } from "~/contracts/quotes";
import { expect, test, type APIRequestContext, type Page } from "./test";
import { expectAccessible, expectNoHorizontalOverflow, waitForHydration } from "./fixtures";
import { OWNER_STATE, openSignedIn, ownerToken } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";
import { submitProject } from "./portal-fixtures";

/**
 * Quote follow-ups in the admin (docs/product/billing.md "Follow-ups"): a sent quote's details say
 * when the next follow-up goes, with the zone named, and the owner turns it off and on there; the
 * rules in Settings > Billing > Follow-ups are refused when wrong, and saved and kept when right.
 */

const LOADED = { timeout: 20_000 };
const auth = () => ({ Authorization: `Bearer ${ownerToken()}` });

async function json<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** A lead's submitted project with a quote sent to them, arranged through the API. */
async function sentQuote(request: APIRequestContext) {
  const t = unique();
  const projectId = await submitProject(request, `Nora Quinn ${t}`, `nora.quinn.${t}@example.com`);
  const { quote } = await json<{ quote: Quote }>(
    await request.post(`/api/admin/projects/${projectId}/quotes`, {
      headers: auth(),
      data: { lines: [{ description: "Starter Site: up to three pages", quantity: 1, unit_price_cents: 27_500 }] },
    }),
    201,
  );
  await json(await request.post(`/api/admin/quotes/${quote.id}/send`, { headers: auth() }));
  return { projectId, quote };
}

async function openQuote(page: Page, projectId: string, quoteId: number) {
  await page.goto(`/admin/projects?project=${projectId}`);
  await waitForHydration(page);
  const details = page.getByRole("dialog", { name: "Project Details" });
  await expect(details).toBeVisible(LOADED);
  const item = details.locator(`[data-quote-id="${quoteId}"]`);
  await expect(item).toBeVisible(LOADED);
  return item.getByTestId("quote-follow-ups");
}

test.describe("quote follow-ups", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });
  test.describe.configure({ timeout: 90_000 });

  test("a sent quote's details name the next follow-up's time and zone, and the owner turns it off and on @phone", async ({
    page,
  }, testInfo) => {
    const phone = testInfo.project.name === "phone";
    const { projectId, quote } = await sentQuote(page.request);
    const followUps = await openQuote(page, projectId, quote.id);
    const next = followUps.getByTestId("follow-up-next");
    await expect(next).toContainText("Next: not-opened nudge", LOADED);
    // "Thu, Dec 10, 2026, 9:00 AM EST (America/New_York)": the zone named twice over.
    await expect(next).toContainText(/\w{3}, \w{3} \d{1,2}, \d{4}, 9:00 AM E[SD]T/);
    await expect(next).toContainText(`(${site.timeZone})`);
    await expect(next).toContainText("if the client has not opened it by then");

    const toggle = followUps.getByRole("switch", { name: `Send follow-ups for ${quote.number}` });
    await expect(toggle).toBeChecked();
    await followUps.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    if (phone) {
      await expectNoHorizontalOverflow(page);
      await followUps.screenshot({ path: testInfo.outputPath("quote-follow-ups-phone.png") });
    }

    await toggle.click();
    await expect(next).toHaveText("You turned follow-ups off for this quote.");
    await expect(toggle).not.toBeChecked();
    await page.reload();
    const again = await openQuote(page, projectId, quote.id);
    await expect(again.getByTestId("follow-up-next")).toHaveText("You turned follow-ups off for this quote.", LOADED);
    await again.getByRole("switch", { name: `Send follow-ups for ${quote.number}` }).click();
    await expect(again.getByTestId("follow-up-next")).toContainText("Next: not-opened nudge");

    // The settings' part, on this screen's size (looked at, not saved: the settings are everyone's).
    await openSignedIn(page, "/admin/settings#billing");
    const section = page.getByTestId("follow-up-settings");
    await expect(section.getByRole("heading", { name: "Follow-ups" })).toBeVisible(LOADED);
    await section.scrollIntoViewIfNeeded();
    // axe reads the settings page, this section included, once per screen size in admin-settings.spec.ts.
    if (phone) {
      await expectNoHorizontalOverflow(page);
      await section.screenshot({ path: testInfo.outputPath("follow-up-settings-phone.png") });
    }
  });

  test("Settings > Billing > Follow-ups: bad days are refused, a rule turned off is kept after a reload @global-settings", async ({
    page,
  }) => {
    const before = await json<{ settings: Record<string, unknown> }>(
      await page.request.get("/api/admin/billing/settings", { headers: auth() }),
    );
    try {
      await openSignedIn(page, "/admin/settings#billing");
      const form = page.getByRole("form", { name: "Follow-up settings" });
      await expect(form).toBeVisible(LOADED);
      await form.getByLabel("Days after sending").fill("-2");
      await form.getByRole("button", { name: "Save Follow-ups" }).click();
      await expect(form.getByText("The not-opened follow-up's days must be a whole number from 1 to 30")).toBeVisible();
      await form.getByLabel("Days after sending").fill("4");
      const rule = form.getByRole("switch", { name: "Nudge when a quote is not opened" });
      await expect(rule).toBeChecked();
      await rule.click();
      await form.getByRole("button", { name: "Save Follow-ups" }).click();
      await expect(page.getByText("Follow-up settings saved")).toBeVisible();
      await expectAccessible(page);

      await page.reload();
      await waitForHydration(page);
      const kept = page.getByRole("form", { name: "Follow-up settings" });
      await expect(kept.getByRole("switch", { name: "Nudge when a quote is not opened" })).not.toBeChecked(LOADED);
      await expect(kept.getByLabel("Days after sending")).toHaveValue("4");
      await expect(kept.getByRole("switch", { name: "Remind before an opened quote expires" })).toBeChecked();

      // A quote sent now says why nothing is scheduled.
      const { projectId, quote } = await sentQuote(page.request);
      const followUps = await openQuote(page, projectId, quote.id);
      await expect(followUps.getByTestId("follow-up-next")).toContainText("The not-opened nudge is off", LOADED);
    } finally {
      // Only the follow-ups' fields go back: the billing form's journey runs beside this one and keeps its own.
      const data = Object.fromEntries(Object.entries(before.settings).filter(([key]) => key.startsWith("follow_up_")));
      await json(await page.request.put("/api/admin/billing/settings", { headers: auth(), data }));
    }
  });
});
