import { expect, test, type Locator, type Page } from "./test";
import { dismissCookieBanner, nextFrames, waitForHydration } from "./fixtures";
import { submitProject } from "./portal-fixtures";
import { unique } from "./admin-content-helpers";

/**
 * 11. On a phone the scroll-to-top button covered controls: the portal chat's Send, the
 * confirmation's Project ID, the guided chat's answer buttons. It steps aside while a field has
 * the focus and wherever a control or a needed text is under its place, and comes back when
 * the place is clear.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const scrollTop = (page: Page) => page.locator("[data-scroll-to-top]");

/** Scrolls the page so that `target` lies under the button's place (bottom 6 rem, right 1.25 rem). */
async function bringUnderButton(target: Locator) {
  await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const placeTop = window.innerHeight - 96 - 44;
    window.scrollBy(0, r.top - placeTop - Math.min(r.height, 44) / 2);
  });
}

/** The button is drawn somewhere: scrolled past 300 px with nothing needed under its place. */
async function showsWhenClear(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 400);
  });
  await nextFrames(page, 3);
}

async function overlapsButton(page: Page, target: Locator): Promise<boolean> {
  const button = scrollTop(page);
  if (!(await button.isVisible())) return false;
  const a = (await button.boundingBox())!;
  const b = (await target.boundingBox())!;
  return a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
}

test("11. the confirmation's Project ID is never under the scroll-to-top button @phone-only", async ({ page }) => {
  await dismissCookieBanner(page);
  await page.goto("/start-project");
  await waitForHydration(page);
  await page.getByLabel("Your name").fill("Tess Alvarez");
  await page.getByLabel("Email").fill(`top.${unique()}@example.com`);
  await page.getByLabel("What kind of site?").selectOption("business");
  await page.getByLabel("Budget").selectOption("300-500");
  await page.getByLabel("Timeline").selectOption("flexible");
  await page
    .getByLabel("Describe your project")
    .fill("A site for our Warren kayak rentals with prices and a booking form.");
  await page.getByRole("button", { name: "Send Project Details" }).click();
  const id = page.getByTestId("project-id");
  await expect(id).toBeVisible({ timeout: 20_000 });
  await bringUnderButton(id);
  await nextFrames(page, 3);
  expect(await overlapsButton(page, id)).toBe(false);
});

test("11. in the portal's chat the scroll-to-top button covers neither the field nor Send @phone-only", async ({
  page,
}) => {
  const projectId = await submitProject(page.request, "Milo Brandt", `top.portal.${unique()}@example.com`);
  await dismissCookieBanner(page);
  await page.goto(`/client-portal#project=${projectId}`);
  await waitForHydration(page);
  await expect(page.getByTestId("portal-project-id")).toHaveText(projectId, { timeout: 20_000 });
  const send = page.getByRole("button", { name: "Send", exact: true });
  const box = page.getByRole("textbox", { name: "Message" });
  await box.scrollIntoViewIfNeeded();

  // Typing: the button steps aside whatever is under it.
  await box.focus();
  await nextFrames(page, 3);
  await expect(scrollTop(page)).toBeHidden();

  // Not typing, Send under its place: still aside.
  await box.blur();
  await bringUnderButton(send);
  await nextFrames(page, 3);
  expect(await overlapsButton(page, send)).toBe(false);
  expect(await overlapsButton(page, box)).toBe(false);

  // A clear place: the button is there, and works.
  await showsWhenClear(page);
  await expect(scrollTop(page)).toBeVisible();
});
