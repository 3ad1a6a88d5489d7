import { expect, test, type APIRequestContext, type Locator, type Page } from "./test";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  waitForHydration,
  watchConsole,
} from "./fixtures";
import { OWNER_STATE, openSignedIn, ownerToken } from "./admin-fixtures";

/**
 * docs/product/settings.md "Chat settings", "Validation", "Chat settings entity", "Defaults";
 * docs/product/chat.md "Reading the settings" (GET /api/chat-settings): what the owner saves, a new
 * visitor's widget follows.
 */

const LOADED = { timeout: 20_000 };
const SAVED = "Settings saved!";

/** The settings are one global document: read through the API as the screen reads them. */
async function readSettings(request: APIRequestContext): Promise<Record<string, unknown>> {
  const res = await request.get("/api/admin/chat-settings", {
    headers: { Authorization: `Bearer ${ownerToken()}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { settings: Record<string, unknown> }).settings;
}

async function putSettings(request: APIRequestContext, settings: Record<string, unknown>) {
  const res = await request.put("/api/admin/chat-settings", {
    headers: { Authorization: `Bearer ${ownerToken()}` },
    data: { settings },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Neither refused value of the journey below reached the database. */
async function expectNotStored(request: APIRequestContext) {
  const stored = (await readSettings(request)) as {
    auto_responses: { response_delay: number };
    business_hours: { wednesday: { start: string } };
  };
  expect(stored.business_hours.wednesday.start).not.toBe("18:00");
  expect(stored.auto_responses.response_delay).not.toBe(1200);
}

async function openSettings(page: Page) {
  await openSignedIn(page, "/admin/settings");
  await expect(page.getByRole("heading", { name: "Chat Settings", level: 1 })).toBeVisible(LOADED);
  await expect(page.getByRole("button", { name: "Save Settings" })).toBeVisible(LOADED);
}

/** How light an element's background is (0 black to 1 white), whatever colour syntax the stylesheet uses. */
const backgroundLightness = (locator: Locator) =>
  locator.evaluate((element) => {
    const canvas = document.createElement("canvas").getContext("2d")!;
    canvas.fillStyle = getComputedStyle(element).backgroundColor;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b] = canvas.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  });

const preview = (page: Page) => page.getByTestId("widget-preview");

// The journeys here take turns. The two that save the one settings document (@global-settings) run
// in a project of their own after every other journey (playwright.config.ts): the widget on every
// public page follows those settings, so no other journey sees them changed.
test.describe.configure({ mode: "default" });
const saveButton = (page: Page) => page.getByRole("button", { name: "Save Settings" });

test.describe("chat settings", { tag: "@db" }, () => {
  // Signed in once by the setup project; the sign-in page has its own journeys.
  test.use({ storageState: OWNER_STATE });

  test("the owner's new welcome, delay and theme reach a new visitor's widget @global-settings", async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // a second browser context and the clock stepped through the reply
    const errors = watchConsole(page);
    // Other journeys open the widget on the same server: the settings go back as they were, whatever happens.
    const original = await readSettings(request);
    const welcome = `Welcome from the settings journey ${Date.now().toString(36)}`;
    const delay = 2500;
    try {
      await openSettings(page);
      await page.getByLabel("Welcome message").fill(welcome);
      await page.getByLabel("Response delay (ms)").fill(String(delay));
      await page.getByRole("radio", { name: "Dark", exact: true }).check();
      await expect(page.getByText("You have unsaved changes.")).toBeVisible();

      // The preview follows what is typed, before any save.
      await expect(preview(page).getByTestId("preview-widget")).toHaveAttribute("data-theme", "dark");
      await expect(preview(page).getByText(welcome)).toBeVisible();

      await saveButton(page).click();
      await expect(page.getByRole("status").filter({ hasText: SAVED })).toBeVisible(LOADED);
      await expect(page.getByText("You have unsaved changes.")).toHaveCount(0);
      // The notice goes after its 3 s; what was saved stays in the form.
      await expect(page.getByText(SAVED)).toHaveCount(0, { timeout: 8_000 });
      await expect(page.getByLabel("Response delay (ms)")).toHaveValue(String(delay));

      // A new visitor: a fresh browser context, nothing cached.
      const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      try {
        const visitor = await visitorContext.newPage();
        await dismissCookieBanner(visitor);
        // The page's clock is driven by the test, so the reply's wait is stepped through, not timed.
        await visitor.clock.install();
        await visitor.goto("/");
        await waitForHydration(visitor);
        const launcher = visitor.getByRole("button", { name: "Chat with Tyler", exact: true });
        await expect(launcher).toHaveAttribute("data-theme", "dark");
        await launcher.click();
        const panel = visitor.getByRole("dialog", { name: "Chat with Tyler" });
        await expect(panel).toHaveAttribute("data-theme", "dark");
        expect(await backgroundLightness(panel), "a dark panel").toBeLessThan(0.2);
        const bot = panel.getByTestId("chat-bot-message");
        await expect(bot.first()).toHaveText(welcome);
        expect(await backgroundLightness(bot.first().locator("..")), "dark bubbles").toBeLessThan(0.3);

        await visitor.clock.pauseAt((await visitor.evaluate(() => Date.now())) + 1000);
        await panel.getByRole("button", { name: "How much does a website cost?" }).click();
        await expect(panel.getByTestId("chat-user-message")).toHaveText(["How much does a website cost?"]);
        await expect(panel.getByTestId("chat-typing")).toBeVisible();
        // Well past the default 800 ms the visitor still waits: the new delay holds the answer back...
        await visitor.clock.runFor(delay - 500);
        await expect(panel.getByTestId("chat-typing")).toBeVisible();
        await expect(bot).toHaveCount(1);
        // ...which comes once the delay is over.
        await visitor.clock.runFor(500);
        await expect(bot.nth(1)).toContainText("Projects start at $75");
      } finally {
        await visitorContext.close();
      }
    } finally {
      await putSettings(request, original);
    }
    expect(errors).toEqual([]);
  });

  test("the widget follows the automatic answers, fallback, analytics, position and pages settings @global-settings", async ({
    browser,
    request,
  }) => {
    const original = await readSettings(request);
    const fallback = `Ask me in person: ${Date.now().toString(36)}`;
    try {
      await putSettings(request, {
        auto_responses: { enabled: false, response_delay: 0, fallback_message: fallback },
        analytics: { track_interactions: false, track_inquiries: false },
        appearance: {
          position: "bottom-left",
          theme: "light",
          show_on_pages: ["all"],
          hide_on_pages: ["/chat*", "/pricing"],
        },
      });
      const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      try {
        const visitor = await visitorContext.newPage();
        // This visitor allows analytics: only the owner's switches keep the chat's events out.
        await visitor.addInitScript(() =>
          window.localStorage.setItem(
            "cookie-consent",
            JSON.stringify({ necessary: true, analytics: true, marketing: false, updatedAt: new Date().toISOString() }),
          ),
        );
        const launcher = visitor.getByRole("button", { name: "Chat with Tyler", exact: true });
        await visitor.goto("/pricing");
        await waitForHydration(visitor);
        // Server-rendered on every page, gone once the settings say this page hides it.
        await expect(launcher).toHaveCount(0);

        await visitor.goto("/");
        await waitForHydration(visitor);
        await expect(launcher).toHaveAttribute("data-theme", "light");
        const box = (await launcher.boundingBox())!;
        expect(box.x + box.width / 2, "bottom-left").toBeLessThan((visitor.viewportSize()?.width ?? 0) / 2);
        await launcher.click();
        const panel = visitor.getByRole("dialog", { name: "Chat with Tyler" });
        expect(await backgroundLightness(panel.locator("header")), "a light header").toBeGreaterThan(0.9);
        // Without the automatic answers only the project-inquiry question is offered...
        await expect(panel.getByRole("group", { name: "Quick questions" }).getByRole("button")).toHaveText([
          "I want to start a project",
        ]);
        // ...and a question the assistant could answer gets the owner's fallback.
        const message = panel.getByRole("textbox", { name: "Your message" });
        await message.fill("How much does a website cost?");
        await message.press("Enter");
        await expect(panel.getByTestId("chat-bot-message").nth(1)).toHaveText(fallback);
        const events = await visitor.evaluate(() => (window.dataLayer ?? []).map((e) => e.event));
        expect(events.filter((event) => event.startsWith("chat_"))).toEqual([]);
      } finally {
        await visitorContext.close();
      }
    } finally {
      await putSettings(request, original);
    }
  });

  test("a refused value shows 'Save failed', keeps what was typed, and leaving asks first", async ({
    page,
    request,
  }) => {
    await openSettings(page);
    const puts: string[] = [];
    page.on("request", (r) => r.method() === "PUT" && puts.push(r.url()));

    // Off the 100 ms steps: the input refuses it, nothing is sent.
    const delay = page.getByLabel("Response delay (ms)");
    await delay.fill("150");
    await saveButton(page).click();
    await expect(page.getByText("The response delay must be 0 to 5000 ms, in steps of 100")).toBeVisible();
    expect(await delay.evaluate((input: HTMLInputElement) => input.validity.stepMismatch)).toBe(true);
    await delay.fill("6000");
    await saveButton(page).click();
    expect(await delay.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
    expect(puts).toEqual([]);

    // A day that closes before it opens: the server refuses it and says which.
    await delay.fill("1200");
    await page.getByLabel("Wednesday Opens").fill("18:00");
    await saveButton(page).click();
    const alert = page.getByRole("alert").filter({ hasText: "Save failed" });
    await expect(alert).toBeVisible(LOADED);
    await expect(alert).toContainText("business_hours.wednesday.end: The closing time must be after the opening time");
    await expect(page.getByText("The closing time must be after the opening time", { exact: true })).toBeVisible();
    // Focus goes to the field the server named.
    await expect(page.getByLabel("Wednesday Closes")).toBeFocused();
    expect(puts).toHaveLength(1);
    await expect(page.getByLabel("Wednesday Opens")).toHaveValue("18:00");
    await expect(delay).toHaveValue("1200");
    await expect(page.getByText(SAVED)).toHaveCount(0);
    await expectNotStored(request);

    // Unsaved changes are not lost silently: another screen asks first.
    await page.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "Dashboard" }).click();
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(delay).toHaveValue("1200");
    await page.getByRole("navigation", { name: "Admin" }).first().getByRole("link", { name: "Dashboard" }).click();
    await leave.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expectNotStored(request);
  });

  test("the preview shows online or offline by the hours as typed, in the business's time zone", async ({ page }) => {
    // Monday 23 November 2026, 10:30 in Providence (15:30 UTC).
    await page.clock.setFixedTime(new Date("2026-11-23T15:30:00Z"));
    await openSettings(page);
    const state = preview(page).getByTestId("preview-state");
    const hoursOn = page.getByRole("switch", { name: "Use business hours" });
    if ((await hoursOn.getAttribute("aria-checked")) === "true") await hoursOn.click();
    await expect(state).toHaveText("Online");
    await expect(preview(page)).toContainText("Business hours are off");

    await hoursOn.click();
    // The chat's own hours (Settings, Booking below has a Monday of its own).
    const chatForm = page.getByRole("form", { name: "Chat settings" });
    await chatForm.getByRole("checkbox", { name: "Monday" }).check();
    await page.getByLabel("Monday Opens").fill("09:00");
    await page.getByLabel("Monday Closes").fill("17:00");
    await expect(state).toHaveText("Online");
    await expect(preview(page)).toContainText("It is Monday 10:30 AM EST, within today's hours");

    // Opening later than now: offline, with the offline message over the welcome.
    await page.getByLabel("Monday Opens").fill("11:00");
    await expect(state).toHaveText("Offline");
    const offline = await page.getByLabel("Offline message").inputValue();
    // The picture of the widget is inert (out of the accessibility tree): found by its markup.
    await expect(preview(page).locator("[role='note']")).toHaveText(offline);

    await page.getByLabel("Monday Opens").fill("09:00");
    await chatForm.getByRole("checkbox", { name: "Monday" }).uncheck();
    await expect(state).toHaveText("Offline");
    await expect(preview(page)).toContainText("a closed day");

    const enabled = page.getByRole("switch", { name: "Chat enabled" });
    await expect(enabled).toHaveAttribute("aria-checked", "true");
    await enabled.click();
    await expect(state).toHaveText("Chat off");
    await expect(preview(page).getByTestId("preview-widget")).toHaveCount(0);
  });

  test.describe("without a session", () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test("the screen sends the visitor to sign in, and the API answers 401", async ({ page }) => {
      await page.goto("/admin/settings");
      await expect(page).toHaveURL(/\/login\?from=%2Fadmin%2Fsettings$/, LOADED);
      expect((await page.request.get("/api/admin/chat-settings")).status()).toBe(401);
      const put = await page.request.put("/api/admin/chat-settings", { data: { settings: { enabled: false } } });
      expect(put.status()).toBe(401);
    });
  });

  test("fits a phone and has no serious accessibility problems @phone", async ({ page }) => {
    test.slow(); // axe on a long form
    await openSettings(page);
    await waitForHydration(page);
    // The sections below the chat's load their own data: axe reads them once loaded (the billing,
    // follow-up, booking, mail, retention and backup journeys leave this page's axe to this test).
    await expect(page.getByRole("form", { name: "Billing settings" })).toBeVisible(LOADED);
    await expect(page.getByTestId("follow-up-settings").getByRole("heading", { name: "Follow-ups" })).toBeVisible(
      LOADED,
    );
    const booking = page.getByTestId("booking-settings");
    await expect(booking.getByRole("button", { name: "Save Booking Settings" })).toBeVisible(LOADED);
    await expect(booking.getByTestId("meeting-type").first()).toBeVisible();
    await expect(page.getByTestId("email-delivery").getByRole("heading", { name: "E-mail delivery" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Data retention" }).getByRole("heading", { level: 2 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Backups" }).getByRole("heading", { level: 2 })).toBeVisible(LOADED);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    // With business hours on, the preview's offline note and more controls show.
    await page.getByRole("switch", { name: "Use business hours" }).click();
    await page.getByRole("radio", { name: "Light", exact: true }).check();
    await expectAccessible(page);
  });
});
