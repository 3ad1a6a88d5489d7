import { expect, test, type Locator, type Page } from "./test";
import { OWNER_STATE, openSignedIn } from "./admin-fixtures";

/**
 * docs/product/admin-sign-in.md "Admin layout": every navigation entry, clicked, lands on its
 * screen, never on the public not-found page. `heading` is the screen's h1; the Inquiries and
 * Settings screens are checked for their address and an h1 only.
 */
const ENTRIES: { label: string; path: string; heading?: string }[] = [
  { label: "Dashboard", path: "/admin", heading: "Dashboard" },
  { label: "Leads", path: "/admin/contacts", heading: "Lead Management" },
  { label: "Projects", path: "/admin/projects", heading: "Projects" },
  { label: "Bookings", path: "/admin/bookings", heading: "Bookings" },
  { label: "Inquiries", path: "/admin/inquiries" },
  { label: "Portfolio", path: "/admin/portfolio", heading: "Portfolio Management" },
  { label: "Reviews", path: "/admin/reviews", heading: "Reviews" },
  { label: "Content", path: "/admin/posts", heading: "Content Management" },
  { label: "Media", path: "/admin/media", heading: "Media Library" },
  { label: "Settings", path: "/admin/settings" },
  { label: "API", path: "/admin/api", heading: "API Documentation" },
];

const LOADED = { timeout: 20_000 };

async function expectScreen(page: Page, entry: (typeof ENTRIES)[number]) {
  await expect(page).toHaveURL(new RegExp(`${entry.path}$`), LOADED);
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(entry.heading ? page.getByRole("heading", { level: 1, name: entry.heading }) : h1).toBeVisible(LOADED);
  await expect(h1).toHaveCount(1);
  await expect(page.getByText("Page not found")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveCount(0);
}

/** The entry's link, marked as the current page once it is followed. */
const current = (nav: Locator, label: string) => nav.getByRole("link", { name: label, exact: true });

test.describe("admin navigation", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });

  test("each entry of the navigation bar opens its screen", async ({ page }) => {
    await openSignedIn(page, "/admin/api");
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const entry of ENTRIES) {
      await current(nav, entry.label).click();
      await expectScreen(page, entry);
      await expect(current(nav, entry.label)).toHaveAttribute("aria-current", "page");
    }
  });

  test("each entry of the phone menu opens its screen, and the menu closes @phone-only", async ({ page }) => {
    await openSignedIn(page, "/admin/api");
    for (const entry of ENTRIES) {
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.locator("#admin-mobile-menu");
      await current(menu, entry.label).click();
      await expectScreen(page, entry);
      await expect(menu).toBeHidden();
    }
  });
});
