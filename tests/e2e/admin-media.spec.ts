import { expect, test, type Page } from "./test";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { ownerToken } from "./admin-fixtures";
import { queryAppDb } from "./db";

/**
 * docs/product/media.md "The library", "Upload dialog", "Edit dialog", "Delete",
 * "Who may read a file", "The calls", "Errors". The 'Select Image' picker
 * (app/components/admin/media/media-picker.tsx) is exercised by the journeys of the screens that
 * open it; its choice logic has a unit test.
 */
const LOADED = { timeout: 20_000 };
const tag = () => Math.random().toString(36).slice(2, 8);

/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** The projects list answers 404 until projects exist; the browser logs that load. Nothing else may be logged. */
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes('nonce=""') && !e.includes("status of 404"));

/** Signs in through the login API (the login page has its own journeys) and opens the library. */
async function openLibrary(page: Page) {
  const token = ownerToken();
  await page.addInitScript((value) => window.localStorage.setItem("auth-token", value), token);
  await page.goto("/admin/media");
  await expect(page.getByRole("heading", { name: "Media Library", level: 1 })).toBeVisible(LOADED);
}

async function uploadThroughApi(
  page: Page,
  name: string,
  mimeType: string,
  buffer: Buffer,
  description = "",
  projectId?: string,
) {
  const token = ownerToken();
  const res = await page.request.post("/api/admin/media/upload", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name, mimeType, buffer }, description, ...(projectId ? { project_id: projectId } : {}) },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).media as { id: number; original_name: string; url: string; thumbnail_url: string | null };
}

const search = (page: Page) => page.getByRole("searchbox", { name: "Search files" });
const files = (page: Page) => page.getByRole("list", { name: "Media files" });

test.describe.configure({ timeout: 120_000 });

test.describe("media library", { tag: "@db" }, () => {
  test("the owner uploads an image and a PDF, then finds them", async ({ page }) => {
    const errors = watchConsole(page);
    const t = tag();
    await openLibrary(page);
    await page.getByTestId("media-file-input").setInputFiles([
      { name: `storefront-${t}.png`, mimeType: "image/png", buffer: PNG },
      { name: `menu-${t}.pdf`, mimeType: "application/pdf", buffer: PDF },
    ]);
    const dialog = page.getByRole("dialog", { name: "Upload Files" });
    await expect(dialog.getByText(`storefront-${t}.png`)).toBeVisible();
    await expect(dialog.getByText(`${PNG.length} Bytes`)).toBeVisible();
    await expect(dialog.getByLabel("Project (optional)")).toHaveValue("");
    // The project select lists the real projects after "No Project".
    await expect(dialog.getByLabel("Project (optional)").locator("option").first()).toHaveText("No Project");
    await dialog.getByLabel("Description (optional)").fill(`Shop photos ${t}`);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Upload Files" }).click();
    await expect(dialog).toBeHidden(LOADED);

    await search(page).fill(t);
    await expect(files(page).getByText(`storefront-${t}.png`)).toBeVisible(LOADED);
    await expect(files(page).getByText(`menu-${t}.pdf`)).toBeVisible();
    const image = files(page).getByRole("img", { name: `Shop photos ${t}` });
    await expect(image).toHaveAttribute("src", /\/api\/media\/[A-Za-z0-9_-]{22}\?thumb=1$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(files(page).getByRole("link", { name: `View menu-${t}.pdf` })).toHaveAttribute("target", "_blank");

    // Search by name narrows to one; the type filter too.
    await search(page).fill(`menu-${t}`);
    await expect(files(page).getByRole("listitem")).toHaveCount(1);
    await search(page).fill(t);
    await page.getByLabel("File type").selectOption({ label: "Images" });
    await expect(files(page).getByRole("listitem")).toHaveCount(1);
    await expect(files(page).getByText(`storefront-${t}.png`)).toBeVisible();
    await page.getByLabel("File type").selectOption({ label: "Documents" });
    await expect(files(page).getByText(`menu-${t}.pdf`)).toBeVisible();
    await page.getByRole("button", { name: "List view" }).click();
    await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);
    expect(realErrors(errors)).toEqual([]);
  });

  test("a refused file is marked failed and the others still upload", async ({ page }) => {
    const t = tag();
    await openLibrary(page);
    await page.getByTestId("media-file-input").setInputFiles([
      { name: `tool-${t}.exe`, mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") },
      { name: `notes-${t}.txt`, mimeType: "text/plain", buffer: Buffer.from("hello") },
    ]);
    const dialog = page.getByRole("dialog", { name: "Upload Files" });
    await dialog.getByRole("button", { name: "Upload Files" }).click();
    await expect(dialog.getByRole("alert")).toContainText("This file type is not allowed", LOADED);
    await expect(dialog.getByText("Uploaded")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await search(page).fill(t);
    await expect(files(page).getByText(`notes-${t}.txt`)).toBeVisible(LOADED);
    await expect(files(page).getByText(`tool-${t}.exe`)).toHaveCount(0);
  });

  test("the owner edits a description and deletes a file after confirming", async ({ page }) => {
    const t = tag();
    await openLibrary(page);
    const item = await uploadThroughApi(page, `logo-${t}.png`, "image/png", PNG, "old words");
    await search(page).fill(`logo-${t}`);
    await files(page)
      .getByRole("button", { name: `Edit logo-${t}.png` })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Media" });
    await expect(edit.getByLabel("Description")).toHaveValue("old words");
    await expectAccessible(page);
    await edit.getByLabel("Description").fill(`New logo ${t}`);
    await edit.getByRole("button", { name: "Update Media" }).click();
    await expect(edit).toBeHidden(LOADED);
    await expect(files(page).getByText(`New logo ${t}`)).toBeVisible();

    await files(page)
      .getByRole("button", { name: `Delete logo-${t}.png` })
      .click();
    const confirm = page.getByRole("dialog", { name: "Delete this file?" });
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(files(page).getByText(`logo-${t}.png`)).toBeVisible();
    await files(page)
      .getByRole("button", { name: `Delete logo-${t}.png` })
      .click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No media files")).toBeVisible(LOADED);
    expect((await page.request.get(item.url)).status()).toBe(404);
  });

  test("a project's file shows in the library but is not served without the owner's signature", async ({ page }) => {
    const errors = watchConsole(page);
    const t = tag();
    const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    const projectId = `WBT-2026-${Array.from({ length: 6 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("")}`;
    await queryAppDb(`insert into projects (id, name) values ($1, $2) on conflict do nothing`, [
      projectId,
      `Harbor ${t}`,
    ]);
    await openLibrary(page);
    const item = await uploadThroughApi(page, `mockup-${t}.png`, "image/png", PNG, `Client mockup ${t}`, projectId);
    await search(page).fill(`mockup-${t}`);
    const image = files(page).getByRole("img", { name: `Client mockup ${t}` });
    await expect(image).toHaveAttribute("src", /\?thumb=1&exp=\d+&sig=/, LOADED);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(files(page).getByText(`Private (${projectId})`)).toBeVisible();
    await expect(files(page).getByRole("link", { name: `View mockup-${t}.png` })).toHaveAttribute(
      "href",
      /&sig=|\?exp=/,
    );
    // Anyone else, the same browser without the signature included, gets nothing.
    const plain = await page.request.get(item.url);
    expect(plain.status()).toBe(404);
    expect(plain.headers()["cache-control"]).toBe("private, no-store");
    const signed = await page.request.get((await image.getAttribute("src"))!);
    expect([signed.status(), signed.headers()["cache-control"]]).toEqual([200, "private, no-store"]);
    expect(realErrors(errors)).toEqual([]);
  });

  test("an empty search shows the empty state; a failed load shows the red banner", async ({ page }) => {
    await openLibrary(page);
    await search(page).fill(`nothing-here-${tag()}`);
    await expect(page.getByText("No media files")).toBeVisible(LOADED);
    await page.route("**/api/admin/media?**", (route) =>
      route.fulfill({ status: 500, json: { error: "Failed to fetch media" } }),
    );
    await page.getByLabel("File type").selectOption({ label: "Videos" });
    await expect(page.getByRole("alert")).toHaveText("Failed to fetch media", LOADED);
  });

  test("the library works on a phone @phone", async ({ page }) => {
    const t = tag();
    await openLibrary(page);
    await uploadThroughApi(page, `phone-${t}.png`, "image/png", PNG);
    await page.reload();
    await search(page).fill(`phone-${t}`);
    await expect(files(page).getByText(`phone-${t}.png`)).toBeVisible(LOADED);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await files(page)
      .getByRole("button", { name: `Edit phone-${t}.png` })
      .click();
    await expect(page.getByRole("dialog", { name: "Edit Media" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
