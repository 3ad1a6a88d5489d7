import { expect, test, type Page } from "./test";
import { dismissCookieBanner, expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";

/** docs/product/lead-paths.md "Errors": the alert of every failed submission. */
const SUBMISSION_ERROR = "There was an error submitting your form. Please try again.";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/** Open the page and wait until React owns the form (before that the browser's own checks apply). */
async function openForm(page: Page) {
  await page.goto("/start-project");
  const form = page.locator("form[data-hydrated]");
  await expect(form).toBeVisible();
  return form;
}

/** Counts the requests to the submissions API, so a test can prove nothing was sent. */
function countSubmissions(page: Page) {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/submissions") sent.push(request.method());
  });
  return sent;
}

const typed = {
  name: "Maria Silva",
  email: "maria@silvasbakery.example",
  siteType: "business",
  budget: "150-300",
  timeline: "1month",
  description: "A three-page site for our bakery on Hope Street: menu, hours and catering requests.",
};

async function fillEverything(page: Page) {
  await page.getByLabel("Your name").fill(typed.name);
  await page.getByLabel("Email").fill(typed.email);
  await page.getByLabel("What kind of site?").selectOption(typed.siteType);
  await page.getByLabel("Budget").selectOption(typed.budget);
  await page.getByLabel("Timeline").selectOption(typed.timeline);
  await page.getByLabel("Describe your project").fill(typed.description);
  await page.getByLabel("Ready to get started").check();
}

async function expectEverythingKept(page: Page) {
  await expect(page.getByLabel("Your name")).toHaveValue(typed.name);
  await expect(page.getByLabel("Email")).toHaveValue(typed.email);
  await expect(page.getByLabel("What kind of site?")).toHaveValue(typed.siteType);
  await expect(page.getByLabel("Budget")).toHaveValue(typed.budget);
  await expect(page.getByLabel("Timeline")).toHaveValue(typed.timeline);
  await expect(page.getByLabel("Describe your project")).toHaveValue(typed.description);
  await expect(page.getByLabel("Ready to get started")).toBeChecked();
}

// The form's fields, options, defaults and links as the server sends them are read from the built
// HTML by server/site/lead-forms.test.ts.

test("required fields: an empty form shows the field errors and sends nothing @phone", async ({ page }) => {
  const sent = countSubmissions(page);
  await openForm(page);
  await page.getByRole("button", { name: "Send Project Details" }).click();

  const name = page.getByLabel("Your name");
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Project description is required")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Name is required");
  await expect(name).toBeFocused();
  await expect(page.getByLabel("What kind of site?")).not.toHaveAttribute("aria-invalid", "true");

  // An invalid e-mail address gets its own message.
  await name.fill("Maria Silva");
  await page.getByLabel("Email").fill("maria-at-silvasbakery");
  await page.getByLabel("Describe your project").fill("A menu and our hours.");
  await page.getByRole("button", { name: "Send Project Details" }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();
  await expect(page.getByText("Name is required")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(sent).toEqual([]);
});

test("a failed submission shows the alert and keeps every value @phone", async ({ page }) => {
  await page.route("**/api/submissions", (route) =>
    route.fulfill({ status: 500, json: { success: false, error: "boom" } }),
  );
  await openForm(page);
  await fillEverything(page);
  await page.getByRole("button", { name: "Send Project Details" }).click();

  const alert = page.getByRole("alert");
  await expect(alert).toContainText(SUBMISSION_ERROR);
  await expect(alert).toContainText("boom");
  await expect(alert).toBeFocused();
  await expectEverythingKept(page);
  await expect(page.getByRole("button", { name: "Send Project Details" })).toBeEnabled();
  await expect(page.getByRole("heading", { name: "Thanks for reaching out!" })).toHaveCount(0);
});

test("the server's field messages show beside the fields", async ({ page }) => {
  await page.route("**/api/submissions", (route) =>
    route.fulfill({
      status: 400,
      json: {
        success: false,
        error: "Please check the highlighted fields.",
        fields: { email: "That e-mail address bounced" },
      },
    }),
  );
  await openForm(page);
  await fillEverything(page);
  await page.getByRole("button", { name: "Send Project Details" }).click();
  await expect(page.getByRole("alert")).toContainText("Please check the highlighted fields.");
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("That e-mail address bounced");
  await expectEverythingKept(page);
});

test("an OK answer without the success flag, or no answer at all, is a failure too", async ({ page }) => {
  let attempt = 0;
  await page.route("**/api/submissions", (route) => {
    attempt += 1;
    return attempt === 1
      ? route.fulfill({ status: 200, json: { projectId: "WBT-2025-NOFLAG" } })
      : route.abort("failed");
  });
  await openForm(page);
  await fillEverything(page);
  const button = page.getByRole("button", { name: "Send Project Details" });

  await button.click();
  await expect(page.getByRole("alert")).toContainText(SUBMISSION_ERROR);
  await expect(page.getByText("WBT-2025-NOFLAG")).toHaveCount(0);

  await button.click();
  await expect(page.getByRole("alert")).toContainText("connection");
  await expect(page.getByRole("alert").getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  expect(attempt).toBe(2);
  await expectEverythingKept(page);
});

test("while sending, the button is disabled and says 'Sending...'", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/submissions", async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { success: false, error: "boom" } });
  });
  await openForm(page);
  await fillEverything(page);
  await page.getByRole("button", { name: "Send Project Details" }).click();

  const sending = page.getByRole("button", { name: "Sending..." });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  await expect(page.locator("form[data-hydrated]")).toHaveAttribute("aria-busy", "true");

  release();
  await expect(page.getByRole("alert")).toContainText(SUBMISSION_ERROR);
  await expect(page.getByRole("button", { name: "Send Project Details" })).toBeEnabled();
});

test("the page has no serious accessibility violations and fits a phone @phone", async ({ page }) => {
  const errors = watchConsole(page);
  await page.route("**/api/submissions", (route) =>
    route.fulfill({ status: 429, json: { success: false, error: "Too many requests. Please wait a minute." } }),
  );
  await openForm(page);
  // The honeypot is there for bots but out of sight; the hydrated form can be sent.
  await expect(page.locator('input[name="hp_extra_info"]')).not.toBeInViewport();
  await expect(page.getByRole("button", { name: "Send Project Details" })).toBeEnabled();
  expect(errors).toEqual([]);
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);

  // The error states too: field errors, then the alert.
  await page.getByRole("button", { name: "Send Project Details" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expectAccessible(page);
  await fillEverything(page);
  await page.getByRole("button", { name: "Send Project Details" }).click();
  await expect(page.getByRole("alert")).toContainText("Too many requests");
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
});
