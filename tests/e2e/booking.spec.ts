import { expect, test, type Page } from "./test";
import { dismissCookieBanner, expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { unique } from "./admin-content-helpers";

/**
 * A visitor books the discovery call on /book/discovery-call (docs/product/bookings.md "The
 * booking page"): the first day with free times, its first time, the short form, the
 * confirmation with the links to move or cancel the call. On a desktop and on a 390 px phone,
 * with axe at each step and nothing wider than the screen. Other journeys book the same times
 * meanwhile: a time taken first is answered with the next free ones, and the journey takes one.
 */

// A visitor in Chicago: every time is shown in their zone, named.
test.use({ timezoneId: "America/Chicago" });
test.beforeEach(async ({ page }) => dismissCookieBanner(page));

const LOADED = { timeout: 20_000 };
const TIME = /^\d{1,2}:\d{2} [AP]M$/;

/** The calendar's first day with free times, chosen; the focus goes to its times. */
async function pickFirstFreeDay(page: Page) {
  const grid = page.getByRole("grid");
  const freeDay = grid.getByRole("button", { name: /\d+ times? free$/ }).first();
  await expect(freeDay, "a day with free times in the bookable window").toBeVisible(LOADED);
  const label = (await freeDay.getAttribute("aria-label"))!;
  await freeDay.click();
  const day = label.split(",").slice(0, 2).join(",");
  await expect(page.getByRole("heading", { name: `Free times on ${day}` })).toBeFocused();
  return day;
}

test("a visitor books the discovery call, in their own time zone @phone", async ({ page }) => {
  const errors = watchConsole(page);
  const email = `lucja.${unique()}@example.com`;
  await page.goto("/book/discovery-call");

  // The page says what the call is before any script: heading, length, who calls whom.
  await expect(page.getByRole("heading", { level: 1, name: "Book a Discovery Call" })).toBeVisible();
  await expect(page.locator("main")).toContainText("Tyler calls you at the number you give.");
  await expect(page.getByText("Times in Central Time (America/Chicago)")).toBeVisible(LOADED);
  await expect(page.getByLabel("Your time zone")).toHaveValue("America/Chicago");
  await expectNoHorizontalOverflow(page);

  await pickFirstFreeDay(page);
  await page.getByRole("button", { name: TIME }).first().click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeFocused();
  await expect(page.getByLabel("Phone")).toHaveAttribute("required", "");
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);

  await page.getByLabel("Your name").fill("Łucja Nguyễn");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(401) 555-0142");
  await page.getByLabel("What is your project about?").fill("A site for our bakery in Warwick: the menu and catering.");

  const booked = page.getByRole("heading", { name: "You're booked" });
  for (let attempt = 0; attempt < 3 && !(await booked.isVisible()); attempt++) {
    await page.getByRole("button", { name: "Book the call" }).click();
    const taken = page.getByText("That time was just taken");
    await expect(booked.or(taken)).toBeVisible(LOADED);
    if (await taken.isVisible()) {
      // Another journey took it first: one of the next free times instead, nothing typed lost.
      await expect(page.getByLabel("Your name")).toHaveValue("Łucja Nguyễn");
      await page.getByRole("alert").getByRole("button").first().click();
    }
  }

  await expect(booked).toBeFocused();
  const main = page.locator("main");
  await expect(main).toContainText("Central Time (America/Chicago)");
  await expect(main).toContainText("Tyler calls you at (401) 555-0142");
  await expect(main).toContainText(`A confirmation with a calendar invitation is on its way to ${email}`);
  await expect(page.getByRole("link", { name: "Move the call" })).toHaveAttribute("href", /^\/book\/reschedule\//);
  await expect(page.getByRole("link", { name: "Cancel the call" })).toHaveAttribute("href", /^\/book\/cancel\//);
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);

  // The cancel link opens the call, and cancels it.
  await page.getByRole("link", { name: "Cancel the call" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cancel Your Call" })).toBeVisible();
  await page.getByLabel("Anything I should know?").fill("Something came up; I'll book another day.");
  await page.getByRole("button", { name: "Cancel the call" }).click();
  await expect(page.getByRole("heading", { name: "Cancelled" })).toBeFocused(LOADED);
  await expect(page.getByRole("link", { name: "book another call" })).toHaveAttribute("href", "/book");
  await expectNoHorizontalOverflow(page);
  // A time another journey took first is answered 409, which the page shows as "That time was just
  // taken" (above); the browser logs the status of every refused request.
  expect(errors.filter((e) => !e.includes("status of 409 (Conflict)"))).toEqual([]);
});

test("the start-project link's details fill the form, and a bad link says so @phone", async ({ page }) => {
  const query = new URLSearchParams({
    name: "Łucja Nguyễn",
    email: "lucja@example.com",
    phone: "(401) 555-0142",
    about: "A site for our bakery in Warwick",
    project: "WBT-2027-7KQ4MZ",
  });
  await page.goto(`/book/discovery-call?${query}`);
  // The personal details leave the address bar once read; the Project ID stays.
  await expect(page).toHaveURL(/\/book\/discovery-call\?project=WBT-2027-7KQ4MZ$/, LOADED);
  await pickFirstFreeDay(page);
  await page.getByRole("button", { name: TIME }).first().click();
  await expect(page.getByLabel("Your name")).toHaveValue("Łucja Nguyễn");
  await expect(page.getByLabel("Email")).toHaveValue("lucja@example.com");
  await expect(page.getByLabel("Phone")).toHaveValue("(401) 555-0142");
  await expect(page.getByLabel("What is your project about?")).toHaveValue("A site for our bakery in Warwick");

  await page.goto("/book/reschedule/1.r.not-a-real-token-at-all");
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible(LOADED);
  await expect(page.getByRole("link", { name: "Book a call" })).toHaveAttribute("href", "/book");
  await expectAccessible(page);
});
