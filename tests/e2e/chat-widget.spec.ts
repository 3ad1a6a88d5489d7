import { expect, test, type Page } from "./test";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  waitForHydration,
  watchConsole,
} from "./fixtures";

/**
 * The floating assistant (docs/product/chat.md "The assistant widget", "Widget states",
 * "Sending and answering", "Reading the settings").
 */
const EMAIL = "hello@websitesbytyler.com";
const DEFAULT_WELCOME =
  "Hi! I'm here to help answer questions about web design services or help you start a project inquiry. What can I help you with?";

const launcher = (page: Page) => page.getByRole("button", { name: "Chat with Tyler", exact: true });
const panel = (page: Page) => page.getByRole("dialog", { name: "Chat with Tyler" });
const botMessages = (page: Page) => panel(page).getByTestId("chat-bot-message");
const userMessages = (page: Page) => panel(page).getByTestId("chat-user-message");
const quickQuestions = (page: Page) => panel(page).getByRole("group", { name: "Quick questions" });
const messageBox = (page: Page) => panel(page).getByRole("textbox", { name: "Your message" });

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function visit(page: Page, path = "/") {
  await page.goto(path);
  await waitForHydration(page);
}

async function openChat(page: Page) {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
}

test.describe("with consent stored", { tag: "@db" }, () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test("the launcher is in the first paint of home and a city page @phone", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    expect(html, "launcher server-rendered").toContain("Chat with");
    await visit(page, "/");
    await expect(launcher(page)).toBeVisible();
    await visit(page, "/providence-web-design");
    await expect(launcher(page)).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
  });

  test("welcomes with the configured text and answers a quick question and a typed one", async ({ page, request }) => {
    const errors = watchConsole(page);
    const response = await request.get("/api/chat-settings");
    const settings = response.ok()
      ? (
          (await response.json()) as {
            settings: { welcome_message: string; auto_responses: { response_delay: number } };
          }
        ).settings
      : null;
    const delay = settings?.auto_responses.response_delay ?? 800;
    // The page's clock is driven by the test, so the reply delay is stepped through exactly.
    await page.clock.install();
    await visit(page);
    await openChat(page);
    await expect(botMessages(page).first()).toHaveText(settings?.welcome_message || DEFAULT_WELCOME);
    await expect(quickQuestions(page).getByRole("button")).toHaveCount(5);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    await quickQuestions(page).getByRole("button", { name: "How much does a website cost?" }).click();
    await expect(userMessages(page)).toHaveText(["How much does a website cost?"]);
    await expect(quickQuestions(page)).toHaveCount(0);
    await expect(messageBox(page), "focus stays in the chat").toBeFocused();
    // The typing indicator shows first, and sending is blocked while the reply is pending.
    await expect(panel(page).getByTestId("chat-typing")).toBeVisible();
    await messageBox(page).fill("hello?");
    await expect(panel(page).getByRole("button", { name: "Send" })).toBeDisabled();
    await messageBox(page).press("Enter");
    await expect(userMessages(page)).toHaveCount(1);
    await expect(botMessages(page)).toHaveCount(1);

    await page.clock.runFor(delay);
    await expect(botMessages(page).nth(1)).toContainText("Projects start at $75");
    await expect(panel(page).getByRole("link", { name: "See pricing" })).toHaveAttribute("href", "/pricing");
    await expect(panel(page).getByTestId("chat-typing")).toBeVisible();
    await page.clock.runFor(500);
    await expect(botMessages(page)).toHaveCount(3);
    await expect(panel(page).getByTestId("chat-typing")).toHaveCount(0);
    await expect(userMessages(page)).toHaveCount(1);

    await messageBox(page).fill("And what are your prices for a small business?");
    await messageBox(page).press("Enter");
    await expect(userMessages(page).nth(1)).toHaveText("And what are your prices for a small business?");
    await expect(messageBox(page)).toHaveValue("");
    await expect(panel(page).getByTestId("chat-typing")).toBeVisible();
    await page.clock.runFor(delay);
    await expect(botMessages(page).nth(3)).toContainText("Projects start at $75");
    await expect(quickQuestions(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("blank messages are not sent, and Shift+Enter adds a line", async ({ page }) => {
    await visit(page);
    await openChat(page);
    const box = messageBox(page);
    await expect(box).toBeFocused();
    await box.press("Enter");
    await box.fill("   \n  ");
    await box.press("Enter");
    await expect(panel(page).getByRole("button", { name: "Send" })).toBeDisabled();
    await expect(userMessages(page)).toHaveCount(0);
    await expect(quickQuestions(page)).toBeVisible();

    await box.fill("");
    await box.pressSequentially("Line one");
    await box.press("Shift+Enter");
    await box.pressSequentially("Line two");
    await expect(box).toHaveValue("Line one\nLine two");
    await expect(userMessages(page)).toHaveCount(0);
    await box.press("Enter");
    await expect(userMessages(page)).toHaveCount(1);
    expect(await userMessages(page).first().textContent()).toBe("Line one\nLine two");
    // Nothing matches: the fallback gives the phone number.
    await expect(botMessages(page).nth(1)).toContainText("(401) 555-0142");
  });

  test("minimizes to a bar, restores, and Escape closes with focus back on the launcher", async ({ page }) => {
    await visit(page);
    await openChat(page);
    await expect(page.getByRole("region", { name: /Chat with Tyler \(minimized\)/ })).toHaveCount(0);
    await panel(page).getByRole("button", { name: "Minimize chat" }).click();
    await expect(panel(page)).toHaveCount(0);
    await expect(launcher(page)).toHaveCount(0);
    const restore = page.getByRole("button", { name: /^Restore Chat with Tyler/ });
    await expect(restore).toBeFocused();
    await restore.click();
    await expect(panel(page)).toBeVisible();
    await expect(messageBox(page)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel(page)).toHaveCount(0);
    await expect(launcher(page)).toBeFocused();
    // The page around the panel stays usable while it is open (not modal).
    await openChat(page);
    await page.getByRole("link", { name: "See My Work" }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(panel(page)).toBeVisible();
  });

  test("the conversation survives navigating by a header link and a reload", async ({ page }) => {
    await visit(page);
    await openChat(page);
    await quickQuestions(page).getByRole("button", { name: "How long does it take?" }).click();
    await expect(botMessages(page).nth(1)).toContainText("1-3 weeks");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(panel(page)).toBeVisible();
    await expect(userMessages(page)).toHaveText(["How long does it take?"]);
    await expect(botMessages(page).nth(1)).toContainText("1-3 weeks");

    // Minimized stays minimized across navigation too.
    await panel(page).getByRole("button", { name: "Minimize chat" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("button", { name: /^Restore Chat with Tyler/ })).toBeVisible();

    await page.reload();
    await waitForHydration(page);
    await openChat(page);
    await expect(userMessages(page)).toHaveText(["How long does it take?"]);
    await expect(botMessages(page).nth(1)).toContainText("1-3 weeks");
    await expect(quickQuestions(page)).toHaveCount(0);
  });

  test("malformed stored data starts a fresh conversation", async ({ page }) => {
    await page.addInitScript(() => window.sessionStorage.setItem("assistant-chat-v1", "{broken"));
    await visit(page);
    await openChat(page);
    await expect(quickQuestions(page)).toBeVisible();
    await expect(userMessages(page)).toHaveCount(0);
  });

  test("'I want to start a project' opens the guided chat", async ({ page }) => {
    const errors = watchConsole(page);
    await visit(page, "/providence-web-design?utm_source=e2e-chat-widget");
    await openChat(page);
    const created = page.waitForRequest((r) => r.url().endsWith("/api/inquiries/create"));
    await quickQuestions(page).getByRole("button", { name: "I want to start a project" }).click();
    const request = await created;
    expect(request.method()).toBe("POST");
    expect(request.headers()["content-type"]).toBe("application/json");
    expect(request.postDataJSON()).toMatchObject({
      attribution: { landing_page: "/providence-web-design?utm_source=e2e-chat-widget", utm_source: "e2e-chat-widget" },
    });
    const response = await request.response();
    expect(response?.status()).toBe(201);
    const id = ((await response!.json()) as { inquiryId: string }).inquiryId;
    await expect(botMessages(page).last()).toContainText("guided project chat is ready");
    const continueLink = panel(page).getByRole("link", { name: "Continue in full chat" });
    await expect(continueLink).toHaveAttribute("href", `/chat/${id}`);
    await expect(continueLink).toBeFocused();
    await expect(messageBox(page)).toHaveCount(0);
    await continueLink.click();
    await expect(page).toHaveURL(new RegExp(`/chat/${id}$`));
    expect(errors).toEqual([]);
  });

  test("a failed inquiry start gives the e-mail address and keeps the input", async ({ page }) => {
    // Stubs the network only: the server answers 500.
    await page.route("**/api/inquiries/create", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Server error" }) }),
    );
    await visit(page);
    await openChat(page);
    await messageBox(page).fill("Can we START a new PROJECT?");
    await messageBox(page).press("Enter");
    await expect(botMessages(page).nth(1)).toHaveText(
      `Sorry, there was an issue starting the project inquiry. You can also email me directly at ${EMAIL}`,
    );
    await expect(panel(page).getByRole("link", { name: "Continue in full chat" })).toHaveCount(0);
    await expect(messageBox(page)).toBeVisible();
    await expect(messageBox(page)).toBeEditable();
  });

  test("the open panel has no serious accessibility violations", async ({ page }) => {
    test.slow(); // two full-page axe runs
    await visit(page);
    await openChat(page);
    await expectAccessible(page);
    await quickQuestions(page).getByRole("button", { name: "What's included?" }).click();
    await expect(panel(page).getByRole("link", { name: "What's included" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the scroll-to-top button and the open panel don't overlap", async ({ page }) => {
    await visit(page);
    await page.mouse.wheel(0, 1500);
    const scrollTop = page.getByRole("button", { name: "Scroll to top" });
    await expect(scrollTop).toBeVisible();
    await openChat(page);
    // Beside the open panel the button's place is another spot of the page, which may fall on a
    // link of the featured projects (other journeys publish some): it shows once the page is
    // scrolled where that spot is clear.
    await expect
      .poll(async () => {
        if (await scrollTop.isVisible()) return true;
        await page.mouse.wheel(0, 120);
        return false;
      })
      .toBe(true);
    // Both boxes read in one frame, polled: the button steps aside as the panel opens.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Scroll to top");
            const dialog = document.querySelector('[role="dialog"]');
            if (!button || !dialog) return null;
            const [a, b] = [button.getBoundingClientRect(), dialog.getBoundingClientRect()];
            return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          }),
        { message: "the scroll-to-top button and the panel overlap" },
      )
      .toBe(false);
    await scrollTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("chat events reach analytics when analytics is allowed", async ({ page }) => {
    await page.addInitScript(() =>
      window.localStorage.setItem(
        "cookie-consent",
        JSON.stringify({ necessary: true, analytics: true, marketing: false, updatedAt: new Date().toISOString() }),
      ),
    );
    await visit(page);
    await openChat(page);
    await quickQuestions(page).getByRole("button", { name: "Do you work with businesses near me?" }).click();
    await expect(botMessages(page).nth(1)).toContainText("Providence");
    const events = await page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event));
    expect(events).toEqual(expect.arrayContaining(["chat_open", "chat_message"]));
  });

  test("fits a 390 px phone and stays usable @phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page);
    await openChat(page);
    const box = (await panel(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.width, "fills most of the width").toBeGreaterThan(390 * 0.9);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await expectNoHorizontalOverflow(page);
    await quickQuestions(page).getByRole("button", { name: "What's included?" }).click();
    await expect(botMessages(page).nth(1)).toContainText("custom design");
    await messageBox(page).fill("Do you build online stores?");
    await panel(page).getByRole("button", { name: "Send" }).click();
    await expect(botMessages(page).last()).toContainText("Shopify");
    await panel(page).getByRole("button", { name: "Close chat" }).click();
    await expect(launcher(page)).toBeVisible();
  });
});

test.describe("with the cookie banner showing", { tag: "@db" }, () => {
  test("the chat never covers the banner's buttons @phone", async ({ page }) => {
    await visit(page);
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    // On phones the banner spans the width and the launcher waits under it; wider, both show.
    if ((page.viewportSize()?.width ?? 0) >= 640) {
      await openChat(page);
      expect(intersects((await banner.boundingBox())!, (await panel(page).boundingBox())!), "overlap").toBe(false);
      await expect(messageBox(page)).toBeVisible();
    }
    // Clicking checks the button is the topmost element at its spot.
    await banner.getByRole("button", { name: "Necessary Only" }).click();
    await expect(banner).toHaveCount(0);
    await expect(launcher(page).or(panel(page))).toBeVisible();
  });

  test("a narrow window lifts the open panel above the banner", async ({ page }) => {
    await page.setViewportSize({ width: 760, height: 800 });
    await visit(page);
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await openChat(page);
    const a = (await banner.boundingBox())!;
    const b = (await panel(page).boundingBox())!;
    expect(b.y + b.height).toBeLessThanOrEqual(a.y);
    await messageBox(page).fill("Is hosting included?");
    await messageBox(page).press("Enter");
    await expect(botMessages(page).nth(1)).toContainText("CDN");
    await banner.getByRole("button", { name: "Accept All" }).click();
    await expect(banner).toHaveCount(0);
  });
});
