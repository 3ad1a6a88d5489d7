import { expect, test } from "./test";
import { signIn } from "./admin-fixtures";

/**
 * 17. The known-device cookie in a real browser (docs/decisions/034-owner-device-lane.md): the
 * first sign-in sets it, script on the page cannot read it, and the next sign-in in the same
 * browser sends it back and gets it renewed for the same device.
 */
const DEVICE_COOKIE = "admin_device";

test.describe("17. the owner's browser is recognised at the next sign-in", { tag: "@db" }, () => {
  test("17. a second sign-in in the same browser sends the HttpOnly device cookie the first one set", async ({
    page,
    context,
  }) => {
    await signIn(page);
    const first = (await context.cookies()).find((c) => c.name === DEVICE_COOKIE);
    expect(first).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
    // The journeys' server is http: a Secure cookie would never be sent back.
    expect(first!.secure).toBe(false);
    expect(first!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 60 * 60);
    expect(await page.evaluate(() => document.cookie)).not.toContain(DEVICE_COOKIE);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const request = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/auth/login"));
    await signIn(page);
    expect((await (await request).allHeaders()).cookie).toContain(`${DEVICE_COOKIE}=${first!.value}`);

    const renewed = (await context.cookies()).find((c) => c.name === DEVICE_COOKIE);
    expect(renewed!.value.split(".")[1]).toBe(first!.value.split(".")[1]);
    expect(renewed!.expires).toBeGreaterThanOrEqual(first!.expires);
  });
});
