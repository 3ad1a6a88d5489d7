import { expect, test } from "./test";
import { site } from "../../app/config/site";
import { dismissCookieBanner, waitForHydration } from "./fixtures";

/**
 * The whole path of a lead that starts in the assistant: the widget starts
 * the inquiry, the full chat at /chat/{id} asks the questions, and the
 * visitor finishes with 'Inquiry Complete'.
 */
test.describe.configure({ timeout: 90_000 });

test(
  "a project started in the widget is finished in /chat/{id} up to 'Inquiry Complete'",
  { tag: "@db" },
  async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto("/pricing");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Chat with Tyler", exact: true }).click();
    const panel = page.getByRole("dialog", { name: "Chat with Tyler" });
    await expect(panel).toBeVisible();
    await panel.getByRole("textbox", { name: "Your message" }).fill("I'd like to start a project for my cafe");
    await panel.getByRole("textbox", { name: "Your message" }).press("Enter");
    const next = panel.getByRole("link", { name: "Continue in full chat" });
    await expect(next).toBeVisible();
    await next.click();
    await expect(page).toHaveURL(/\/chat\/[A-Za-z0-9_-]{16,}$/);

    const log = page.getByRole("log");
    const box = page.getByRole("textbox", { name: "Your answer" });
    const last = log.getByRole("listitem").last();
    await expect(last).toContainText("what's your name?");
    const say = async (text: string, expectNext: string) => {
      await box.fill(text);
      await box.press("Enter");
      await expect(last).toContainText(expectNext);
    };
    const pick = async (option: string, expectNext: string) => {
      await page.getByRole("button", { name: option, exact: true }).click();
      await expect(last).toContainText(expectNext);
    };
    await say("Marisol Duarte", "What's the best e-mail address");
    await say(`marisol.${Date.now()}@example.com`, "What kind of website");
    await pick("Small business", "What budget");
    await pick("$300 - $500", "When would you like the site to go live?");
    await pick("1-2 weeks", "Tell me about the project");
    await say(
      "A cafe in Pawtucket: menu, hours, and catering orders for offices nearby.",
      "anything else I should know?",
    );
    await say("We have photos from a local photographer.", "Thank you, Marisol!");

    const banner = page.getByTestId("inquiry-complete");
    await expect(banner.getByRole("heading", { name: "Inquiry Complete" })).toBeVisible();
    await expect(banner).toContainText(site.replyPromise.standard);
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  },
);
