import type { EmailUsage } from "~/contracts/email";
import { expect, test, type Locator, type Page } from "./test";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { OWNER_STATE, openSignedIn } from "./admin-fixtures";

/**
 * docs/product/dashboard.md; docs/product/email.md "The compose dialog", "Priorities",
 * "The usage card" and "The outbox".
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A website submission, as the public project form sends it. */
async function submitWebsiteForm(page: Page, name: string, email: string) {
  const res = await page.request.post("/api/submissions", {
    data: {
      name,
      email,
      description: "A simple site for my bakery in Warwick, with a menu and opening hours.",
      siteType: "business",
      budget: "300-500",
      timeline: "1month",
      readiness: "ready",
    },
  });
  expect(res.ok()).toBeTruthy();
}

const counter = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).locator("p").nth(1).textContent());
const usageSent = async (page: Page) => Number(await page.getByTestId("email-usage-sent").textContent());

/** The dev server strips the CSP nonce before hydration; nothing else may be logged as an error. */
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes('nonce=""') && !e.includes("401"));

/** The first look after a page load (the guard checks the session first). */
const LOADED = { timeout: 20_000 };

async function mockUsage(page: Page, usage: EmailUsage) {
  await page.route("**/api/admin/email-usage", (route) => route.fulfill({ json: usage }));
}

/** A full reload signs in again through the layout's guard: give a busy machine time. */
async function reloadDashboard(page: Page) {
  await page.reload();
  await expect(page.getByRole("region", { name: "Quick Actions" })).toBeVisible(LOADED);
}

async function openCompose(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Send Email" }).click();
  const dialog = page.getByRole("dialog", { name: "Compose Email" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("admin dashboard", { tag: "@db" }, () => {
  // Signed in once by the setup project; the sign-in page has its own journeys.
  test.use({ storageState: OWNER_STATE });

  test("a new website submission is counted and listed in Recent Leads with the Form badge", async ({ page }) => {
    const errors = watchConsole(page);
    await openSignedIn(page);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible(LOADED);
    await expect(page.getByTestId("stat-total-contacts")).toBeVisible(LOADED);
    const totalBefore = await counter(page, "stat-total-contacts");
    const newBefore = await counter(page, "stat-new-submissions");

    const id = unique();
    const name = `Dash Bakery ${id}`;
    const email = `dash.form.${id}@example.com`;
    await submitWebsiteForm(page, name, email);

    await reloadDashboard(page);
    const lead = page.getByTestId("recent-lead").filter({ hasText: email });
    await expect(lead).toBeVisible();
    await expect(lead.getByText(name)).toBeVisible();
    await expect(lead.getByText("Form", { exact: true })).toBeVisible();
    await expect(lead.getByText("Submitted", { exact: true })).toBeVisible();
    expect(await page.getByTestId("recent-lead").count()).toBeLessThanOrEqual(5);
    expect(await counter(page, "stat-total-contacts")).toBeGreaterThan(totalBefore);
    expect(await counter(page, "stat-new-submissions")).toBeGreaterThan(newBefore);
    for (const label of ["Total Contacts", "New Submissions", "High Score Leads", "Completed Projects"])
      await expect(page.getByText(label, { exact: true })).toBeVisible();

    const recent = page.getByRole("region", { name: "Recent Leads" });
    await expect(recent.getByRole("link", { name: "View all" })).toHaveAttribute("href", "/admin/contacts");
    const actions = page.getByRole("region", { name: "Quick Actions" });
    await expect(actions.getByRole("link", { name: "Add New Contact" })).toHaveAttribute(
      "href",
      "/admin/contacts?add=1",
    );
    await expect(actions.getByRole("link", { name: "View Submissions" })).toHaveAttribute(
      "href",
      "/admin/contacts?view=submissions",
    );
    await expect(actions.getByRole("link", { name: "Manage All Leads" })).toHaveAttribute("href", "/admin/contacts");
    expect(realErrors(errors)).toEqual([]);
  });

  test("Send Email: a template greets the typed name, the message is sent, counted and waits in the outbox", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await openSignedIn(page);
    const usage = page.getByTestId("email-usage-card");
    // The journeys' server has no mail server: today's e-mails are queued, and the card says so.
    await expect(usage).toContainText(/\d+ \/ \d+ emails queued today/, LOADED);
    await expect(usage.getByTestId("email-usage-queued")).toContainText("No mail server is set up yet");
    const sentBefore = await usageSent(page);

    const dialog = await openCompose(page);
    const send = dialog.getByRole("button", { name: "Send", exact: true });
    await expect(send).toBeDisabled();
    await expect(dialog.getByRole("radio", { name: "Normal" })).toBeChecked();

    const id = unique();
    const to = `dash.mail.${id}@example.com`;
    await dialog.getByLabel("To").fill(to);
    await dialog.getByLabel("Recipient name").fill(`Rosalind ${id}`);
    await dialog.getByLabel("Template").selectOption("follow_up");
    await expect(dialog.getByLabel("Subject")).toHaveValue("Following up on your website");
    const content = dialog.getByLabel("Content");
    await expect(content).toHaveValue(/^Hi Rosalind,/);
    expect(await content.inputValue()).not.toContain("{name}");
    await expect(content).toHaveAttribute("rows", "12");
    // Journeys share one server and its daily limit; High always goes (docs/product/email.md "Priorities").
    await dialog.getByRole("radio", { name: "High" }).check();
    await expect(send).toBeEnabled();
    await send.click();

    await expect(dialog.getByText("Email sent successfully!")).toBeVisible();
    // The test server has no SMTP: the message is held in the outbox.
    await expect(dialog.getByText(/No mail server is configured yet/)).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 4_000 });
    await expect.poll(() => usageSent(page)).toBeGreaterThan(sentBefore);

    // Opened again, the form starts empty.
    await openCompose(page);
    await expect(page.getByRole("dialog").getByLabel("Subject")).toHaveValue("");
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "View outbox" }).click();
    await expect(page).toHaveURL(/\/admin\/emails$/);
    await expect(page.getByRole("heading", { name: "Email Outbox", level: 1 })).toBeVisible(LOADED);
    await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: "Held" }).click();
    await expect(page).toHaveURL(/status=held/);
    const row = page.getByTestId("outbox-email").filter({ hasText: to });
    await expect(row).toBeVisible();
    await expect(row.getByText("Held", { exact: true })).toBeVisible();
    await expect(row.getByText("Following up on your website")).toBeVisible();
    await row.getByRole("button", { name: /Show text/ }).click();
    await expect(row.getByText(/Hi Rosalind,/)).toBeVisible();
    // Without a mail server a held message cannot be sent: Send is disabled, and the page says why.
    const sendIt = row.getByRole("button", { name: /^Send the email/ });
    await expect(sendIt).toBeDisabled();
    await expect(sendIt).toHaveAccessibleDescription(/Sending needs a mail server/);
    await expect(page.getByRole("button", { name: /^Send all held \([\d,]+\)$/ })).toBeDisabled();
    // Discard asks first; Cancel keeps the message held.
    await row.getByRole("button", { name: /^Discard/ }).click();
    const confirm = page.getByRole("dialog", { name: "Discard this e-mail?" });
    await expect(confirm).toContainText(to);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByText("Held", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: /^Discard/ }).click();
    await confirm.getByRole("button", { name: "Discard", exact: true }).click();
    await expect(page.getByText(`E-mail to ${to} discarded: it will not be sent`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: "Discarded" }).click();
    await expect(page).toHaveURL(/status=discarded/);
    await expect(row.getByText("Discarded", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: /^(Send|Resend|Discard)/ })).toHaveCount(0);
    expect(realErrors(errors)).toEqual([]);
  });

  test("the outbox explains its statuses, and filters by each one that needs the owner", async ({ page }) => {
    await openSignedIn(page, "/admin/emails");
    await expect(page.getByRole("heading", { name: "Email Outbox", level: 1 })).toBeVisible(LOADED);
    const guide = page.getByRole("region", { name: "What the statuses mean" });
    await expect(guide).toContainText("Held e-mails are never sent by themselves");
    await expect(guide).toContainText("72 hours");
    await guide.getByText("Every status").click();
    await expect(guide.getByText(/failed ones need you/i)).toBeVisible();
    await expect(guide.getByText(/resend or discard it/)).toBeVisible();
    const filters = page.getByRole("group", { name: "Filter by status" }).getByRole("button");
    await expect(filters).toHaveText([
      /^All/,
      /^Held/,
      /^Failed/,
      /^Retrying/,
      /^Sent/,
      /^Pending/,
      /^Dropped/,
      /^Discarded/,
    ]);
    for (const [label, status] of [
      ["Failed", "failed"],
      ["Retrying", "retrying"],
      ["Held", "held"],
    ] as const) {
      await filters.filter({ hasText: label }).click();
      await expect(page).toHaveURL(new RegExp(`status=${status}$`));
      await expect(filters.filter({ hasText: label })).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("heading", { name: new RegExp(`^${label} e-mails`) })).toBeVisible();
    }
  });

  test("the banner and the dashboard count failed e-mails once mail is set up; one held message is singular", async ({
    page,
  }) => {
    let summary = { smtp_configured: true, held: 0, failed: 3, retrying: 1 };
    await page.route("**/api/admin/emails/summary", (route) => route.fulfill({ json: summary }));
    await openSignedIn(page);
    const notice = page.getByTestId("failed-emails-notice");
    await expect(notice).toContainText("3 e-mails failed", LOADED);
    await expect(notice).toContainText("1 more is still being tried");
    await expect(notice.getByRole("link", { name: "Resend or discard them" })).toHaveAttribute(
      "href",
      "/admin/emails?status=failed",
    );
    // The dashboard's own card says it: no banner there as well.
    await expect(page.getByTestId("mail-banner")).toHaveCount(0);
    await page.getByRole("link", { name: "Manage All Leads" }).click();
    const banner = page.getByTestId("mail-banner");
    await expect(banner).toHaveText(/3 e-mails could not be delivered/, LOADED);
    await expect(banner.getByRole("link", { name: "Review the failed e-mails" })).toHaveAttribute(
      "href",
      "/admin/emails?status=failed",
    );

    summary = { smtp_configured: false, held: 1, failed: 0, retrying: 0 };
    await page.reload();
    await expect(banner).toContainText("E-mail is not set up: 1 message is waiting", LOADED);
    await expect(page.getByTestId("failed-emails-notice")).toHaveCount(0);
  });

  test("Send is blocked until every field is filled; a failed send keeps what was typed", async ({ page }) => {
    await openSignedIn(page);
    const sent: string[] = [];
    page.on("request", (r) => r.url().includes("/api/admin/send-email") && sent.push(r.method()));
    const dialog = await openCompose(page);
    const send = dialog.getByRole("button", { name: "Send", exact: true });
    await dialog.getByLabel("To").fill("someone@example.com");
    await dialog.getByLabel("Content").fill("Hello there, a quick note.");
    await expect(send).toBeDisabled();
    await dialog.getByLabel("To").press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in all fields");
    await expect(dialog.getByLabel("Subject")).toHaveAttribute("aria-invalid", "true");
    await send.click({ force: true });
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in all fields");
    // Blank is not filled.
    await dialog.getByLabel("Subject").fill("   ");
    await expect(send).toBeDisabled();
    expect(sent).toEqual([]);

    // The server's error text is shown and nothing typed is lost.
    await page.route("**/api/admin/send-email", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "The outbox is unavailable" }),
      }),
    );
    await dialog.getByLabel("Subject").fill("A quick note");
    await send.click();
    await expect(dialog.getByRole("alert")).toHaveText("The outbox is unavailable");
    await expect(dialog.getByLabel("To")).toHaveValue("someone@example.com");
    await expect(dialog.getByLabel("Subject")).toHaveValue("A quick note");
    await expect(dialog.getByLabel("Content")).toHaveValue("Hello there, a quick note.");

    await page.unroute("**/api/admin/send-email");
    await page.route("**/api/admin/send-email", (route) => route.fulfill({ status: 500, body: "" }));
    await send.click();
    await expect(dialog.getByRole("alert")).toHaveText("Failed to send email");

    await page.unroute("**/api/admin/send-email");
    await page.route("**/api/admin/send-email", (route) => route.abort());
    await send.click();
    await expect(dialog.getByRole("alert")).toHaveText("Error sending email");
    await expect(dialog).toBeVisible();

    // Closed without sending, the draft is still there when opened again.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await openCompose(page);
    await expect(page.getByRole("dialog").getByLabel("Subject")).toHaveValue("A quick note");
  });

  test("the usage card near the limit: red, the high-priority warning, the bar capped at 100 %", async ({ page }) => {
    await mockUsage(page, {
      emails_sent: 120,
      daily_limit: 100,
      remaining: 0,
      percentage_used: 120,
      smtp_configured: true,
    });
    await openSignedIn(page);
    const card = page.getByTestId("email-usage-card");
    await expect(card).toContainText("120 / 100 emails sent today", LOADED);
    await expect(card).toHaveAttribute("data-tone", "red");
    await expect(card.getByText("Email limit almost reached! Only high-priority emails will be sent.")).toBeVisible();
    await expect(card.getByText("0 remaining today")).toBeVisible();
    await expect(card.getByTestId("email-usage-bar")).toHaveAttribute("style", /width: 100%/);
    await expect(card.getByRole("link", { name: "View outbox" })).toHaveAttribute("href", "/admin/emails");
  });

  test("the usage card from 70 %: yellow with the batching hint; below 70 % green without one", async ({ page }) => {
    await mockUsage(page, {
      emails_sent: 75,
      daily_limit: 100,
      remaining: 25,
      percentage_used: 75,
      smtp_configured: true,
    });
    await openSignedIn(page);
    const card = page.getByTestId("email-usage-card");
    await expect(card).toHaveAttribute("data-tone", "yellow", LOADED);
    await expect(card.getByText("Email usage is high. Consider batching updates.")).toBeVisible();
    await expect(card.getByTestId("email-usage-bar")).toHaveAttribute("style", /width: 75%/);

    await page.unroute("**/api/admin/email-usage");
    await mockUsage(page, {
      emails_sent: 69,
      daily_limit: 100,
      remaining: 31,
      percentage_used: 69,
      smtp_configured: true,
    });
    await reloadDashboard(page);
    await expect(card).toHaveAttribute("data-tone", "green", LOADED);
    await expect(card.getByText(/Email (limit|usage) /)).toHaveCount(0);
  });

  test("the usage card is hidden, with a logged warning, when its fetch fails", async ({ page }) => {
    await page.route("**/api/admin/email-usage", (route) => route.fulfill({ status: 500, json: { error: "Down" } }));
    const warned = page.waitForEvent("console", (m) => m.type() === "warning" && m.text().includes("Email usage"));
    await openSignedIn(page);
    await expect(page.getByRole("region", { name: "Quick Actions" })).toBeVisible(LOADED);
    await warned;
    await expect(page.getByTestId("email-usage-card")).toHaveCount(0);
  });

  test("a failed load says 'Failed to fetch data' with Retry; an empty list says 'No contacts yet'", async ({
    page,
  }) => {
    let fail = true;
    await page.route("**/api/admin/dashboard", (route) =>
      fail
        ? route.fulfill({ status: 500, json: {} })
        : route.fulfill({
            json: {
              stats: {
                total: 0,
                submissions: 0,
                new_submissions: 0,
                high_score: 0,
                active_conversations: 0,
                completed_projects: 0,
              },
              recent_leads: [],
            },
          }),
    );
    await openSignedIn(page);
    await expect(page.getByRole("alert")).toContainText("Failed to fetch data", LOADED);
    fail = false;
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByText("No contacts yet")).toBeVisible();
    await expect(page.getByTestId("stat-total-contacts")).toContainText("0");
  });

  test("an unreachable server says 'Error loading data'", async ({ page }) => {
    await page.route("**/api/admin/dashboard", (route) => route.abort());
    await openSignedIn(page);
    await expect(page.getByRole("alert")).toContainText("Error loading data", LOADED);
    await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
  });

  test("the dashboard passes axe", async ({ page }) => {
    await openSignedIn(page);
    await expect(page.getByTestId("stat-total-contacts")).toBeVisible(LOADED);
    await expect(page.getByTestId("email-usage-card")).toBeVisible(LOADED);
    await expectAccessible(page);
  });

  test("the compose dialog passes axe", async ({ page }) => {
    await openSignedIn(page);
    await openCompose(page);
    await expectAccessible(page);
  });

  test("the outbox passes axe", async ({ page }) => {
    await openSignedIn(page, "/admin/emails");
    await expect(page.getByRole("heading", { name: "Email Outbox", level: 1 })).toBeVisible(LOADED);
    await expect(page.getByText(/No e-mails yet|Show text/).first()).toBeVisible(LOADED);
    await expectAccessible(page);
  });

  test("on a phone the counters are readable and nothing is wider than the screen @phone", async ({ page }) => {
    await openSignedIn(page);
    await expect(page.getByTestId("stat-total-contacts")).toBeVisible(LOADED);
    await expect(page.getByTestId("email-usage-card")).toBeVisible(LOADED);
    await expectNoHorizontalOverflow(page);
    const width = page.viewportSize()!.width;
    for (const id of ["stat-total-contacts", "stat-new-submissions", "stat-high-score", "stat-completed-projects"]) {
      const card = page.getByTestId(id);
      await expect(card).toBeVisible();
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const size = await card
        .locator("p")
        .nth(1)
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(size).toBeGreaterThanOrEqual(16);
    }
    const dialog = await openCompose(page);
    await expect(dialog.getByLabel("Content")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press("Escape");
    await page.goto("/admin/emails");
    await expect(page.getByRole("heading", { name: "Email Outbox", level: 1 })).toBeVisible(LOADED);
    await expectNoHorizontalOverflow(page);
  });
});
