import { expect, test, type Page } from "./test";
import { expectAccessible, expectNoHorizontalOverflow, waitForHydration, watchConsole } from "./fixtures";
import { OWNER_STATE, openSignedIn } from "./admin-fixtures";

/** docs/product/migration.md "The screen", "Migration card", "The calls" (POST /api/migrate/*). */

/** A shipped post (content/blog) that every installation starts with. */
const SHIPPED = {
  slug: "how-much-does-a-small-business-website-cost-in-rhode-island",
  title: "How Much Does a Small-Business Website Cost in Rhode Island?",
};

/** The dev server strips the CSP nonce before hydration; nothing else may be logged as an error. */
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes('nonce=""'));
const LOADED = { timeout: 20_000 };

async function openMigration(page: Page) {
  await openSignedIn(page, "/admin/migration");
  await expect(page.getByRole("heading", { name: "Content Migration", level: 1 })).toBeVisible(LOADED);
}

const card = (page: Page, name: "Portfolio Projects" | "Blog Posts") => page.getByRole("region", { name });

// The migrations share one lock on the server: these journeys take turns.
test.describe.configure({ mode: "serial", timeout: 60_000 });

test.describe("content migration", { tag: "@db" }, () => {
  // Signed in once by the setup project; the sign-in page has its own journeys.
  test.use({ storageState: OWNER_STATE });

  test("the owner loads the shipped blog posts and finds one on the public blog", async ({ page }) => {
    const errors = watchConsole(page);
    await openMigration(page);
    await expect(page.getByText("This overwrites production content")).toBeVisible();
    await expect(card(page, "Portfolio Projects").getByRole("link", { name: /View live portfolio/ })).toHaveAttribute(
      "href",
      "/projects",
    );
    await expect(card(page, "Blog Posts").getByRole("link", { name: /View live blog/ })).toHaveAttribute(
      "href",
      "/blog",
    );
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin");

    const blog = card(page, "Blog Posts");
    await blog.getByRole("button", { name: "Migrate Blog Posts" }).click();
    await expect(blog.getByRole("status")).toContainText(/Migrated \d+ blog posts \(\d+ new, \d+ updated\)/, LOADED);
    await expect(blog.getByRole("button", { name: "Migrate Blog Posts" })).toBeEnabled();

    // The public blog lists it (on whichever page its date puts it) and shows it.
    const list = await (await page.request.get("/api/posts?post_type=blog&limit=100")).json();
    const index = (list.posts as { slug: string }[]).findIndex((p) => p.slug === SHIPPED.slug);
    expect(index, "the shipped post is published").toBeGreaterThanOrEqual(0);
    const pageNumber = Math.floor(index / 10) + 1;
    await page.goto(pageNumber > 1 ? `/blog?page=${pageNumber}` : "/blog");
    await page.getByRole("link", { name: SHIPPED.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/blog/${SHIPPED.slug}$`));
    await expect(page.getByRole("heading", { name: SHIPPED.title, level: 1 })).toBeVisible();
    await expect(page.getByRole("table")).toContainText("from $75");
    expect(realErrors(errors)).toEqual([]);
  });

  test("the portfolio migration reports its counts and the projects page shows a featured project", async ({
    page,
  }) => {
    await openMigration(page);
    const portfolio = card(page, "Portfolio Projects");
    await portfolio.getByRole("button", { name: "Migrate Portfolio Projects" }).click();
    await expect(portfolio.getByRole("status")).toContainText(/Migrated \d+ portfolio projects/, LOADED);
    const list = await (await page.request.get("/api/posts?post_type=portfolio&limit=100")).json();
    expect((list.posts as { slug: string }[]).map((p) => p.slug)).toEqual(
      expect.arrayContaining(["sweet-fig-bakery", "federal-hill-trattoria"]),
    );
    await page.goto("/projects");
    await expect(page.getByText("Sweet Fig Bakery").first()).toBeVisible();
  });

  test("shows 'Starting migration...' while it runs, then the server's error or the fallback", async ({ page }) => {
    await openMigration(page);
    const blog = card(page, "Blog Posts");
    const portfolio = card(page, "Portfolio Projects");

    // Busy: the server's own message; both buttons wait while one runs.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/migrate/blog", async (route) => {
      await held;
      await route.fulfill({ status: 409, json: { error: "A migration is already running. Try again in a moment." } });
    });
    await blog.getByRole("button", { name: "Migrate Blog Posts" }).click();
    await expect(blog.getByRole("status")).toHaveText("Starting migration...");
    await expect(portfolio.getByRole("button", { name: "Migrate Portfolio Projects" })).toBeDisabled();
    release();
    await expect(blog.getByRole("status")).toHaveText("A migration is already running. Try again in a moment.");

    // No error text from the server: the fallback.
    await page.unroute("**/api/migrate/blog");
    await page.route("**/api/migrate/portfolio", (route) => route.fulfill({ status: 500, body: "" }));
    await portfolio.getByRole("button", { name: "Migrate Portfolio Projects" }).click();
    await expect(portfolio.getByRole("status")).toHaveText("Failed to migrate portfolio");

    // The server could not be reached.
    await page.route("**/api/migrate/blog", (route) => route.abort("connectionrefused"));
    await blog.getByRole("button", { name: "Migrate Blog Posts" }).click();
    await expect(blog.getByRole("status")).toContainText("Migration failed: the server could not be reached");

    // A success without a message: '{Kind} migration completed successfully!'.
    await page.unroute("**/api/migrate/blog");
    await page.route("**/api/migrate/blog", (route) => route.fulfill({ json: { success: true } }));
    await blog.getByRole("button", { name: "Migrate Blog Posts" }).click();
    await expect(blog.getByRole("status")).toHaveText("Blog migration completed successfully!");
  });

  test.describe("without a session", () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test("without a session the screen sends the visitor to sign in", async ({ page }) => {
      await page.goto("/admin/migration");
      await expect(page).toHaveURL(/\/login\?from=%2Fadmin%2Fmigration$/, LOADED);
      const res = await page.request.post("/api/migrate/blog");
      expect(res.status()).toBe(401);
    });
  });

  test("fits a phone and has no serious accessibility problems @phone", async ({ page }) => {
    await openMigration(page);
    await waitForHydration(page);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
