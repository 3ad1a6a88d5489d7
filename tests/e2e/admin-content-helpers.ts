import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { Post, PostList } from "~/contracts/post-content";
import { AUTH_TOKEN_KEY } from "../../app/lib/admin/session";
import { ownerToken } from "./admin-fixtures";
import { waitForHydration } from "./fixtures";

/**
 * What the post and portfolio manager journeys share (admin-posts.spec.ts,
 * admin-portfolio.spec.ts). Every journey makes its own uniquely named posts.
 */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
export const LOADED = { timeout: 20_000 };

/** Not errors of these screens: refused requests a journey causes on purpose and the dev server's nonce notice. */
export const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith("Failed to load resource") && !(e.includes("hydrat") && e.includes("nonce")));

/**
 * The saved session's token (the password check is slow on purpose; the sign-in
 * page has its own journeys): call at the top of a spec, read the token in tests.
 */
export function adminToken() {
  return ownerToken;
}

export async function openManager(page: Page, token: string, path: "/admin/posts" | "/admin/portfolio") {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [AUTH_TOKEN_KEY, token]);
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible(LOADED);
  await expect(page.getByText("Loading")).toHaveCount(0, LOADED);
}

export async function createPost(
  request: APIRequestContext,
  token: string,
  data: Record<string, unknown>,
): Promise<Post> {
  const res = await request.post("/api/admin/posts", { data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { post: Post }).post;
}

export async function getPost(request: APIRequestContext, token: string, id: number) {
  return request.get(`/api/admin/posts/${id}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** The row (a card on a phone) of one post, found by its exact title. */
export const rowOf = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** The manager's search box narrows the list to this journey's posts. */
export async function search(page: Page, label: "Search posts" | "Search projects", text: string) {
  await page.getByRole("searchbox", { name: label }).fill(text);
}

/** The markdown editor's text, whether it is a textarea or a contenteditable surface. */
export const editorText = (editor: Locator) =>
  editor.evaluate((el) => (el instanceof HTMLTextAreaElement ? el.value : (el.textContent ?? "")));

/** Each test's drafts stay in its own browser context; this one checks that nothing is left behind. */
export const storedDrafts = (page: Page) =>
  page.evaluate(() => Object.keys(window.localStorage).filter((k) => /^(post|portfolio)-draft:/.test(k)));

/**
 * Opens a manager while keeping the list it received: the stat cards are
 * checked against that very list (other journeys add posts meanwhile).
 * Returns the list and the manager's query string.
 */
export async function openManagerWithList(page: Page, token: string, path: "/admin/posts" | "/admin/portfolio") {
  let received: { list: PostList; query: URLSearchParams } | undefined;
  await page.route("**/api/admin/posts?*", async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as PostList;
    received = { list, query: new URL(route.request().url()).searchParams };
    await route.fulfill({ response, json: list });
  });
  await openManager(page, token, path);
  await expect.poll(() => received).toBeTruthy();
  return received!;
}

/** The number on one stat card of a manager, by the card's label. */
export const statCard = (page: Page, label: string) =>
  page
    .getByRole("list", { name: /statistics$/ })
    .getByRole("listitem")
    .filter({ hasText: label })
    .locator("p")
    .nth(1);
