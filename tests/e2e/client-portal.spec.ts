import { createHash, randomBytes } from "node:crypto";
import { expect, test, type Page, type TestInfo } from "./test";
import { defaultProjectName } from "~/contracts/project-terms";
import { PORTAL_MESSAGES } from "~/contracts/portal-terms";
import { queryAppDb } from "./db";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  waitForHydration,
  watchConsole,
} from "./fixtures";
import { unique } from "./admin-content-helpers";
import { submitProject } from "./portal-fixtures";
import { startSecondApp } from "./second-app";

/**
 * The client portal end to end (docs/product/client-portal.md "Lookup", "Sign-in links"; decision
 * 017): a Project ID opens its project; an e-mail address gets a one-time sign-in link, read here
 * from the app's outbox.
 */

async function open(page: Page, path: string) {
  await dismissCookieBanner(page);
  await page.goto(path);
  await waitForHydration(page);
}

/** Console errors other than the browser's own line for an expected 4xx answer. */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: .* (404|410)/.test(e));

async function snap(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}-${info.project.name}.png`), fullPage: true });
}

/**
 * The sign-in link the outbox would send for the newest lookup of this address. The outbox keeps
 * the message with a slot for the token, never the token itself: it makes the link as it hands the
 * message to the mail server (server/emails/portal-sign-in.ts bodyAtSend). This app has no mail
 * server, so the test does what the send does: a token whose hash is stored, valid as long as the
 * message.
 */
async function signInLinkFor(email: string): Promise<string> {
  let row: { text: string; expires_at: Date | null } | undefined;
  await expect
    .poll(async () => {
      [row] = await queryAppDb<{ text: string; expires_at: Date | null }>(
        "select text, expires_at from email_outbox where to_address = $1 and kind = 'portal_sign_in' order by id desc limit 1",
        [email],
      );
      return row?.text ?? "";
    })
    .toContain("/client-portal/sign-in?token={sign-in-token}");
  const token = randomBytes(32).toString("base64url");
  await queryAppDb("insert into portal_sign_in_links (token_hash, email, expires_at) values ($1, $2, $3)", [
    createHash("sha256").update(token).digest("base64url"),
    email.trim().toLowerCase(),
    row!.expires_at ?? new Date(Date.now() + 30 * 60_000),
  ]);
  return `/client-portal/sign-in?token=${token}`;
}

test(
  "a client opens a project by its Project ID and sees its detail @phone",
  { tag: "@db" },
  async ({ page }, info) => {
    const errors = watchConsole(page);
    const projectId = await submitProject(page.request, "Nora Quinn", `portal.${unique()}@example.com`);

    // A link whose Project ID matches nothing: the lookup form, with the not-found message.
    await open(page, "/client-portal#project=WBT-2020-ZZZZZZ");
    await expect(page.getByRole("alert")).toContainText(PORTAL_MESSAGES.notFound);
    await expect(page, "the ID leaves the address bar").toHaveURL(/\/client-portal$/);

    await open(page, "/client-portal");
    // The lookup page is the same for everyone, so search engines may list it.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
    const find = page.getByRole("button", { name: "Find My Project" });
    await expect(find).toBeDisabled();
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await snap(page, info, "portal-lookup");

    const field = page.getByRole("textbox", { name: "Project ID" });
    await field.fill("   ");
    await expect(find, "blank is empty: the identifier is trimmed").toBeDisabled();
    await field.fill("WBT-2020-ZZZZZZ");
    await find.click();
    await expect(page.getByRole("alert")).toContainText(PORTAL_MESSAGES.notFound);

    await field.fill(`  ${projectId.toLowerCase()} `);
    await find.click();
    const title = page.getByRole("heading", { level: 2, name: defaultProjectName("Nora Quinn", "small_business") });
    await expect(title).toBeVisible();
    await expect(title).toBeFocused();
    await expect(page.getByTestId("portal-project-id")).toHaveText(projectId);
    const details = page.getByRole("article");
    await expect(details.getByText("Submitted").first()).toBeVisible();
    await expect(details.getByText("$300 - $500")).toBeVisible();
    await expect(details.getByText("1-2 weeks")).toBeVisible();
    await expect(details.getByText("Ready to get started")).toBeVisible();
    await expect(details.getByText(/Your role:\s*Client/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Milestones" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recent updates" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Project chat" })).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await snap(page, info, "portal-detail");

    // The session lasts for the tab: a reload shows the project again.
    await page.reload();
    await expect(title).toBeVisible();
    await page.getByRole("button", { name: "New Search" }).click();
    await expect(page.getByRole("heading", { name: "Find your project" })).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(
      page.getByRole("heading", { name: "Find your project" }),
      "New Search ended the session",
    ).toBeVisible();
    expect(unexpected(errors)).toEqual([]);
  },
);

test(
  "a client looks up by e-mail, signs in with the e-mailed link once, and sees their projects @phone",
  { tag: ["@db", "@server"] },
  async ({ page }, info) => {
    // The link is e-mailed only where the site can send mail: a second app process on the same
    // database with a real SMTP peer serves this client (the journeys' own server has no SMTP).
    const app = await startSecondApp();
    try {
      await lookUpByEmail(page, info, app.origin);
    } finally {
      await app.stop();
    }
  },
);

async function lookUpByEmail(page: Page, info: TestInfo, origin: string) {
  const errors = watchConsole(page);
  const email = `portal.mail.${unique()}@example.com`;
  const first = await submitProject(page.request, "Owen Pike", email);
  const second = await submitProject(page.request, "Owen Pike", email);

  await open(page, `${origin}/client-portal`);
  await page.getByRole("radio", { name: "Email address" }).check();
  await page.getByRole("textbox", { name: "Email address" }).fill(`  ${email} `);
  await page.getByRole("button", { name: "Find My Project" }).click();
  const inbox = page.getByRole("status").filter({ hasText: "Check your inbox" });
  await expect(inbox).toBeVisible();
  await expect(inbox).toContainText(PORTAL_MESSAGES.linkSent);
  await snap(page, info, "portal-inbox");

  const link = await signInLinkFor(email);
  await open(page, `${origin}${link}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to your projects" })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
  await snap(page, info, "portal-sign-in");
  await page.getByRole("button", { name: "Sign in to your projects" }).click();

  await expect(page).toHaveURL(/\/client-portal$/);
  await expect(page.getByRole("heading", { name: "Your Projects (2)" })).toBeVisible();
  await expect(page.getByText(first)).toBeVisible();
  await expect(page.getByText(second)).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
  await snap(page, info, "portal-list");

  // 2. Two projects of one client read apart: who, what and when, and a number for the second.
  const named = defaultProjectName("Owen Pike", "small_business");
  await expect(page.getByRole("heading", { level: 3, name: named, exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: `${named} (2)`, exact: true })).toBeVisible();
  await page.getByRole("button", { name: "View project" }).first().click();
  // The detail view has one level-2 heading: the name of whichever was opened.
  await expect(page.getByRole("heading", { level: 2, name: named })).toBeFocused();
  await page.getByRole("button", { name: "Back to Projects" }).click();
  await expect(page.getByRole("heading", { name: "Your Projects (2)" })).toBeVisible();

  // The link was spent: opening it again signs in no one.
  await open(page, `${origin}${link}`);
  await page.getByRole("button", { name: "Sign in to your projects" }).click();
  await expect(page.getByRole("alert")).toContainText(PORTAL_MESSAGES.linkExpired);
  await expect(page.getByRole("radio", { name: "Email address" })).toBeChecked();
  await expectAccessible(page);
  await snap(page, info, "portal-link-used");
  expect(unexpected(errors)).toEqual([]);
}

test(
  "10. a #project=ID link followed in a portal tab that is already open loads that project",
  { tag: "@db" },
  async ({ page }) => {
    const errors = watchConsole(page);
    const first = await submitProject(page.request, "Lena Park", `portal.tab.${unique()}@example.com`);
    const second = await submitProject(page.request, "Omar Haddad", `portal.tab.${unique()}@example.com`);

    // A tab on the lookup form, then a project link: only the fragment changes.
    await open(page, "/client-portal");
    await expect(page.getByRole("button", { name: "Find My Project" })).toBeVisible();
    await page.goto(`/client-portal#project=${first}`);
    await expect(page.getByTestId("portal-project-id")).toHaveText(first, { timeout: 15_000 });
    await expect(page, "the ID leaves the address bar").toHaveURL(/\/client-portal$/);

    // The same tab, now showing a project, follows another project's link.
    await page.goto(`/client-portal#project=${second}`);
    await expect(page.getByTestId("portal-project-id")).toHaveText(second, { timeout: 15_000 });
    await expect(page.getByText("Loading your projects...")).toHaveCount(0);
    expect(unexpected(errors)).toEqual([]);
  },
);
