import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "./test";
import { defaultProjectName } from "~/contracts/project-terms";
import { site } from "../../app/config/site";
import type { CreateInquiryResponse, InquiryMessage } from "~/contracts/inquiries";
import { OWNER_STATE, openSignedIn } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  waitForHydration,
  watchConsole,
} from "./fixtures";

/**
 * Project Inquiries (/admin/inquiries) end to end against the real server, database and WebSocket
 * (docs/product/inquiries.md; docs/product/chat.md "The chat pages", "Chat states"): a visitor runs
 * the chat in one browser while the owner, in another, finds it by searching, follows the answers
 * live and replies; the visitor sees the reply live under the owner's first name. Also the lookup's
 * two errors, the status filter, and axe on the list and the detail. Every test makes its own
 * inquiries, named with a tag no other run shares.
 */

const LOADED = { timeout: 20_000 };
/** The list reloads itself every 10 s: a new inquiry shows within that, on a busy machine a little more. */
const LIST_REFRESH = { timeout: 25_000 };
const CHAT_PATH = /\/chat\/([A-Za-z0-9_-]{16,})$/;

/** Refused requests a journey causes on purpose (the unknown ID's 404); nothing else may be logged as an error. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.startsWith("Failed to load resource"));

/** The visible row (desktop table) or card (phone) that mentions `text`. */
const rowOf = (page: Page, text: string): Locator =>
  page
    .getByRole("row")
    .or(page.getByRole("list", { name: "Project inquiries" }).getByRole("listitem"))
    .filter({ hasText: text });

const ownerLog = (page: Page) => page.getByRole("log", { name: /^Conversation/ });
const visitorLog = (page: Page) => page.getByRole("log");
const answerBox = (page: Page) => page.getByRole("textbox", { name: "Your answer" });

async function openInquiries(page: Page, path = "/admin/inquiries") {
  await openSignedIn(page, path);
  await expect(page.getByRole("heading", { name: "Project Inquiries", level: 1 })).toBeVisible(LOADED);
}

/** A browser of its own for the visitor: no session, nothing shared with the owner's. */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: { cookies: [], origins: [] },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await dismissCookieBanner(page);
  return { context, page };
}

/** The visitor types an answer and presses Enter, then waits for the server's next message. */
async function answer(page: Page, text: string, next: string | RegExp) {
  await answerBox(page).fill(text);
  await answerBox(page).press("Enter");
  await expect(visitorLog(page).getByRole("listitem").last()).toContainText(next, LOADED);
}

async function choose(page: Page, option: string, next: string | RegExp) {
  await page.getByRole("button", { name: option, exact: true }).click();
  await expect(visitorLog(page).getByRole("listitem").last()).toContainText(next, LOADED);
}

/** An inquiry made through the chat's own API, answered as far as `answers` go. */
async function inquiryThroughApi(request: APIRequestContext, answers: string[]): Promise<string> {
  const created = await request.post("/api/inquiries/create", { data: {} });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as CreateInquiryResponse).inquiryId;
  for (const content of answers) {
    const read = await request.get(`/api/inquiries/${id}/messages`);
    const { messages } = (await read.json()) as { messages: InquiryMessage[] };
    const question = messages.filter((m) => m.message_type === "question").at(-1);
    const res = await request.post(`/api/inquiries/${id}/messages`, {
      data: {
        inquiry_id: id,
        author_type: "visitor",
        content,
        message_type: "answer",
        question_type: question?.question_type,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return id;
}

const COMPLETE = (name: string, email: string) => [
  name,
  email,
  "Portfolio",
  "$300 - $500",
  "About a month",
  "A portfolio for my ceramics studio in Bristol.",
  "That's everything",
];

test.describe("project inquiries", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });
  test.describe.configure({ timeout: 150_000 });

  test("the owner finds a visitor's chat by searching, follows it live and answers; the visitor sees the answer live", async ({
    page,
    browser,
  }) => {
    const errors = watchConsole(page);
    const t = unique();
    const name = `Rosa Quinn ${t}`;
    const email = `rosa.${t}@example.com`;

    // The owner searches before the visitor has said a word: nothing yet.
    await openInquiries(page);
    await page.getByLabel("Search inquiries").fill(t);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${t}`));
    await expect(page.getByRole("heading", { name: "No inquiries match your search or filter" })).toBeVisible(LOADED);

    // The visitor starts the chat at /chat and gives a name.
    const visitor = await visitorPage(browser);
    try {
      const chat = visitor.page;
      const visitorErrors = watchConsole(chat);
      await chat.goto("/chat");
      await waitForHydration(chat);
      await chat.getByRole("button", { name: "Start Your Project Chat" }).click();
      await expect(chat).toHaveURL(CHAT_PATH, LOADED);
      const id = CHAT_PATH.exec(new URL(chat.url()).pathname)![1]!;
      await expect(visitorLog(chat)).toContainText("what's your name?");
      await answer(chat, name, "What's the best e-mail address");

      // The owner's list refreshes by itself: the inquiry appears, active, with no reload.
      const row = rowOf(page, name);
      await expect(row).toHaveCount(1, LIST_REFRESH);
      await expect(page.getByTestId("inquiry-count")).toHaveText("1 inquiry");
      await expect(row.getByText("Active", { exact: true })).toHaveClass(/bg-yellow-100/);
      await expect(row.getByRole("link", { name: /^Live chat/ })).toHaveAttribute("href", `/chat/${id}`);

      // The search also finds it by its ID.
      await page.getByLabel("Search inquiries").fill(id);
      await expect(rowOf(page, name)).toHaveCount(1, LOADED);
      await expect(page.getByTestId("inquiry-count")).toHaveText("1 inquiry");
      await page.getByLabel("Search inquiries").fill(t);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${t}`));

      // View opens the detail at an address of its own.
      await rowOf(page, name).getByRole("button", { name: /^View/ }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]id=${id}`));
      const detail = page.getByRole("article");
      await expect(detail.getByRole("heading", { name, level: 2 })).toBeVisible(LOADED);
      await expect(detail.getByText("Active", { exact: true })).toBeVisible();
      await expect(page.getByTestId("inquiry-progress")).toHaveText("14%");
      await expect(detail.getByRole("link", { name: /^Open live chat/ })).toHaveAttribute("href", `/chat/${id}`);
      const visitorLine = ownerLog(page).locator('li[data-author="visitor"]').filter({ hasText: name });
      await expect(visitorLine.getByTestId("message-author")).toHaveText("Visitor");
      await expect(visitorLine).toContainText("Message type:answer");
      await expect(visitorLine).toContainText("Question type:name");
      const question = ownerLog(page).locator('li[data-author="admin"]').filter({ hasText: "e-mail address" });
      await expect(question.getByTestId("message-author")).toHaveText(site.owner.name);
      await expect(question).toContainText("Message type:question");
      await expect(question).toContainText("Question type:email");

      // The visitor's next answers arrive in the open detail without a reload, fields and progress too.
      await answer(chat, email, "What kind of website");
      await expect(ownerLog(page).locator('li[data-author="visitor"]').filter({ hasText: email })).toHaveCount(
        1,
        LOADED,
      );
      await expect(ownerLog(page).getByText("What kind of website")).toBeVisible();
      await expect(ownerLog(page)).toContainText("Options:Personal site, Portfolio, Small business");
      await expect(detail.getByRole("definition").filter({ hasText: email })).toBeVisible(LOADED);
      await expect(page.getByTestId("inquiry-progress")).toHaveText("29%");
      await choose(chat, "Small business", "What budget");
      await expect(
        ownerLog(page).locator('li[data-author="visitor"]').filter({ hasText: "Small business" }),
      ).toHaveCount(1, LOADED);

      // The owner answers; the visitor sees it live, under the owner's first name.
      const reply = `Hi Rosa, thanks for the details! A question about your shop hours (${t}).`;
      await detail.getByLabel(`Reply to ${name}`).fill(reply);
      await detail.getByRole("button", { name: "Send" }).click();
      await expect(detail.getByLabel(`Reply to ${name}`)).toHaveValue("");
      const ownerReply = ownerLog(page).locator('li[data-author="admin"]').filter({ hasText: reply });
      await expect(ownerReply).toHaveCount(1);
      await expect(ownerReply.getByTestId("message-author")).toHaveText(site.owner.name);
      await expect(ownerReply).toContainText("Message type:message");

      const seen = visitorLog(chat).locator('li[data-author="admin"]').filter({ hasText: reply });
      await expect(seen).toHaveCount(1, LOADED);
      await expect(seen.getByText(site.owner.firstName, { exact: true })).toBeVisible();
      // The chat goes on where it was: the budget is still asked.
      await expect(chat.getByRole("group", { name: "Choose an answer" })).toBeVisible();

      // Shift+Enter adds a line; Enter sends.
      const box = detail.getByLabel(`Reply to ${name}`);
      await box.fill("First line.");
      await box.press("Shift+Enter");
      await box.pressSequentially("Second line.");
      await box.press("Enter");
      await expect(box).toHaveValue("");
      await expect(visitorLog(chat).getByText(/^First line\.\s+Second line\.$/)).toBeVisible(LOADED);

      // A reload, or the address shared, opens the same inquiry; Back to List returns to the search.
      await page.reload();
      await waitForHydration(page);
      await expect(detail.getByRole("heading", { name, level: 2 })).toBeVisible(LOADED);
      await expect(ownerLog(page).locator('li[data-author="admin"]').filter({ hasText: reply })).toHaveCount(1);
      await page.getByRole("button", { name: "Back to List" }).click();
      await expect(page).not.toHaveURL(/[?&]id=/);
      await expect(page.getByLabel("Search inquiries")).toHaveValue(t);
      await expect(rowOf(page, name)).toHaveCount(1, LOADED);

      // The visitor finishes; the open detail shows it complete, with the lead and project it became.
      await rowOf(page, name).getByRole("button", { name: /^View/ }).click();
      await expect(detail.getByRole("heading", { name, level: 2 })).toBeVisible(LOADED);
      await choose(chat, "$500+", "When would you like the site to go live?");
      await choose(chat, "1-2 weeks", "Tell me about the project");
      await answer(chat, "A site for our flower shop in Wickford, with weekly arrangements.", "anything else");
      await chat.getByRole("group", { name: "Or pick one" }).getByRole("button", { name: "That's everything" }).click();
      await expect(chat.getByText("Thanks, that's everything I need!")).toBeVisible(LOADED);
      await expect(detail.locator("header").getByText("Completed", { exact: true })).toHaveClass(
        /bg-green-100/,
        LOADED,
      );
      await expect(page.getByTestId("inquiry-progress")).toHaveText("100%");
      const contactLink = detail.getByRole("link", { name: "Open contact" });
      await expect(contactLink).toBeVisible(LOADED);
      const projectLink = detail.getByRole("link", { name: /^Open project WBT-/ });
      await expect(projectLink).toBeVisible();
      const projectId = /WBT-\d{4}-[A-Z2-9]{6}/.exec((await projectLink.textContent()) ?? "")![0];

      await contactLink.click();
      await expect(page).toHaveURL(/\/admin\/contacts/);
      const contact = page.getByRole("dialog", { name: "Contact Details" });
      await expect(contact).toBeVisible(LOADED);
      await expect(contact).toContainText(name, LOADED);
      await expect(contact).toContainText(email);
      await page.goBack();
      await expect(detail.getByRole("heading", { name, level: 2 })).toBeVisible(LOADED);
      await detail.getByRole("link", { name: /^Open project WBT-/ }).click();
      await expect(page).toHaveURL(/\/admin\/projects/);
      const project = page.getByRole("dialog", { name: "Project Details" });
      await expect(project).toBeVisible(LOADED);
      await expect(project).toContainText(defaultProjectName(name, "small_business"), LOADED);
      await expect(project).toContainText(projectId);

      expect(unexpected(errors)).toEqual([]);
      expect(unexpected(visitorErrors)).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });

  test("a failed reply keeps the text and says so; sent again, it goes", async ({ page }) => {
    const t = unique();
    const name = `Omar Haddad ${t}`;
    const id = await inquiryThroughApi(page.request, [name]);
    await openInquiries(page, `/admin/inquiries?id=${id}`);
    const detail = page.getByRole("article");
    await expect(detail.getByRole("heading", { name, level: 2 })).toBeVisible(LOADED);

    // Nothing typed: nothing sent.
    await detail.getByRole("button", { name: "Send" }).click();
    await expect(detail.getByRole("alert")).toHaveText("Write a reply before sending.");

    await page.route(`**/api/inquiries/${id}/messages`, (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
    );
    const box = detail.getByLabel(`Reply to ${name}`);
    await box.fill(`Hello Omar (${t})`);
    await detail.getByRole("button", { name: "Send" }).click();
    await expect(detail.getByRole("alert")).toContainText("the server could not be reached");
    await expect(detail.getByRole("alert")).toContainText("Your text is kept");
    await expect(box).toHaveValue(`Hello Omar (${t})`);

    await page.unroute(`**/api/inquiries/${id}/messages`);
    await detail.getByRole("button", { name: "Send" }).click();
    await expect(box).toHaveValue("");
    await expect(detail.getByText(/Your text is kept/)).toHaveCount(0);
    await expect(
      ownerLog(page)
        .locator('li[data-author="admin"]')
        .filter({ hasText: `Hello Omar (${t})` }),
    ).toHaveCount(1);
  });

  test("the lookup opens an inquiry by its ID or chat address, and names an unknown one", async ({ page }) => {
    const errors = watchConsole(page);
    const t = unique();
    const name = `Lena Costa ${t}`;
    const id = await inquiryThroughApi(page.request, [name]);
    await openInquiries(page);
    const lookup = page.getByLabel("Inquiry ID");
    const view = page.getByRole("button", { name: "View", exact: true });

    // Blank text is not looked up.
    await expect(view).toBeDisabled();
    await lookup.fill("   ");
    await expect(view).toBeDisabled();

    // An ID that is no chat.
    await lookup.fill("AAAAAAAAAAAAAAAAAAAAAA");
    await view.click();
    await expect(page.getByRole("alert")).toHaveText("Failed to load inquiry. The chat may not exist.");
    await expect(lookup).toHaveValue("AAAAAAAAAAAAAAAAAAAAAA");
    await expect(page).not.toHaveURL(/[?&]id=/);

    // Any other failure.
    await page.route(`**/api/inquiries/${id}/messages`, (route) => route.fulfill({ status: 500, json: {} }));
    await lookup.fill(id);
    await view.click();
    await expect(page.getByRole("alert")).toHaveText("Error loading inquiry.");
    await page.unroute(`**/api/inquiries/${id}/messages`);

    // The chat's address works as well as the ID.
    await lookup.fill(`http://localhost/chat/${id}`);
    await view.click();
    await expect(page).toHaveURL(new RegExp(`[?&]id=${id}`));
    await expect(page.getByRole("article").getByRole("heading", { name, level: 2 })).toBeVisible(LOADED);

    // A shared address of a chat that does not exist says the same, with a way back.
    await openInquiries(page, "/admin/inquiries?id=AAAAAAAAAAAAAAAAAAAAAA");
    await expect(page.getByRole("alert")).toContainText("Failed to load inquiry. The chat may not exist.", LOADED);
    await page.getByRole("button", { name: "Back to List" }).click();
    await expect(page).toHaveURL(/\/admin\/inquiries$/);
    await expect(page.getByLabel("Inquiry ID")).toBeVisible();
    expect(unexpected(errors)).toEqual([]);
  });

  test("the status filter shows all, active or completed inquiries, with their count", async ({ page }) => {
    const t = unique();
    const active = `Ines Moura ${t}`;
    const completed = `Theo Park ${t}`;
    await inquiryThroughApi(page.request, [active, `ines.${t}@example.com`]);
    await inquiryThroughApi(page.request, COMPLETE(completed, `theo.${t}@example.com`));

    await openInquiries(page, `/admin/inquiries?q=${t}`);
    await expect(page.getByLabel("Search inquiries")).toHaveValue(t);
    await expect(rowOf(page, t)).toHaveCount(2, LOADED);
    await expect(page.getByTestId("inquiry-count")).toHaveText("2 inquiries");

    const status = page.getByLabel("Status");
    await status.selectOption("active");
    await expect(page).toHaveURL(/[?&]status=active/);
    await expect(rowOf(page, completed)).toHaveCount(0, LOADED);
    await expect(rowOf(page, active)).toHaveCount(1);
    await expect(rowOf(page, active).getByText("Active", { exact: true })).toHaveClass(/bg-yellow-100/);
    await expect(page.getByTestId("inquiry-count")).toHaveText("1 inquiry");

    await status.selectOption("completed");
    await expect(rowOf(page, active)).toHaveCount(0, LOADED);
    await expect(rowOf(page, completed)).toHaveCount(1);
    await expect(rowOf(page, completed).getByText("Completed", { exact: true })).toHaveClass(/bg-green-100/);
    await expect(page.getByTestId("inquiry-count")).toHaveText("1 inquiry");

    // The filter is in the address: a reload keeps it.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Status")).toHaveValue("completed");
    await expect(rowOf(page, completed)).toHaveCount(1, LOADED);

    await page.getByLabel("Status").selectOption("all");
    await expect(page).not.toHaveURL(/[?&]status=/);
    await expect(rowOf(page, t)).toHaveCount(2, LOADED);
    await expect(page.getByTestId("inquiry-count")).toHaveText("2 inquiries");
  });

  test("the list and the detail pass axe, and fit a phone @phone", async ({ page }) => {
    test.slow(); // two full-page axe runs
    const t = unique();
    const name = `Aya Tanaka ${t}`;
    const id = await inquiryThroughApi(page.request, COMPLETE(name, `aya.tanaka.${t}@example.com`));
    await openInquiries(page, `/admin/inquiries?q=${t}`);
    await expect(rowOf(page, name)).toHaveCount(1, LOADED);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    await rowOf(page, name).getByRole("button", { name: /^View/ }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]id=${id}`));
    const detail = page.getByRole("article");
    await expect(detail.getByRole("heading", { name, level: 2 })).toBeVisible(LOADED);
    await expect(ownerLog(page).getByRole("listitem")).toHaveCount(15);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    // With an error showing, too.
    await detail.getByRole("button", { name: "Send" }).click();
    await expect(detail.getByRole("alert")).toHaveText("Write a reply before sending.");
    await expectAccessible(page);
  });
});
