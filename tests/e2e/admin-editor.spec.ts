import { expect, test, type Page } from "./test";
import { AUTH_TOKEN_KEY } from "../../app/lib/admin/session";
import { ownerToken } from "./admin-fixtures";
import { expectAccessible, expectNoHorizontalOverflow, nextFrames, waitForHydration, watchConsole } from "./fixtures";

/**
 * The owner's markdown editor (docs/product/posts-and-portfolio.md "Markdown editor", "Commands",
 * "Help guide", "Editor autosave and drafts") in the post form: /admin/posts -> New Post. Its
 * edits, palette model, counts and autosave transitions have unit tests in
 * app/components/admin/editor/.
 */
const LOADED = { timeout: 20_000 };
const RECENT_KEY = "markdown-editor-recent-commands";

/** The dev server's nonce notice and refused loads a journey causes are not this screen's errors. */
const realErrors = (errors: string[]) =>
  errors.filter((e) => !e.startsWith("Failed to load resource") && !(e.includes("hydrat") && e.includes("nonce")));

async function openNewPost(page: Page, init?: (page: Page) => Promise<void>) {
  const token = ownerToken();
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [AUTH_TOKEN_KEY, token]);
  await init?.(page);
  await page.goto("/admin/posts");
  await waitForHydration(page);
  await page.getByRole("button", { name: "New Post" }).click();
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toBeVisible(LOADED);
  return editor;
}

/** The editor's text, line by line as CodeMirror shows it. */
const editorText = (page: Page) =>
  page.locator(".cm-content .cm-line").evaluateAll((lines) => lines.map((l) => l.textContent ?? "").join("\n"));

const palette = (page: Page) => page.getByRole("dialog", { name: "Commands" });
const search = (page: Page) => page.getByRole("combobox", { name: "Search commands" });
const status = (page: Page) => page.getByRole("status").filter({ hasText: /Unsaved|Saving|Saved/ });

test.describe("markdown editor", { tag: "@db" }, () => {
  test("the palette opens from the keyboard, finds a command, runs it and remembers it", async ({ page }) => {
    const errors = watchConsole(page);
    const editor = await openNewPost(page);
    await editor.click();
    await page.keyboard.type("Hello world");
    await page.keyboard.press("ControlOrMeta+a");

    await page.keyboard.press("ControlOrMeta+Shift+P");
    await expect(palette(page)).toBeVisible();
    await expect(search(page)).toBeFocused();
    // Every group of the spec's commands, no history yet.
    await expect(palette(page).getByRole("group")).toHaveText([
      /^Bold/,
      /^Heading 1/,
      /^Bullet list/,
      /^Link/,
      /^Inline code/,
      /^Horizontal rule/,
    ]);
    await expect(palette(page).getByRole("group", { name: "Recent" })).toHaveCount(0);

    await search(page).fill("bol");
    await expect(palette(page).getByRole("option")).toHaveText([/^Bold/]);
    await expect(palette(page).getByRole("option", { name: /Bold/ })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(palette(page)).toBeHidden();
    await expect(editor).toBeFocused();
    await expect.poll(() => editorText(page)).toBe("**Hello world**");

    // The arrows move the active option (aria-activedescendant); Recent lists what ran.
    await page.keyboard.press("ControlOrMeta+Shift+P");
    const recent = palette(page).getByRole("group", { name: "Recent" });
    await expect(recent.getByRole("option")).toHaveText([/^Bold/]);
    const options = palette(page).getByRole("option");
    await expect(search(page)).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
    await page.keyboard.press("ArrowDown");
    await expect(search(page)).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();
    await expect(editor).toBeFocused();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), RECENT_KEY)).toBe('["bold"]');

    // From another field of the form too; then the Commands button.
    await page.getByLabel("Tags").focus();
    await page.keyboard.press("ControlOrMeta+Shift+P");
    await expect(search(page)).toBeFocused();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Commands" }).click();
    await expect(search(page)).toBeFocused();
    await search(page).fill("zzz");
    await expect(palette(page).getByText("No commands found")).toBeVisible();
    await page.keyboard.press("Escape");
    expect(realErrors(errors)).toEqual([]);
  });

  test("recent commands show the last five, newest first", async ({ page }) => {
    await openNewPost(page, async (p) => {
      await p.addInitScript(
        (key) =>
          window.localStorage.setItem(
            key,
            JSON.stringify(["table", "bold", "italic", "link", "image", "date", "time"]),
          ),
        RECENT_KEY,
      );
    });
    await page.getByRole("button", { name: "Commands" }).click();
    const recent = palette(page).getByRole("group", { name: "Recent" });
    await expect(recent.getByRole("option")).toHaveText([/^Table/, /^Bold/, /^Italic/, /^Link/, /^Image/]);
    // Running one moves it to the front and keeps ten at most.
    await recent.getByRole("option", { name: "Italic" }).click();
    await expect(palette(page)).toBeHidden();
    await expect.poll(() => editorText(page)).toBe("*italic text*");
    const stored = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? "[]"), RECENT_KEY);
    expect(stored).toEqual(["italic", "table", "bold", "link", "image", "date", "time"]);
  });

  test("shortcuts and the link dialog", async ({ page }) => {
    const editor = await openNewPost(page);
    await editor.click();
    await page.keyboard.type("pricing");
    await page.keyboard.press("Shift+Home");
    await page.keyboard.press("ControlOrMeta+b");
    await expect.poll(() => editorText(page)).toBe("**pricing**");
    await page.keyboard.press("ControlOrMeta+i");
    await expect.poll(() => editorText(page)).toBe("***pricing***");
    await page.keyboard.press("ControlOrMeta+i");
    await page.keyboard.press("ControlOrMeta+b");
    await expect.poll(() => editorText(page)).toBe("pricing");

    await page.keyboard.press("ControlOrMeta+k");
    const dialog = page.getByRole("dialog", { name: "Insert link" });
    await expect(dialog.getByLabel("URL")).toBeFocused();
    await expect(dialog.getByLabel("Link text")).toHaveValue("pricing");
    await dialog.getByRole("button", { name: "Insert" }).click();
    await expect(dialog.getByText("Enter an address.")).toBeVisible();
    await dialog.getByLabel("URL").fill("/pricing");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(editor).toBeFocused();
    await expect.poll(() => editorText(page)).toBe("[pricing](/pricing)");
    // The dialog's Enter did not submit the post form around the editor.
    await expect(page.getByRole("heading", { name: "Create New Post" })).toBeVisible();
  });

  test("toolbar table, counts, minutes to read and the tips", async ({ page }) => {
    const editor = await openNewPost(page);
    const tips = page.getByText("Markdown tips");
    await expect(tips).toBeVisible();
    await expect(page.getByText("0 words", { exact: true })).toBeVisible();
    await expect(page.getByText("0 characters", { exact: true })).toBeVisible();
    await expect(page.getByText("0 min read", { exact: true })).toBeVisible();

    await editor.click();
    await page.keyboard.type("One two three");
    await expect(tips).toBeHidden();
    await expect(page.getByText("3 words", { exact: true })).toBeVisible();
    await expect(page.getByText("13 characters", { exact: true })).toBeVisible();
    await expect(page.getByText("1 min read", { exact: true })).toBeVisible();

    await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Table" }).click();
    await expect
      .poll(() => editorText(page))
      .toBe(
        [
          "One two three",
          "",
          "| Header 1 | Header 2 | Header 3 |",
          "| -------- | -------- | -------- |",
          "| Cell     | Cell     | Cell     |",
          "| Cell     | Cell     | Cell     |",
          "",
        ].join("\n"),
      );
    await expect(editor).toBeFocused();
    // The first header is selected: typing replaces it.
    await page.keyboard.type("Plan");
    await expect.poll(() => editorText(page)).toContain("| Plan | Header 2 |");

    // 200 words a minute, rounded up: 3 words, the table's 30 (pipes count, split on whitespace) and 198.
    await expect(page.getByText("33 words", { exact: true })).toBeVisible();
    await expect(page.getByText("1 min read", { exact: true })).toBeVisible();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.insertText(" word".repeat(198));
    await expect(page.getByText("231 words", { exact: true })).toBeVisible();
    await expect(page.getByText("2 min read", { exact: true })).toBeVisible();

    // Emptied again, the tips return.
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await expect(tips).toBeVisible();
  });

  test("the help guide has its six tabs with examples", async ({ page }) => {
    await openNewPost(page);
    await page.getByRole("button", { name: "Help" }).click();
    const dialog = page.getByRole("dialog", { name: "Markdown Guide" });
    await expect(dialog).toBeVisible();
    const titles = ["Basic Formatting", "Structure & Headers", "Lists", "Links & Images", "Code & Quotes", "Tables"];
    await expect(dialog.getByRole("tab")).toHaveText(titles);
    await expect(dialog.getByRole("tabpanel")).toContainText("**free consultation**");
    await expect(dialog.getByRole("tabpanel").locator("strong", { hasText: "free consultation" })).toBeVisible();
    // Arrow keys move through the tabs (Radix tablist).
    await dialog.getByRole("tab", { name: "Basic Formatting" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("tab", { name: "Structure & Headers" })).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByRole("tabpanel").locator("h2", { hasText: "Before You Launch" })).toBeVisible();
    await dialog.getByRole("tab", { name: "Lists" }).click();
    await expect(dialog.getByRole("tabpanel").getByRole("checkbox")).toHaveCount(2);
    await dialog.getByRole("tab", { name: "Links & Images" }).click();
    await expect(dialog.getByRole("tabpanel").getByRole("link", { name: "my pricing" })).toHaveAttribute(
      "href",
      "/pricing",
    );
    await dialog.getByRole("tab", { name: "Code & Quotes" }).click();
    await expect(dialog.getByRole("tabpanel").locator("blockquote")).toBeVisible();
    await dialog.getByRole("tab", { name: "Tables" }).click();
    await expect(dialog.getByRole("tabpanel").getByRole("table").first()).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("autosave: 'Unsaved changes', then 'Saving...', then 'Saved {time}' after 10 s; hiding the page saves at once", async ({
    page,
  }) => {
    // The page's clock runs as usual, and jumps over the 10 s wait instead of sitting through it.
    await page.clock.install();
    const editor = await openNewPost(page);
    await expect(status(page)).toHaveCount(0);
    // Every text the indicator shows, recorded as it changes ('Saving...' lasts half a second).
    await page.evaluate(() => {
      const region = document.querySelector<HTMLElement>("[data-autosave-status]")!;
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(region.textContent ?? "")).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await editor.click();
    await page.keyboard.type("Draft");
    await expect(status(page)).toHaveText("Unsaved changes");
    await page.clock.fastForward(9_000);
    await expect(status(page), "not before the 10 s").toHaveText("Unsaved changes");
    await page.clock.fastForward(1_500);
    await expect(status(page)).toHaveText(/^Saved \d{1,2}:\d{2}\s[AP]M$/);
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.filter((s, i) => s !== seen[i - 1])).toEqual([
      "Unsaved changes",
      "Saving...",
      expect.stringMatching(/^Saved /),
    ]);

    // Hidden with unsaved changes: saved at once, well before the 10 s.
    await page.keyboard.type(" more");
    await expect(status(page)).toHaveText("Unsaved changes");
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect(status(page)).toHaveText(/^Saved /, { timeout: 2_000 });
  });

  test("the preview renders like the public page and runs no script from the content", async ({ page }) => {
    const errors = watchConsole(page);
    const editor = await openNewPost(page);
    await editor.click();
    await page.keyboard.insertText(
      [
        "# Opening hours",
        "",
        "| Day | Hours |",
        "| --- | ----- |",
        "| Mon | 9-5 |",
        "",
        "<script>window.editorXssRan = 1</script>",
        "",
        '<img src="x" onerror="window.editorXssRan = 2">',
        "",
        "[bad](javascript:window.editorXssRan=3)",
      ].join("\n"),
    );
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: "Opening hours", level: 1 })).toBeVisible();
    await expect(preview.getByRole("table")).toBeVisible();
    await expect(preview.getByRole("cell", { name: "9-5" })).toBeVisible();
    // Raw HTML shows as text (app/lib/content/markdown.ts).
    await expect(preview).toContainText("<script>window.editorXssRan = 1");
    await expect(preview.locator("script, img[onerror], a[href^='javascript']")).toHaveCount(0);
    // No image to fail and fire a handler, and nothing ran once the preview had painted.
    await expect(preview.locator("img")).toHaveCount(0);
    await nextFrames(page);
    expect(await page.evaluate(() => (window as unknown as { editorXssRan?: number }).editorXssRan)).toBeUndefined();
    await expect(editor).toBeHidden();
    await expectAccessible(page);

    // A command run from the preview returns to the editor, the text still there.
    await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Horizontal rule" }).click();
    await expect(editor).toBeVisible();
    await expect.poll(() => editorText(page)).toContain("---");
    expect(realErrors(errors)).toEqual([]);
  });

  test("accessible with text, with the palette open", async ({ page }) => {
    const editor = await openNewPost(page);
    await editor.click();
    await page.keyboard.type("# Accessible");
    await expectAccessible(page);
    await page.keyboard.press("ControlOrMeta+Shift+P");
    await expect(search(page)).toBeFocused();
    await search(page).fill("list");
    await expectAccessible(page);
  });

  test("fits a phone: toolbar, palette, preview and help @phone", async ({ page }) => {
    const editor = await openNewPost(page);
    await editor.click();
    await page.keyboard.insertText(
      "# A long heading that has to wrap on a phone screen\n\n| a | b | c |\n| - | - | - |\n| 1 | 2 | 3 |\n",
    );
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    for (const name of ["Bold", "Table", "Horizontal rule", "Commands", "Help", "Preview"]) {
      await expect(toolbar.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await expectNoHorizontalOverflow(page);
    await toolbar.getByRole("button", { name: "Commands" }).click();
    await expect(search(page)).toBeFocused();
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press("Escape");
    await toolbar.getByRole("button", { name: "Preview", exact: true }).click();
    await expect(page.getByRole("region", { name: "Preview" }).getByRole("table")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await toolbar.getByRole("button", { name: "Help" }).click();
    await page.getByRole("tab", { name: "Tables" }).click();
    await expectNoHorizontalOverflow(page);
  });
});
