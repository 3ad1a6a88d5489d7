import { expect, test, type Page } from "./test";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { OWNER_STATE, openSignedIn, ownerToken } from "./admin-fixtures";
import { queryAppDb } from "./db";

/**
 * The media library on a library of hundreds (docs/product/media.md "The library",
 * "The media picker"): the server pages, searches and filters; the address keeps search, filters,
 * layout and page; each file is in the page once. Other journeys share the database: each searches
 * its own tag.
 */
const LOADED = { timeout: 20_000 };
const tag = () => `pg${Math.random().toString(36).slice(2, 8)}`;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * `${t}-000.png` uploaded, then `${t}-001.png` ... `${t}-{count}.png` made in SQL, each a bit
 * older than the one before, sharing the first one's stored bytes (so every thumbnail loads).
 */
async function seedImages(page: Page, t: string, count: number, projectId?: string) {
  const res = await page.request.post("/api/admin/media/upload", {
    headers: { Authorization: `Bearer ${ownerToken()}` },
    multipart: { file: { name: `${t}-000.png`, mimeType: "image/png", buffer: PNG } },
  });
  expect(res.status()).toBe(201);
  const { media } = (await res.json()) as { media: { id: number } };
  await queryAppDb(
    `insert into media (key, filename, original_name, file_type, mime_type, file_size, width, height,
       storage_key, thumbnail_key, project_id, created_at, updated_at)
     select rtrim(translate(encode(decode(md5($1::text || i), 'hex'), 'base64'), '+/', '-_'), '='),
       md5($1::text || i) || '.png', $1::text || '-' || lpad(i::text, 3, '0') || '.png', 'image', 'image/png',
       file_size, width, height, storage_key, thumbnail_key, $4::text, now() - i * interval '1 second', now()
     from media, generate_series(1, $2::int) as i where media.id = $3`,
    [t, count, media.id, projectId ?? null],
  );
}

const files = (page: Page) => page.getByRole("list", { name: "Media files" });
const pager = (page: Page) => page.getByRole("navigation", { name: "Media pages" });
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test.describe.configure({ timeout: 120_000 });

test.describe("media library pages", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });

  test("page links keep the search, filters and layout in the address; back and forward walk them", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    const t = tag();
    await seedImages(page, t, 130);
    await openSignedIn(page, `/admin/media?search=${t}&view=list`);
    await expect(page.getByTestId("media-count")).toHaveText("131 files, page 1 of 3", LOADED);
    await expect(pager(page).getByTestId("pager-range")).toHaveText("1-60 of 131");
    await expect(page.getByTestId("media-file")).toHaveCount(60);
    await expect(page.getByRole("searchbox", { name: "Search files" })).toHaveValue(t);

    await pager(page).getByRole("link", { name: "Page 2" }).click();
    await expect(files(page).getByText(`${t}-060.png`)).toBeVisible(LOADED);
    expect([param(page, "search"), param(page, "view"), param(page, "page")]).toEqual([t, "list", "2"]);
    await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);

    // A filter starts again at page 1 and keeps the rest.
    await page.getByLabel("File type").selectOption({ label: "Documents" });
    await expect(page.getByText("No files match these filters.")).toBeVisible(LOADED);
    expect([param(page, "search"), param(page, "file_type"), param(page, "page")]).toEqual([t, "document", null]);

    await page.goBack();
    await expect(files(page).getByText(`${t}-060.png`)).toBeVisible(LOADED);
    await expect(page.getByLabel("File type")).toHaveValue("");
    expect(param(page, "page")).toBe("2");
    await page.goBack();
    await expect(files(page).getByText(`${t}-000.png`)).toBeVisible(LOADED);
    await page.goForward();
    await expect(files(page).getByText(`${t}-060.png`)).toBeVisible(LOADED);

    await pager(page).getByRole("link", { name: "Next" }).click();
    await expect(pager(page).getByTestId("pager-range")).toHaveText("121-131 of 131", LOADED);
    await expect(page.getByTestId("media-file")).toHaveCount(11);
    // A page past the end (an old link) shows the last one.
    await page.goto(`/admin/media?search=${t}&page=9`);
    await expect(pager(page).getByTestId("pager-range")).toHaveText("121-131 of 131", LOADED);
    await expect(page).toHaveURL(/page=3/);
    expect(errors.filter((e) => !e.includes('nonce=""'))).toEqual([]);
  });

  test("the search asks the server while typing, and the last answer wins", async ({ page }) => {
    const t = tag();
    await seedImages(page, t, 12);
    await openSignedIn(page, "/admin/media");
    const box = page.getByRole("searchbox", { name: "Search files" });
    // The first question's answer is held back until the second one's is on screen, then let go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let stale = Promise.resolve();
    await page.route(
      (url) => url.pathname === "/api/admin/media" && url.searchParams.get("search") === `${t}-00`,
      (route) => {
        stale = held.then(() => route.fulfill({ json: { media: [], total: 0 } }).catch(() => {}));
      },
    );
    const first = page.waitForRequest((r) => new URL(r.url()).searchParams.get("search") === `${t}-00`);
    await box.fill(`${t}-00`);
    await first;
    await box.fill(`${t}-011`);
    await expect(page.getByTestId("media-file")).toHaveCount(1, LOADED);
    await expect(files(page).getByText(`${t}-011.png`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=${t}-011`));
    release();
    await stale;
    await expect(page.getByText("No media files")).toHaveCount(0);
    await expect(files(page).getByText(`${t}-011.png`)).toBeVisible();
  });

  test("the Project filter finds a project by typing; No Project and All Projects", async ({ page }) => {
    const t = tag();
    const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    const id = `WBT-2026-${Array.from({ length: 6 }, () => alphabet[Math.floor(Math.random() * 31)]).join("")}`;
    await queryAppDb(`insert into projects (id, name) values ($1, $2)`, [id, `Lighthouse ${t}`]);
    await seedImages(page, t, 4, id);
    await openSignedIn(page, `/admin/media?search=${t}`);
    await expect(page.getByTestId("media-file")).toHaveCount(5, LOADED);
    const project = page.getByRole("combobox", { name: "Project" });
    await expect(project).toHaveValue("All Projects");
    await project.fill(`lighthouse ${t}`);
    const option = page.getByRole("option", { name: new RegExp(`Lighthouse ${t}`) });
    await expect(option).toContainText(`${id} · 4 files`, LOADED);
    await expectAccessible(page);
    await option.click();
    await expect(page).toHaveURL(new RegExp(`project_id=${id}`));
    await expect(page.getByTestId("media-file")).toHaveCount(4, LOADED);
    await expect(project).toHaveValue(`Lighthouse ${t}`);

    await project.click();
    await page.getByRole("option", { name: "No Project" }).click();
    await expect(page).toHaveURL(/project_id=none/);
    await expect(page.getByTestId("media-file")).toHaveCount(1, LOADED);
    await expect(files(page).getByText(`${t}-000.png`)).toBeVisible();
    // The keyboard: the arrows open the list and move through it, Enter takes a choice.
    await project.focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("listbox", { name: "Projects" })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await expect(project).toHaveAttribute("aria-activedescendant", /option-0$/);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("media-file")).toHaveCount(5, LOADED);
    expect(param(page, "project_id")).toBeNull();
  });

  test("the picker searches the whole library and counts every match, 50 at most shown", async ({ page }) => {
    const t = tag();
    await seedImages(page, t, 55);
    await openSignedIn(page, "/admin/posts");
    await page.getByRole("button", { name: "New Post" }).click();
    await page.getByRole("button", { name: "Browse" }).click();
    const picker = page.getByRole("dialog", { name: "Select Image" });
    await picker.getByRole("searchbox", { name: "Search images" }).fill(t);
    await expect(picker.getByText(/^56 image\(s\) available/)).toBeVisible(LOADED);
    await expect(picker.getByRole("list", { name: "Files to choose from" }).getByRole("listitem")).toHaveCount(50);
    await picker.getByRole("searchbox", { name: "Search images" }).fill(`${t}-05`);
    await expect(picker.getByText("6 image(s) available", { exact: true })).toBeVisible(LOADED);
    await picker.getByRole("searchbox", { name: "Search images" }).fill(`${t}-none`);
    await expect(picker.getByText("No images found")).toBeVisible(LOADED);
  });

  test("each file is in the page once, in grid and in list, on a desktop and on a phone @phone", async ({ page }) => {
    const t = tag();
    await seedImages(page, t, 7);
    await openSignedIn(page, `/admin/media?search=${t}`);
    for (const view of ["Grid view", "List view"]) {
      await page.getByRole("button", { name: view }).click();
      await expect(page.getByTestId("media-file")).toHaveCount(8, LOADED);
      for (const n of ["000", "003", "007"])
        await expect(page.getByText(`${t}-${n}.png`, { exact: true })).toHaveCount(1);
      await expectNoHorizontalOverflow(page);
    }
    await expectAccessible(page);
  });
});
