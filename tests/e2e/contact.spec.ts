import { expect, test, type Page } from "./test";
import { dismissCookieBanner, expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/** Every request to the contact API, so a test can prove nothing was sent. */
function countContactPosts(page: Page) {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/contact") sent.push(request.method());
  });
  return sent;
}

// The form's fields, hidden inputs and other ways to reach Tyler, the plain post a visitor without
// JavaScript sends, its pre-filled error return and the thank-you page are read from the built HTML
// by server/site/lead-forms.test.ts.

test("the error return of a plain post shows the alert and pre-fills the form", async ({ page }) => {
  await page.goto("/contact?error=rate_limited&name=Ann&email=ann%40example.com&message=Hello");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Too many messages");
  await expect(alert).toBeFocused();
  await expect(page.getByLabel("Your name")).toHaveValue("Ann");
  await expect(page.getByLabel("Email")).toHaveValue("ann@example.com");
  await expect(page.getByLabel("Subject")).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Hello");
  // Only fixed texts are shown: a crafted link cannot put its own words on the page.
  await page.goto("/contact?error=Your%20account%20is%20locked&name=Ann");
  await expect(page.getByRole("alert")).toContainText("Something went wrong on our side");
  await expect(page.getByRole("alert")).not.toContainText("account is locked");
  // An invalid post names the field to fix.
  await page.goto("/contact?error=invalid&name=Ann&email=ann%40&message=Hi");
  await expect(page.getByRole("alert")).toContainText("valid email");
  // Without an error there is no alert.
  await page.goto("/contact?name=Ann");
  await expect(page.getByLabel("Your name")).toHaveValue("Ann");
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("with JavaScript, an empty or invalid form shows field errors and sends nothing", async ({ page }) => {
  const sent = countContactPosts(page);
  await page.goto("/contact");
  await expect(page.locator("main form[data-hydrated]")).toBeVisible();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Your name")).toBeFocused();

  await page.getByLabel("Your name").fill("Ann");
  await page.getByLabel("Email").fill("ann.example.com");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Hello");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
  expect(sent).toEqual([]);
});

test("with JavaScript, a refused message shows the server's error and keeps the values", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let body: Record<string, unknown> | undefined;
  await page.route("**/api/contact", async (route) => {
    body = route.request().postDataJSON() as Record<string, unknown>;
    await held;
    await route.fulfill({ status: 429, json: { success: false, error: "Too many messages from this address." } });
  });
  await page.goto("/contact");
  await expect(page.locator("main form[data-hydrated]")).toBeVisible();
  await page.getByLabel("Your name").fill("Ann Costa");
  await page.getByLabel("Email").fill("ann@example.com");
  await page.getByLabel("Subject").fill("Domain renewal");
  await page
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("My domain renews next month. Can you look after it?");
  await page.getByRole("button", { name: "Send Message" }).click();

  const sending = page.getByRole("button", { name: "Sending..." });
  await expect(sending).toBeDisabled();
  release();

  await expect(page.getByRole("alert")).toContainText("Too many messages from this address.");
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByLabel("Your name")).toHaveValue("Ann Costa");
  await expect(page.getByLabel("Subject")).toHaveValue("Domain renewal");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
    "My domain renews next month. Can you look after it?",
  );
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  expect(body).toMatchObject({
    name: "Ann Costa",
    email: "ann@example.com",
    subject: "Domain renewal",
    form_type: "personal_contact",
    source: "contact_page",
    hp_extra_info: "",
  });
});

for (const path of ["/contact", "/contact/thank-you"]) {
  test(`${path} has no serious accessibility violations, fits a phone and logs no error @phone`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(path);
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    expect(errors).toEqual([]);
  });
}

test("the contact form's error states have no serious accessibility violations", async ({ page }) => {
  await page.goto("/contact?error=rate_limited&name=Ann");
  await expect(page.getByRole("alert")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message is required")).toBeVisible();
  await expectAccessible(page);
});
