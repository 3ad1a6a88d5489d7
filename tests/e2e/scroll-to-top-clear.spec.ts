import { expect, test, type Page } from "./test";
import { dismissCookieBanner, expectAccessible, nextFrames, waitForHydration } from "./fixtures";
import { submitProject } from "./portal-fixtures";
import { unique } from "./admin-content-helpers";

/**
 * 11. The scroll-to-top button covered controls on a phone: the portal chat's Send, the
 * confirmation's Project ID, the guided chat's answer buttons. Each journey scrolls its page from
 * top to bottom in small steps and, at every step, reads the button, its place and the controls in
 * one frame: the button never overlaps one that is on screen, it was really asked to step aside
 * (its place over a control, past the 300 px threshold), and it is back where the place is clear.
 */
interface Step {
  y: number;
  /** The button is rendered (never rendered-but-hidden). */
  shown: boolean;
  /** The button's box overlaps one of the controls on screen. */
  covers: boolean;
  /** The button's place overlaps one of the controls on screen. */
  placeOverControl: boolean;
}

/**
 * Reads one step in the page, in one frame. A link over three times the button's size both ways (a
 * project card's picture) is not counted: the button may stand over a corner of it.
 */
function readStep(selector: string): Step {
  const overlap = (a: DOMRect, b: DOMRect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const screen = new DOMRect(0, 0, window.innerWidth, window.innerHeight);
  const place = document.querySelector("[data-scroll-to-top]");
  const button = place?.querySelector("button");
  const controls = [...document.querySelectorAll(selector)]
    .filter((element) => !element.closest("[data-scroll-to-top]"))
    .map((element) => [element, element.getBoundingClientRect()] as const)
    .filter(([element, box]) => !(element.matches("a[href]") && box.width > 132 && box.height > 132))
    .map(([, box]) => box)
    .filter((box) => box.width > 0 && box.height > 0 && overlap(box, screen));
  const placeBox = place?.getBoundingClientRect();
  const buttonBox = button?.getBoundingClientRect();
  return {
    y: Math.round(window.scrollY),
    shown: !!button,
    covers: !!buttonBox && controls.some((box) => overlap(buttonBox, box)),
    placeOverControl: !!placeBox && controls.some((box) => overlap(placeBox, box)),
  };
}

/**
 * Scrolls the whole page, `step` px at a time, and reads each position once its renders are painted.
 * The button is 44 px high and the smallest control it could cover about 24: the scroll positions at
 * which the two overlap span 68 px or more, so a step of 40 reads at least one of them.
 */
async function sweep(page: Page, selector: string, step = 40): Promise<Step[]> {
  const steps: Step[] = [];
  const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (let y = 0; y < bottom + step; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), Math.min(y, bottom));
    await nextFrames(page, 3);
    steps.push(await page.evaluate(readStep, selector));
  }
  return steps;
}

/**
 * The proof of each journey: never over a control, shown elsewhere; and on a phone, where the
 * page's controls reach the button's corner (on a laptop it stands in the margin beside them),
 * really asked to step aside at least once.
 */
function expectNeverCovers(page: Page, steps: Step[], what: string) {
  expect(
    steps.filter((s) => s.covers).map((s) => s.y),
    `scroll positions where the button covers ${what}`,
  ).toEqual([]);
  if ((page.viewportSize()?.width ?? 0) < 640)
    expect(
      steps.some((s) => s.placeOverControl && s.y > 300),
      `the page scrolls ${what} under the button's place (${steps.map((s) => `${s.y}${s.placeOverControl ? "*" : ""}`).join(" ")})`,
    ).toBe(true);
  expect(
    steps.some((s) => s.shown),
    "the button shows where its place is clear",
  ).toBe(true);
}

/** A position where the button shows, and the page is scrolled there. */
async function scrollToShownButton(page: Page, steps: Step[]) {
  const at = steps.filter((s) => s.shown).at(-1)!;
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), at.y);
  const button = page.getByRole("button", { name: "Scroll to top" });
  await expect(button).toBeVisible();
  return button;
}

test("11. the confirmation's Project ID is never under the scroll-to-top button @phone", async ({ page }, info) => {
  // A first visit: the cookie bar is still up, and the button stands above it, higher on the screen.
  await page.goto("/start-project");
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
  await page.getByLabel("Your name").fill("Tess Alvarez");
  await page.getByLabel("Email").fill(`top.${unique()}@example.com`);
  await page.getByLabel("What kind of site?").selectOption("business");
  await page.getByLabel("Budget").selectOption("300-500");
  await page.getByLabel("Timeline").selectOption("flexible");
  await page
    .getByLabel("Describe your project")
    .fill("A site for our Warren kayak rentals with prices, a map of the launch and a booking form.");
  await page.getByRole("button", { name: "Send Project Details" }).click();
  const id = page.getByTestId("project-id");
  await expect(id).toBeVisible({ timeout: 20_000 });
  // As the visitor first sees it: the button is not over the ID (nor over its copy button).
  await nextFrames(page, 3);
  expect((await page.evaluate(readStep, '[data-testid="project-id"], button')).covers).toBe(false);
  await page.screenshot({ path: info.outputPath("confirmation.png") });

  const steps = await sweep(page, '[data-testid="project-id"], main :is(a[href], button)');
  expectNeverCovers(page, steps, "the Project ID or the confirmation's buttons");
  await expectAccessible(page);
  await scrollToShownButton(page, steps);
  await expectAccessible(page);
});

test("11. in the portal's chat the scroll-to-top button covers neither Send nor the message box @phone", async ({
  page,
}, info) => {
  const projectId = await submitProject(page.request, "Milo Brandt", `top.portal.${unique()}@example.com`);
  await dismissCookieBanner(page);
  await page.goto(`/client-portal#project=${projectId}`);
  await expect(page.getByTestId("portal-project-id")).toHaveText(projectId, { timeout: 20_000 });
  const discussion = page.getByTestId("project-discussion");
  const send = discussion.getByRole("button", { name: "Send", exact: true });
  await expect(send).toBeVisible();

  const steps = await sweep(page, '[data-testid="project-discussion"] :is(button, textarea, label)');
  expectNeverCovers(page, steps, "Send or the message box");
  await expectAccessible(page);

  // Typing on a phone (the keyboard brings the box next to the corner): the button steps aside
  // wherever the box is.
  if ((page.viewportSize()?.width ?? 0) < 640) {
    const button = await scrollToShownButton(page, steps);
    await discussion.getByRole("textbox", { name: "Message" }).focus();
    await expect(button).toHaveCount(0);
    await page.screenshot({ path: info.outputPath("portal-typing.png") });
    await expectAccessible(page);
    await discussion.getByRole("textbox", { name: "Message" }).blur();
    await expect(button).toBeVisible();
  }
  await send.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath("portal-send.png") });
});

test("11. the guided chat's answer buttons are never under the scroll-to-top button @phone", async ({ page }, info) => {
  await dismissCookieBanner(page);
  await page.goto("/chat");
  await page.getByRole("button", { name: "Start Your Project Chat" }).click();
  const log = page.getByRole("log");
  await expect(log).toContainText("what's your name?", { timeout: 20_000 });
  const answer = async (text: string, next: string) => {
    await page.getByRole("textbox", { name: "Your answer" }).fill(text);
    await page.getByRole("textbox", { name: "Your answer" }).press("Enter");
    await expect(log.getByRole("listitem").last()).toContainText(next);
  };
  await answer("Ines Moura", "What's the best e-mail address");
  await answer(`top.chat.${unique()}@example.com`, "What kind of website");
  const options = page.getByRole("group", { name: "Choose an answer" }).getByRole("button");
  await expect(options).toHaveCount(7);
  // Answer buttons have the focus: the page is read without it, as a visitor scrolling would.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  const steps = await sweep(page, '[role="group"][aria-label="Choose an answer"] button');
  expectNeverCovers(page, steps, "an answer button");
  await expectAccessible(page);
  await options.last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath("guided-chat.png") });
});

test("11. on a long page the scroll-to-top button shows where it covers no link or button, and takes the visitor back up @phone", async ({
  page,
}) => {
  await dismissCookieBanner(page);
  await page.goto("/");
  await waitForHydration(page);
  const steps = await sweep(page, "a[href], button, input, select, textarea", 97);
  expect(
    steps.filter((s) => s.covers).map((s) => s.y),
    "scroll positions where the button covers a link or a button",
  ).toEqual([]);
  const button = await scrollToShownButton(page, steps);
  await expectAccessible(page);
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);
});
