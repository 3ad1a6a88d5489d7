import { site } from "../../app/config/site";
import { expect, test, type Page } from "./test";
import { dismissCookieBanner } from "./fixtures";
import { startOwnApp, type OwnApp } from "./own-app";

/**
 * The database goes away while visitors are mid-form (docs/decisions/029-database-outages.md):
 * the app is one of its own, whose database is closed to connections for a while. The forms and
 * the chat keep what was typed and say to try again in a minute or call; once the database is
 * back, the same press goes through.
 */
test.describe.configure({ mode: "serial" });

const UNAVAILABLE = `We couldn't save this just now. Please try again in a minute, or call ${site.phone.display}.`;

let own: OwnApp;
test.beforeAll(async () => {
  own = await startOwnApp();
});
test.afterAll(async () => {
  await own?.stop();
});
test.afterEach(async () => {
  await own?.openDatabase();
});

async function open(page: Page, path: string) {
  await page.goto(`${own.origin}${path}`);
  await dismissCookieBanner(page);
}

test("the project form keeps everything and says to try again or call; the same press works once it is back @db @server", async ({
  page,
}) => {
  await open(page, "/start-project");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  await page.getByLabel("Your name").fill("Lucia Reis");
  await page.getByLabel("Email").fill("lucia@reisflowers.example");
  await page.getByLabel("Budget").selectOption("300-500");
  await page
    .getByLabel("Describe your project")
    .fill("A site for our flower shop in Bristol with the week's bouquets.");

  await own.closeDatabase();
  await page.getByRole("button", { name: "Send Project Details" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(UNAVAILABLE);
  await expect(page.getByLabel("Your name")).toHaveValue("Lucia Reis");
  await expect(page.getByLabel("Budget")).toHaveValue("300-500");
  await expect(page.getByLabel("Describe your project")).toHaveValue(
    "A site for our flower shop in Bristol with the week's bouquets.",
  );

  await own.openDatabase();
  // Nothing was stored, nor said to be: the same press now files the lead once.
  expect(await own.query("select 1 from contacts where email = $1", ["lucia@reisflowers.example"])).toEqual([]);
  await page.getByRole("button", { name: "Send Project Details" }).click();
  await expect(page.getByRole("heading", { name: "Thanks for reaching out!" })).toBeVisible();
  expect(await own.query("select name from contacts where email = $1", ["lucia@reisflowers.example"])).toEqual([
    { name: "Lucia Reis" },
  ]);
});

test("the contact form keeps the message and says to try again or call @db @server", async ({ page }) => {
  await open(page, "/contact");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  await page.getByLabel("Your name").fill("Omar Haddad");
  await page.getByLabel("Email").fill("omar@haddadauto.example");
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("Can you add online booking to our detailing site?");

  await own.closeDatabase();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert")).toContainText(UNAVAILABLE);
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
    "Can you add online booking to our detailing site?",
  );

  await own.openDatabase();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/contact\/thank-you$/);
});

test("the chat keeps the typed answer and says to try again or call @db @server", async ({ page }) => {
  await open(page, "/chat");
  await page.getByRole("button", { name: "Start Your Project Chat" }).click();
  const box = page.getByRole("textbox", { name: "Your answer" });
  await expect(box).toBeVisible();

  await own.closeDatabase();
  await box.fill("Ines Costa");
  await box.press("Enter");
  await expect(page.getByText(UNAVAILABLE)).toBeVisible();
  await expect(box).toHaveValue("Ines Costa");

  await own.openDatabase();
  await box.press("Enter");
  await expect(page.getByRole("log").getByRole("listitem").filter({ hasText: "Ines Costa" })).toBeVisible();
  await expect(box).toHaveValue("");
});
