import { PORTAL_MESSAGES } from "~/contracts/portal-terms";
import { startSmtpServer } from "../support/smtp";
import { dismissCookieBanner, expectAccessible } from "./fixtures";
import { startOwnApp, type OwnApp } from "./own-app";
import { expect, test, type Page } from "./test";
import { submittedCopy } from "../../app/content/contact-pages";

/**
 * The owner always knows when mail is not going out, and can send what waited once it is set up
 * (docs/decisions/028-outbox.md): a lead written without SMTP_URL is held, every admin screen says
 * so, the portal's e-mail sign-in says it is unavailable; with a mail server added and the site
 * restarted, Send all held hands each held message to it exactly once.
 *
 * On an app and database of its own (own-app.ts): the journeys' shared server has no SMTP on
 * purpose and other journeys check their own messages are held, so nothing here sends those.
 */

const LOADED = { timeout: 20_000 };

type Held = { id: number; to_address: string; subject: string };
const heldRows = (app: OwnApp) =>
  app.query<Held>("select id, to_address, subject from email_outbox where status = 'held' order by id");

async function sendLead(page: Page, origin: string, lead: { name: string; email: string }) {
  await page.goto(`${origin}/start-project`);
  const form = page.locator("form[data-hydrated]");
  await expect(form).toBeVisible();
  await page.getByLabel("Your name").fill(lead.name);
  await page.getByLabel("Email").fill(lead.email);
  await page
    .getByLabel("Describe your project")
    .fill("A small site for our flower shop in Cranston: opening hours, a gallery and a contact form.");
  await page.getByRole("button", { name: "Send Project Details" }).click();
  await expect(page.getByRole("heading", { name: "Thanks for reaching out!" })).toBeVisible(LOADED);
  // No e-mail can reach the visitor: the confirmation offers the Project ID alone, not the e-mail route.
  await expect(page.getByText(submittedCopy.idOnlyNote)).toBeVisible();
  await expect(page.getByText(submittedCopy.idNote)).toHaveCount(0);
}

async function signIn(page: Page, app: OwnApp) {
  await page.goto(`${app.origin}/login?from=${encodeURIComponent("/admin")}`);
  await page.getByLabel("Email").fill(app.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(app.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${app.origin}/admin`, LOADED);
}

test(
  "without a mail server the owner is told what waits; with one, Send all held sends each once",
  {
    tag: "@db",
  },
  async ({ page }) => {
    test.setTimeout(240_000); // two starts of the built app on a fresh database, on a busy machine
    const smtp = await startSmtpServer();
    let app: OwnApp | undefined;
    try {
      app = await startOwnApp();
      const { origin } = app;
      await dismissCookieBanner(page);

      // A visitor's project request, through the real form: with no SMTP_URL its e-mails are held.
      const stamp = Date.now().toString(36);
      const lead = { name: `Iris Held ${stamp}`, email: `iris.${stamp}@example.com` };
      await sendLead(page, origin, lead);
      const held = await heldRows(app);
      // The owner's notice and the visitor's confirmation.
      expect(held.map((e) => e.to_address)).toContain(lead.email);
      expect(held.length).toBeGreaterThanOrEqual(2);
      const waiting = `E-mail is not set up: ${held.length} messages are waiting`;

      // Every admin screen says so, with the way to the held messages and to the set-up steps.
      await signIn(page, app);
      const banner = page.getByTestId("mail-banner");
      await expect(banner).toContainText(waiting, LOADED);
      const toHeld = banner.getByRole("link", { name: "See the held messages" });
      const toSetUp = banner.getByRole("link", { name: "How to set it up" });
      await expect(toHeld).toHaveAttribute("href", "/admin/emails?status=held");
      await expect(toSetUp).toHaveAttribute("href", "/admin/settings#email");
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      await expectAccessible(page);

      await toSetUp.click();
      await expect(page).toHaveURL(`${origin}/admin/settings#email`);
      // axe reads this card in each state it shows; the whole settings page is read once per screen
      // size in admin-settings.spec.ts.
      const card = page.getByTestId("email-delivery");
      await expect(card).toBeInViewport(LOADED);
      await expect(card.getByRole("heading", { name: "E-mail delivery" })).toBeVisible();
      await expect(card).toContainText("E-mail is not set up");
      await expect(card).toContainText(`${held.length} messages are waiting in the outbox`);
      await expect(card.getByText("smtp://user:password@smtp.example.com:587")).toBeVisible();
      await expect(card.getByText("MAIL_FROM", { exact: true })).toBeVisible();
      await expect(page.getByTestId("mail-banner")).toContainText(waiting);
      // A test without a mail server says so in plain words.
      const to = card.getByLabel("Send a test e-mail to");
      await expect(to).toHaveValue(app.admin.email);
      await card.getByRole("button", { name: "Send a test e-mail" }).click();
      await expect(card.getByTestId("test-email-result")).toContainText("No mail server is configured");
      await expectAccessible(page, "#email");

      await page.getByTestId("mail-banner").getByRole("link", { name: "See the held messages" }).click();
      await expect(page).toHaveURL(`${origin}/admin/emails?status=held`);
      const rows = page.getByTestId("outbox-email");
      await expect(rows).toHaveCount(held.length, LOADED);
      const sendAll = page.getByRole("button", { name: `Send all held (${held.length})` });
      await expect(sendAll).toBeDisabled();
      await expect(sendAll).toHaveAccessibleDescription(/Sending needs a mail server/);
      await expect(rows.first().getByRole("button", { name: /^Send the email/ })).toBeDisabled();
      await expectAccessible(page);

      // The portal's e-mail sign-in cannot work without mail: the page says so and points to the Project ID.
      await page.goto(`${origin}/client-portal`);
      await page.getByRole("radio", { name: "Email address" }).check();
      await page.getByRole("textbox", { name: "Email address" }).fill(lead.email);
      await page.getByRole("button", { name: "Find My Project" }).click();
      await expect(page.getByRole("alert")).toContainText(PORTAL_MESSAGES.emailUnavailable);
      // The help line under the form says the same, and no longer offers the e-mail as the way in.
      await expect(page.getByText(PORTAL_MESSAGES.helpWithoutEmail)).toBeVisible();
      await expect(page.getByText(/Use your e-mail address instead/)).toHaveCount(0);

      // A mail server is set up and the site restarted: the held messages wait for the owner.
      await app.restart({ SMTP_URL: smtp.url });
      await page.goto(`${origin}/admin/emails?status=held`);
      await expect(sendAll).toBeEnabled(LOADED);
      await expect(page.getByTestId("mail-banner")).toHaveCount(0);
      await expect(rows).toHaveCount(held.length);
      await expect(rows.first().getByRole("button", { name: /^Send the email/ })).toBeEnabled();
      expect(smtp.received).toHaveLength(0);

      await sendAll.click();
      const dialog = page.getByRole("dialog", { name: "Send all held e-mails?" });
      await expect(dialog).toContainText(`${held.length} e-mails go to the mail server now`);
      await expect(dialog).toContainText("some may be days old");
      await dialog.getByRole("button", { name: `Send ${held.length} e-mails` }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`${held.length} held e-mails were handed to the mail server`)).toBeVisible();

      // Each held message reaches the mail server once (one Message-ID per outbox row).
      await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(held.length);
      for (const email of held) {
        const copies = smtp.received.filter((m) => m.raw.includes(`<outbox-${email.id}-`));
        expect(copies, `copies of outbox e-mail ${email.id}`).toHaveLength(1);
        expect(copies[0]!.to).toEqual([email.to_address]);
      }
      await expect(page.getByText("No e-mails with this status.")).toBeVisible(LOADED);
      await expect(page.getByRole("button", { name: /Send all held/ })).toHaveCount(0);
      await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: "Sent" }).click();
      await expect(page).toHaveURL(`${origin}/admin/emails?status=sent`);
      await expect(rows).toHaveCount(held.length, LOADED);
      for (const email of held)
        await expect(rows.filter({ hasText: email.subject }).getByText("Sent", { exact: true })).toBeVisible();
      await expect(page.getByTestId("mail-banner")).toHaveCount(0);

      // The settings' test e-mail shows what the mail server answered.
      await page.goto(`${origin}/admin/settings#email`);
      await expect(card).toContainText("E-mail is set up.", LOADED);
      await card.getByRole("button", { name: "Send a test e-mail" }).click();
      const result = card.getByTestId("test-email-result");
      await expect(result).toContainText(`The mail server took the test e-mail to ${app.admin.email}`);
      await expect(result.locator("code")).toHaveText(/^250\b/);
      await expect.poll(() => smtp.received.length).toBe(held.length + 1);
      expect(smtp.received.at(-1)!.to).toEqual([app.admin.email]);
      expect(smtp.received.at(-1)!.subject).toContain("Test e-mail");
      await expectAccessible(page, "#email");
    } finally {
      await app?.stop();
      await smtp.close();
    }
  },
);
