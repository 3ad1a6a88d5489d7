import { expect, test } from "./test";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole, waitForHydration } from "./fixtures";
import { ADMIN, signIn } from "./admin-fixtures";

test.describe("admin sign-in", { tag: "@db" }, () => {
  test("an address in /admin sends a stranger to /login and back there after signing in", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/admin/contacts?view=submissions");
    await expect(page).toHaveURL(/\/login\?from=%2Fadmin%2Fcontacts%3Fview%3Dsubmissions$/);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByText("Sign in to access the admin dashboard")).toBeVisible();
    await expect(page.getByText("Need access? Contact the site administrator to get login credentials.")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    // What was typed stays.
    await expect(page.getByLabel("Email")).toHaveValue(ADMIN.email);

    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/contacts\?view=submissions$/);
    await expect(page.getByTestId("admin-email")).toHaveText(ADMIN.email);
    expect(errors.filter((e) => !e.includes("401"))).toEqual([]);
  });

  test("a signed-in owner opening /login goes to the dashboard; Logout closes /admin", async ({ page }) => {
    await signIn(page);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("auth-token"))).toBeNull();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?from=%2Fadmin$/);
  });

  test("a revoked token is sent back to /login", async ({ page }) => {
    await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem("auth-token"));
    await page.request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login/);
  });

  test("the navigation lists every admin area, with View Site", async ({ page }) => {
    await signIn(page);
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const label of [
      "Dashboard",
      "Analytics",
      "Leads",
      "Projects",
      "Inquiries",
      "Portfolio",
      "Content",
      "Media",
      "Settings",
      "API",
    ])
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "View Site" })).toHaveAttribute("href", "/");
  });

  test("the mobile menu mirrors the navigation @phone-only", async ({ page }) => {
    await signIn(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#admin-mobile-menu");
    await expect(menu.getByRole("link", { name: "Leads" })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await menu.getByRole("link", { name: "Leads" }).click();
    await expect(page).toHaveURL(/\/admin\/contacts$/);
  });

  test("/login works on a phone @phone", async ({ page }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
