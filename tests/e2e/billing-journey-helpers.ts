import type { Locator, Page } from "@playwright/test";
import { site } from "~/config/site";
import { waitForHydration } from "./fixtures";
import type { OwnApp } from "./own-app";
import { expect } from "./test";

/** What the card-payment journeys share (billing-journey.spec.ts, billing-links.spec.ts). */

export const STARTER = site.pricing.tiers.find((tier) => tier.id === "starter-site")!;
export const TOTAL = STARTER.price * 100;
export const DEPOSIT = TOTAL / 2;

/** A status badge of the admin (not the "Paid" of an invoice's figures). */
export const adminBadge = (scope: Locator, text: string) =>
  scope.locator("span.rounded-full").getByText(text, { exact: true });

/** Console errors other than the ones a journey on a second origin (the stand-in's page) can log. */
export const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: .* (401|404)/.test(e) && !/socket (error|could not)/i.test(e));

/** The owner signs in on the app of its own and lands on `path` with a project's details open. */
export async function signInOwner(page: Page, app: OwnApp, path: string) {
  await page.goto(`/login?from=${encodeURIComponent(path)}`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(app.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(app.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const details = page.getByRole("dialog", { name: "Project Details" });
  await expect(details).toBeVisible({ timeout: 20_000 });
  return details;
}
