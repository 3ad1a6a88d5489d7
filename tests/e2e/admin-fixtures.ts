import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";

/** The owner account of the test server (tests/support/e2e-server.mjs), or of a dev server via env. */
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? "owner@websitesbytyler.test",
  password: process.env.E2E_ADMIN_PASSWORD ?? "journeys-password-2026",
};

/** Signs in through the real /login page and lands on `path` (default the dashboard). */
export async function signIn(page: Page, path = "/admin") {
  await page.goto(`/login?from=${encodeURIComponent(path)}`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
}

/** A bearer token for arranging data through the API. */
export async function apiToken(page: Page): Promise<string> {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}
