import { expect, test, type Page } from "./test";
import { BUDGETS, READINESS, SITE_TYPES, TIMELINES } from "~/contracts/form-options";
import { dismissCookieBanner, expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";

/** docs/product/lead-paths.md "Errors": the alert of every failed submission. */
const SUBMISSION_ERROR = "There was an error submitting your form. Please try again.";
const EMPTY_OPTION = "Choose one (optional)";

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

test("the form has exactly the fields and options of the spec @phone", async ({ page }) => {
  const errors = watchConsole(page);
  await openForm(page);
  await expect(page.getByRole("heading", { level: 1, name: "Start a Project" })).toBeVisible();

  const name = page.getByLabel("Your name");
  await expect(name).toHaveAttribute("required", "");
  const email = page.getByLabel("Email");
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("required", "");
  // Optional: a phone and a business name (they raise the lead score).
  const phone = page.getByLabel("Phone");
  await expect(phone).toHaveAttribute("type", "tel");
  await expect(phone).toHaveAttribute("autocomplete", "tel");
  await expect(phone).not.toHaveAttribute("required");
  const company = page.getByLabel("Business name");
  await expect(company).toHaveAttribute("autocomplete", "organization");
  await expect(company).not.toHaveAttribute("required");
  const description = page.getByLabel("Describe your project");
  await expect(description).toHaveJSProperty("tagName", "TEXTAREA");
  await expect(description).toHaveAttribute("rows", "5");
  await expect(description).toHaveAttribute("required", "");

  // docs/product/lead-paths.md "Options": the option values, the empty choice first, and the labels shown.
  const selects = [
    {
      label: "What kind of site?",
      values: ["personal", "portfolio", "business", "nonprofit", "landing", "blog", "other"],
      options: SITE_TYPES,
    },
    { label: "Budget", values: ["75-150", "150-300", "300-500", "500-plus", "discuss"], options: BUDGETS },
    { label: "Timeline", values: ["asap", "1-2weeks", "1month", "flexible"], options: TIMELINES },
  ];
  for (const select of selects) {
    const options = page.getByLabel(select.label).locator("option");
    await expect(options).toHaveText([EMPTY_OPTION, ...select.options.map((o) => o.label)]);
    expect(await options.evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value))).toEqual([
      "",
      ...select.values,
    ]);
    await expect(page.getByLabel(select.label)).toHaveValue("");
  }
  const siteTypeLabels = await page.getByLabel("What kind of site?").locator("option").allTextContents();
  expect(siteTypeLabels).toEqual(expect.arrayContaining(["Small business", "Nonprofit/cause", "Something else"]));

  // Readiness: two radios, curious checked by default.
  const radios = page.getByRole("group", { name: "Where are you at?" }).getByRole("radio");
  await expect(radios).toHaveCount(2);
  expect(await radios.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))).toEqual([
    "curious",
    "ready",
  ]);
  await expect(page.getByLabel(READINESS[0].label)).toBeChecked();
  await expect(page.getByLabel(READINESS[1].label)).not.toBeChecked();

  // The honeypot is there for bots but out of sight and out of the tab order.
  const trap = page.locator('input[name="hp_extra_info"]');
  await expect(trap).toHaveAttribute("tabindex", "-1");
  await expect(trap).not.toBeInViewport();

  // Below the form: the direct e-mail and phone links.
  await expect(page.locator('main a[href^="mailto:"]').first()).toBeVisible();
  await expect(page.locator('main a[href^="tel:"]').first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Project Details" })).toBeEnabled();
  expect(errors).toEqual([]);
});

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
  await page.route("**/api/submissions", (route) =>
    route.fulfill({ status: 429, json: { success: false, error: "Too many requests. Please wait a minute." } }),
  );
  await openForm(page);
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
