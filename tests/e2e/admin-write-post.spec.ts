import { expect, test, type Page } from "./test";
import { AUTH_TOKEN_KEY } from "../../app/lib/admin/session";
import { ownerToken } from "./admin-fixtures";
import { dismissCookieBanner, expectAccessible, openBlogPageWith, waitForHydration, watchConsole } from "./fixtures";

/**
 * The whole way of a post (issue "Content"): the owner writes it in the markdown editor
 * with the Commands palette, a table and an image from the media library, publishes it,
 * and a visitor finds it on /blog, in the sitemap and in the site search.
 */
const LOADED = { timeout: 20_000 };
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** Runs one command from the palette by searching for its name. */
async function runCommand(page: Page, name: string) {
  await page.keyboard.press("ControlOrMeta+Shift+P");
  const palette = page.getByRole("dialog", { name: "Commands" });
  await expect(palette).toBeVisible();
  await page.getByRole("combobox", { name: "Search commands" }).fill(name);
  await expect(palette.getByRole("option", { selected: true })).toContainText(name);
  await page.keyboard.press("Enter");
  await expect(palette).toBeHidden();
  // The command has run once the editor has its focus back; keys typed before that go nowhere.
  await expect(page.getByRole("textbox", { name: "Content" })).toBeFocused();
}

const editorText = (page: Page) =>
  page.locator(".cm-content .cm-line").evaluateAll((lines) => lines.map((l) => l.textContent ?? "").join("\n"));

test.describe.configure({ timeout: 120_000 });

test(
  "the owner writes a post with the editor, publishes it, and visitors find it",
  { tag: "@db" },
  async ({ page }) => {
    const errors = watchConsole(page);
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const title = `Ferry season checklist ${tag}`;
    const slug = `ferry-season-checklist-${tag}`;
    const imageName = `block-island-dock-${tag}.png`;

    // An image waiting in the media library.
    const token = ownerToken();
    const upload = await page.request.post("/api/admin/media/upload", {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        file: { name: imageName, mimeType: "image/png", buffer: PNG },
        description: "The dock at New Shoreham",
      },
    });
    expect(upload.status()).toBe(201);
    const media = (await upload.json()).media as { id: number; url: string };

    await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [AUTH_TOKEN_KEY, token]);
    await page.goto("/admin/posts");
    await waitForHydration(page);
    await page.getByRole("button", { name: "New Post" }).click();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await expect(page.getByRole("textbox", { name: "Slug", exact: true })).toHaveValue(slug);
    await page
      .getByLabel("Excerpt")
      .fill("What a Block Island shop should update on its website before the first ferry.");
    await page.getByLabel("Tags").fill(`Tourism, Checklists, ${tag}`);

    const editor = page.getByRole("textbox", { name: "Content" });
    await expect(editor).toBeVisible(LOADED);
    await editor.click();
    await page.keyboard.type(`Before the first ferry lands, visitors look you up ${tag}.`);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await runCommand(page, "Heading 2");
    await page.keyboard.type("Hours and prices");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await runCommand(page, "Table");
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");

    // The image comes from the library through the 'Select Image' picker.
    await page.getByRole("button", { name: "Image", exact: true }).click();
    const picker = page.getByRole("dialog", { name: "Select Image" });
    await expect(picker).toBeVisible();
    await picker.getByRole("searchbox").fill(tag);
    await expect(picker.getByText("1 image(s) available")).toBeVisible(LOADED);
    await picker.getByRole("button", { name: imageName }).click();
    await expect(picker).toBeHidden();
    await expect.poll(() => editorText(page)).toContain(`![block-island-dock-${tag}](${media.url})`);
    const text = await editorText(page);
    expect(text).toContain("## Hours and prices");
    expect(text).toMatch(/\|.*\|\n\|\s*-+/);

    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("published");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByRole("heading", { name: "Create New Post" })).toBeHidden(LOADED);
    await page.getByRole("searchbox", { name: "Search posts" }).fill(tag);
    await expect(page.getByRole("link", { name: new RegExp(`View.*${title}|^View$`) }).first()).toBeVisible(LOADED);

    // A visitor: the blog list, the post with its table and image, the sitemap and the search.
    await dismissCookieBanner(page);
    await (await openBlogPageWith(page, title)).first().click();
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const article = page.locator("article");
    await expect(article.getByRole("heading", { level: 2, name: "Hours and prices" })).toBeVisible();
    await expect(article.locator("table")).toHaveCount(1);
    const image = article.locator(`img[src="${media.url}"]`);
    await expect(image).toHaveAttribute("alt", `block-island-dock-${tag}`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/blog/${slug}</loc>`);

    await page.goto(`/search?q=${encodeURIComponent(`ferry ${tag}`)}`);
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    expect(errors.filter((e) => !(e.includes("hydrat") && e.includes("nonce")))).toEqual([]);
  },
);
