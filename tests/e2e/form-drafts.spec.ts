import { expect, test, type Page } from "./test";
import { HONEYPOT_FIELD } from "~/contracts/form-options";
import { submittedCopy } from "~/content/contact-pages";

/**
 * docs/product/lead-paths.md "States": what a visitor types in the start-project and contact forms
 * is kept in the tab through a reload (session storage), and cleared once the form is sent. The
 * spam trap is never kept. A first visit: the cookie bar is still up.
 */

async function openForm(page: Page, path: string) {
  await page.goto(path);
  const form = page.locator("form[data-hydrated]");
  await expect(form).toBeVisible();
  return form;
}

const keptIn = (page: Page, key: string) => page.evaluate((k) => window.sessionStorage.getItem(k), key);

test("the start-project form keeps what was typed through a reload, and forgets it once sent @phone", async ({
  page,
}) => {
  const email = `lucja.${Date.now()}@example.com`;
  const description = "Zoë’s “bakery” on Hope Street: a menu page, opening hours and catering requests.";
  let form = await openForm(page, "/start-project");
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
  await form.getByLabel("Your name").fill("Łucja Nguyễn");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("What kind of site?").selectOption("business");
  await form.getByLabel("Describe your project").fill(description);
  await form.getByLabel("Ready to get started").check();
  await form.locator(`[name="${HONEYPOT_FIELD}"]`).fill("bot text", { force: true });

  await expect.poll(() => keptIn(page, "start-project-draft:new")).toContain("Łucja Nguyễn");
  expect(await keptIn(page, "start-project-draft:new")).not.toContain(HONEYPOT_FIELD);

  await page.reload();
  form = page.locator("form[data-hydrated]");
  await expect(form.getByLabel("Your name")).toHaveValue("Łucja Nguyễn");
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expect(form.getByLabel("What kind of site?")).toHaveValue("business");
  await expect(form.getByLabel("Describe your project")).toHaveValue(description);
  await expect(form.getByLabel("Ready to get started")).toBeChecked();
  await expect(form.locator(`[name="${HONEYPOT_FIELD}"]`)).toHaveValue("");

  await form.getByRole("button", { name: "Send Project Details" }).click();
  await expect(page.getByRole("heading", { name: submittedCopy.title })).toBeVisible();
  expect(await keptIn(page, "start-project-draft:new")).toBeNull();

  form = await openForm(page, "/start-project");
  await expect(form.getByLabel("Your name")).toHaveValue("");
  await expect(form.getByLabel("Describe your project")).toHaveValue("");
});

test("the contact form keeps what was typed through a reload, and forgets it once sent @phone", async ({ page }) => {
  const email = `lucja.contact.${Date.now()}@example.com`;
  let form = await openForm(page, "/contact");
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
  await form.getByLabel("Your name").fill("Łucja Nguyễn");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Subject").fill("A quote for a bakery site");
  await form.getByLabel("Message").fill("Could we talk about Zoë’s “menu” page next week?");

  await expect.poll(() => keptIn(page, "contact-draft:new")).toContain("Zoë’s “menu”");
  await page.reload();
  form = page.locator("form[data-hydrated]");
  await expect(form.getByLabel("Your name")).toHaveValue("Łucja Nguyễn");
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expect(form.getByLabel("Subject")).toHaveValue("A quote for a bakery site");
  await expect(form.getByLabel("Message")).toHaveValue("Could we talk about Zoë’s “menu” page next week?");

  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/contact\/thank-you$/);
  expect(await keptIn(page, "contact-draft:new")).toBeNull();

  form = await openForm(page, "/contact");
  await expect(form.getByLabel("Your name")).toHaveValue("");
  await expect(form.getByLabel("Message")).toHaveValue("");
});
