import { expect, test, type Page } from "./test";
import { defaultProjectName } from "~/contracts/project-terms";
import { site } from "../../app/config/site";
import { queryAppDb } from "./db";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  waitForHydration,
  watchConsole,
} from "./fixtures";

/**
 * The guided inquiry chat (docs/product/chat.md "The guided inquiry chat") against the real server,
 * database and WebSocket. Every test starts its own inquiry.
 */
// Whole conversations, each several round trips: more room than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const CHAT_PATH = /\/chat\/([A-Za-z0-9_-]{16,})$/;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const log = (page: Page) => page.getByRole("log");
const answerBox = (page: Page) => page.getByRole("textbox", { name: "Your answer" });
const progress = (page: Page) => page.getByRole("progressbar");

/**
 * Console errors that are not the chat's: React's development build reports the
 * CSP nonce of server-rendered pages as a hydration difference (browsers hide
 * nonce attributes); the production build does not check attributes.
 */
const devNonceNoise = (text: string) => /hydrat/i.test(text) && /nonce=/.test(text);
const chatErrors = (errors: string[]) => errors.filter((text) => !devNonceNoise(text));
/** Chrome also reports every 404 answer as a console error; the unknown-id journey expects exactly that one. */
const realErrors = (errors: string[]) => chatErrors(errors).filter((text) => !/status of 404/.test(text));

async function open(page: Page, path: string) {
  await dismissCookieBanner(page);
  await page.goto(path);
  await waitForHydration(page);
}

/** Opens /chat, presses the button and waits for the first question at /chat/{id}. */
async function startFromLanding(page: Page): Promise<string> {
  await open(page, "/chat");
  await page.getByRole("button", { name: "Start Your Project Chat" }).click();
  await expect(page).toHaveURL(CHAT_PATH);
  await expect(log(page)).toContainText("what's your name?");
  return CHAT_PATH.exec(new URL(page.url()).pathname)![1]!;
}

/** Types an answer and presses Enter, then waits for the server's next message. */
async function answer(page: Page, text: string, next: string | RegExp) {
  await answerBox(page).fill(text);
  await answerBox(page).press("Enter");
  await expect(log(page).getByRole("listitem").last()).toContainText(next);
}

async function choose(page: Page, option: string, next: string | RegExp) {
  await page.getByRole("button", { name: option, exact: true }).click();
  await expect(log(page).getByRole("listitem").last()).toContainText(next);
}

/** The visitor's messages as shown, in order. */
const visitorMessages = (page: Page) =>
  log(page).locator('li[data-author="visitor"] [data-testid="message-content"]').allInnerTexts();

async function messageTexts(page: Page): Promise<string[]> {
  return log(page).getByRole("listitem").allInnerTexts();
}

test(
  "from /chat a visitor answers every question, is re-asked a bad e-mail and sees the inquiry complete @phone",
  { tag: "@db" },
  async ({ page }) => {
    const errors = watchConsole(page);
    const email = `chat.${unique()}@example.com`;
    const id = await startFromLanding(page);
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "0");
    // The answer box takes focus once the chat opens (the start button is gone).
    await expect(answerBox(page)).toBeFocused();

    // Whitespace is never sent.
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api/inquiries/${id}/messages`)) posts++;
    });
    await answerBox(page).fill("   ");
    await answerBox(page).press("Enter");
    // The dimmed (aria-disabled) Send button does nothing either.
    await page.getByRole("button", { name: "Send", exact: true }).click({ force: true });
    expect(posts).toBe(0);

    await answer(page, "Dana Pires", "What's the best e-mail address");
    await expect(progress(page)).not.toHaveAttribute("aria-valuenow", "0");
    await answer(page, "dana@", "doesn't look like an e-mail address");
    await answer(page, email, "What kind of website");

    // A choice question: only the option buttons show.
    await expect(answerBox(page)).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Choose an answer" }).getByRole("button")).toHaveCount(7);
    await expectNoHorizontalOverflow(page);
    await choose(page, "Small business", "What budget");
    await choose(page, "$150 - $300", "When would you like the site to go live?");
    await choose(page, "About a month", "Tell me about the project");

    // Shift+Enter adds a line; Enter sends the whole description.
    await answerBox(page).fill("A site for our bakery on Hope Street.");
    await answerBox(page).press("Shift+Enter");
    await answerBox(page).pressSequentially("Menu, hours and catering requests.");
    await expect(answerBox(page)).toHaveValue(
      "A site for our bakery on Hope Street.\nMenu, hours and catering requests.",
    );
    await answerBox(page).press("Enter");
    await expect(log(page).getByRole("listitem").last()).toContainText("anything else I should know?");

    // 'additional' keeps the box, with its option as a secondary choice.
    await expect(answerBox(page)).toBeVisible();
    await page.getByRole("group", { name: "Or pick one" }).getByRole("button", { name: "That's everything" }).click();

    await expect(page.getByText("Thanks, that's everything I need!")).toBeVisible();
    await expect(answerBox(page)).toHaveCount(0);
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "100");
    const banner = page.getByTestId("inquiry-complete");
    await expect(banner.getByRole("heading", { name: "Inquiry Complete" })).toBeVisible();
    await expect(banner).toContainText(site.replyPromise.standard);
    await expect(banner.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    await expect(banner.getByRole("link", { name: site.phone.display })).toHaveAttribute(
      "href",
      `tel:${site.phone.e164}`,
    );
    await expect(page.getByTestId("chat-id")).toHaveText(id);
    await expect(page.getByText("Bookmark this page to continue later")).toBeVisible();
    await expect(page.getByRole("link", { name: `/chat/${id}` })).toHaveAttribute("href", `/chat/${id}`);
    await expectNoHorizontalOverflow(page);

    // Each answer shows once, although it came both in the POST answer and over the socket.
    expect(await visitorMessages(page)).toEqual([
      "Dana Pires",
      "dana@",
      email,
      "Small business",
      "$150 - $300",
      "About a month",
      "A site for our bakery on Hope Street.\nMenu, hours and catering requests.",
      "That's everything",
    ]);

    const [stored] = await queryAppDb(
      "select status, visitor_name, visitor_email, budget, timeline from inquiries where id = $1",
      [id],
    );
    expect(stored).toEqual({
      status: "completed",
      visitor_name: "Dana Pires",
      visitor_email: email,
      budget: "150-300",
      timeline: "1month",
    });

    // Coming back to a completed chat shows the banner at once and no input.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Inquiry Complete" })).toBeVisible();
    await expect(page.getByText("Thanks, that's everything I need!")).toBeVisible();
    await expect(answerBox(page)).toHaveCount(0);
    await expectAccessible(page);

    // The inquiry became a project: the banner's Project ID opens it in the client portal.
    const [linked] = await queryAppDb<{ project_id: string }>("select project_id from inquiries where id = $1", [id]);
    const projectId = linked!.project_id;
    expect(projectId).toMatch(/^WBT-\d{4}-[A-Z2-9]{6}$/);
    await expect(log(page).getByRole("listitem").filter({ hasText: projectId })).toHaveCount(1);
    const projectLink = page.getByTestId("inquiry-project-id");
    await expect(projectLink).toHaveText(projectId);
    await expect(
      page.getByTestId("inquiry-complete").getByRole("link", { name: "Access Client Portal" }),
    ).toBeVisible();
    await projectLink.click();
    await expect(page).toHaveURL(/\/client-portal$/);
    await expect(page.getByTestId("portal-project-id")).toHaveText(projectId);
    const project = page.getByRole("article");
    await expect(
      page.getByRole("heading", { level: 2, name: defaultProjectName("Dana Pires", "small_business") }),
    ).toBeFocused();
    await expect(project.getByText("Submitted").first()).toBeVisible();
    await expect(project.getByText("$150 - $300")).toBeVisible();
    await expect(project.getByText("About a month")).toBeVisible();
    await expect(project.getByText(/bakery on Hope Street/)).toBeVisible();
    expect(chatErrors(errors)).toEqual([]);
  },
);

test("reloading mid-way keeps the conversation and carries on where it stopped", { tag: "@db" }, async ({ page }) => {
  const errors = watchConsole(page);
  const id = await startFromLanding(page);
  await answer(page, "Luis Mendes", "What's the best e-mail address");
  await answer(page, `luis.${unique()}@example.com`, "What kind of website");
  const before = await messageTexts(page);

  await page.reload();
  await waitForHydration(page);
  await expect(page).toHaveURL(new RegExp(`/chat/${id}$`));
  await expect(log(page).getByRole("listitem")).toHaveCount(before.length);
  expect(await messageTexts(page)).toEqual(before);
  await expect(page.getByRole("heading", { level: 1, name: "Your Project Chat" })).toBeVisible();

  await choose(page, "Portfolio", "What budget");
  await expect(log(page).getByRole("listitem")).toHaveCount(before.length + 2);
  expect(chatErrors(errors)).toEqual([]);
});

test("an unknown chat id starts a new inquiry and rewrites the address", { tag: "@db" }, async ({ page }) => {
  const errors = watchConsole(page);
  await open(page, "/chat/not-a-real-id");
  await expect(page).toHaveURL(CHAT_PATH);
  const id = CHAT_PATH.exec(new URL(page.url()).pathname)![1]!;
  expect(id).not.toBe("not-a-real-id");
  await expect(log(page)).toContainText("what's your name?");
  await expect(log(page).getByRole("listitem")).toHaveCount(1);
  await answer(page, "Ana Souza", "What's the best e-mail address");

  const [row] = await queryAppDb("select count(*)::int as messages from inquiry_messages where inquiry_id = $1", [id]);
  expect(row).toEqual({ messages: 3 });
  expect(realErrors(errors)).toEqual([]);
});

test(
  "a second page on the same chat sees each answer arrive live, exactly once",
  { tag: "@db" },
  async ({ page, context }) => {
    const id = await startFromLanding(page);
    const other = await context.newPage();
    const frames: string[] = [];
    other.on("websocket", (socket) => socket.on("framereceived", (frame) => frames.push(String(frame.payload))));
    let loads = 0;
    other.on("response", (response) => {
      if (response.request().method() === "GET" && response.url().endsWith(`/api/inquiries/${id}/messages`)) loads++;
    });
    await other.goto(`/chat/${id}`);
    await waitForHydration(other);
    await expect(log(other)).toContainText("what's your name?");
    // The second load comes when its socket has opened.
    await expect.poll(() => loads).toBeGreaterThanOrEqual(2);

    await answer(page, "Maya Costa", "What's the best e-mail address");
    await expect(log(other).getByRole("listitem").last()).toContainText("What's the best e-mail address");
    await expect(log(other).getByText("Maya Costa", { exact: true })).toHaveCount(1);
    expect(frames.some((frame) => frame.includes('"new_message"') && frame.includes("Maya Costa"))).toBe(true);
    await expect(progress(other)).not.toHaveAttribute("aria-valuenow", "0");

    // And the other way round: an answer given on the second page reaches the first.
    await answer(other, `maya.${unique()}@example.com`, "What kind of website");
    await expect(log(page).getByRole("listitem").last()).toContainText("What kind of website");
    await expect(page.getByRole("group", { name: "Choose an answer" })).toBeVisible();
    expect(await visitorMessages(page)).toEqual(await visitorMessages(other));
    await other.close();
  },
);

test("a failed send keeps the typed answer in the box and tells the visitor", { tag: "@db" }, async ({ page }) => {
  const id = await startFromLanding(page);
  const warnings: string[] = [];
  page.on("console", (message) => message.type() === "warning" && warnings.push(message.text()));
  await page.route(`**/api/inquiries/${id}/messages`, (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
  );
  await answerBox(page).fill("Priya Nair");
  await answerBox(page).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Your answer wasn't sent." })).toBeVisible();
  await expect(answerBox(page)).toHaveValue("Priya Nair");
  expect(warnings.some((text) => text.includes("Could not send the inquiry answer"))).toBe(true);

  await page.unroute(`**/api/inquiries/${id}/messages`);
  await answerBox(page).press("Enter");
  await expect(log(page).getByRole("listitem").last()).toContainText("What's the best e-mail address");
  await expect(answerBox(page)).toHaveValue("");
  await expect(page.getByText("Your answer wasn't sent.")).toHaveCount(0);
});

test("/chat is indexable and /chat/{id} is not", { tag: "@db" }, async ({ request }) => {
  const landing = await (await request.get("/chat")).text();
  expect(landing).toMatch(/<meta name="robots" content="index, follow"/);
  expect(landing).toContain("Start Your Project Chat");
  const chat = await request.get("/chat/some-chat-id");
  expect(chat.status()).toBe(200);
  expect(await chat.text()).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/chat<\/loc>/);
  expect(sitemap).not.toMatch(/\/chat\/[^<]+<\/loc>/);
});

test("the chat pages pass axe, before, during and after the chat @phone", { tag: "@db" }, async ({ page }) => {
  await open(page, "/chat");
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
  await page.getByRole("button", { name: "Start Your Project Chat" }).click();
  await expect(page).toHaveURL(CHAT_PATH);
  await expect(answerBox(page)).toBeVisible();
  await expectAccessible(page);

  const id = CHAT_PATH.exec(new URL(page.url()).pathname)![1]!;
  await open(page, `/chat/${id}`);
  await expect(answerBox(page)).toBeVisible();
  await answer(page, "Noor Haddad", "What's the best e-mail address");
  await answer(page, `noor.${unique()}@example.com`, "What kind of website");
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
});
