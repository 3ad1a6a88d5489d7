import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { Contact } from "~/contracts/contacts";
import type { ProjectDetail } from "~/contracts/projects";
import { AUTH_TOKEN_KEY } from "../../app/lib/admin/session";
import { waitForHydration } from "./fixtures";

/** The owner account of the test server (tests/support/e2e-server.mjs), or of a dev server via env. */
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? "owner@websitesbytyler.test",
  password: process.env.E2E_ADMIN_PASSWORD ?? "journeys-password-2026",
};

/**
 * The owner's signed-in browser state, saved once per run by auth.setup.ts after a real
 * sign-in on /login. Back-office journeys start from it (`test.use({ storageState: OWNER_STATE })`)
 * instead of signing in again: the password check is slow on purpose.
 */
export const OWNER_STATE = join(tmpdir(), `wbt-e2e-${process.env.E2E_PORT ?? "4173"}-owner.json`);

/** Signs in through the real /login page and lands on `path` (default the dashboard). */
export async function signIn(page: Page, path = "/admin") {
  await page.goto(`/login?from=${encodeURIComponent(path)}`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(urlEnding(path));
}

/** Opens `path` in the back office with the saved session of OWNER_STATE. */
export async function openSignedIn(page: Page, path = "/admin") {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page).toHaveURL(urlEnding(path));
}

/** The saved session's bearer token, for arranging data through the API and for pages opened with it. */
export function ownerToken(): string {
  const state = JSON.parse(readFileSync(OWNER_STATE, "utf8")) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  const token = state.origins.flatMap((o) => o.localStorage).find((item) => item.name === AUTH_TOKEN_KEY)?.value;
  if (!token) throw new Error(`No saved session in ${OWNER_STATE}: the setup project signs in first`);
  return token;
}

const ownerAuth = () => ({ Authorization: `Bearer ${ownerToken()}` });

/** A contact made through the admin API, as the owner (arranging a journey's data). */
export async function createContact(request: APIRequestContext, data: Record<string, unknown>): Promise<Contact> {
  const res = await request.post("/api/admin/contacts", { data, headers: ownerAuth() });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { contact: Contact }).contact;
}

/** A project made through the admin API, as the owner. */
export async function createProject(request: APIRequestContext, data: Record<string, unknown>): Promise<ProjectDetail> {
  const res = await request.post("/api/admin/projects", { data, headers: ownerAuth() });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { project: ProjectDetail }).project;
}

const urlEnding = (path: string) => new RegExp(`${path.replace(/[?]/g, "\\?")}$`);
