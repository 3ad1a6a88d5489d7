import { expect, test } from "./test";
import { waitForHydration } from "./fixtures";

for (const [choice, analytics] of [
  ["Accept All", true],
  ["Necessary Only", false],
] as const) {
  test(`${choice} is stored, and the banner stays gone across reloads and pages`, async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: choice }).click();
    await expect(banner).toHaveCount(0);
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("cookie-consent") ?? "null"));
    expect(stored).toMatchObject({ necessary: true, analytics, marketing: false });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The stored choice is read once the page has hydrated: the banner must not come back then.
    await waitForHydration(page);
    await expect(banner).toHaveCount(0);
    await page.goto("/some-other-page");
    await expect(page.getByText("Page not found")).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
}

test("a malformed stored consent shows the banner again", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "{not json"));
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
});
