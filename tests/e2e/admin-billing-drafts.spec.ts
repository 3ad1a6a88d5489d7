import { expect, test, type Page } from "./test";
import { waitForHydration, watchConsole } from "./fixtures";
import { OWNER_STATE } from "./admin-fixtures";
import { submitProject } from "./portal-fixtures";

/**
 * docs/product/billing.md "Keeping a draft": the quote editor keeps what the owner typed through a
 * reload or a closed dialog, as the post editor does; reopened, it says so and offers Discard; a
 * save ends the draft.
 */

const LOADED = { timeout: 20_000 };

async function openProject(page: Page, projectId: string) {
  await page.goto(`/admin/projects?project=${projectId}`);
  await waitForHydration(page);
  const details = page.getByRole("dialog", { name: "Project Details" });
  await expect(details).toBeVisible(LOADED);
  const billing = details.getByTestId("project-billing");
  await expect(billing.getByRole("heading", { name: "Quotes & invoices" })).toBeVisible(LOADED);
  return billing;
}

test.describe("the quote editor's draft", () => {
  test.use({ storageState: OWNER_STATE });
  test.describe.configure({ timeout: 120_000 });

  test("survives a reload and a closed dialog, offers Discard, and ends with the save", async ({ page }) => {
    const errors = watchConsole(page);
    const stamp = Date.now();
    const projectId = await submitProject(page.request, `Łucja Nguyễn ${stamp}`, `lucja.${stamp}@example.com`);
    const key = `quote-draft:new@${projectId}`;
    const kept = () => page.evaluate((k) => window.localStorage.getItem(k), key);

    let billing = await openProject(page, projectId);
    await billing.getByRole("button", { name: "New Quote" }).click();
    let editor = page.getByRole("dialog", { name: "New Quote" });
    await editor.getByLabel("Description of line 1").fill("Menu page for Łucja Nguyễn’s bakery");
    await editor.getByLabel("Unit price ($) of line 1").fill("75");
    await editor.getByLabel("Notes for the client").fill("Zoë’s “notes”: the menu changes each season.");
    await expect.poll(kept).toContain("Łucja Nguyễn’s bakery");

    // A reload: the project's billing says a draft is kept, and Continue opens it.
    await page.reload();
    billing = await openProject(page, projectId);
    await expect(billing.getByText(/^Unsaved draft of a new quote from /)).toBeVisible();
    await billing.getByRole("button", { name: "Continue the unsaved quote" }).click();
    editor = page.getByRole("dialog", { name: "New Quote" });
    await expect(editor.getByText(/^Unsaved draft from .+ restored\.$/)).toBeVisible();
    await expect(editor.getByLabel("Description of line 1")).toHaveValue("Menu page for Łucja Nguyễn’s bakery");
    await expect(editor.getByLabel("Unit price ($) of line 1")).toHaveValue("75");
    await expect(editor.getByLabel("Notes for the client")).toHaveValue("Zoë’s “notes”: the menu changes each season.");
    await expect(editor.getByTestId("live-totals")).toContainText("Total$75.00");

    // Discard: the new quote's empty form is back and nothing is kept.
    await editor.getByRole("button", { name: "Discard draft" }).click();
    await expect(editor.getByLabel("Description of line 1")).toHaveValue("");
    await expect(editor.getByText(/restored\.$/)).toHaveCount(0);
    expect(await kept()).toBeNull();

    // Typed again and closed by accident: reopening New Quote restores it.
    await editor.getByLabel("Description of line 1").fill("Starter Site for Łucja Nguyễn");
    await editor.getByLabel("Unit price ($) of line 1").fill("275");
    await editor.getByRole("button", { name: "Cancel" }).click();
    await expect(editor).toBeHidden();
    await expect(billing.getByText(/^Unsaved draft of a new quote from /)).toBeVisible();
    await billing.getByRole("button", { name: "New Quote" }).click();
    editor = page.getByRole("dialog", { name: "New Quote" });
    await expect(editor.getByLabel("Description of line 1")).toHaveValue("Starter Site for Łucja Nguyễn");

    // Saved: the draft ends, and the next New Quote starts empty.
    await editor.getByRole("button", { name: "Create Quote" }).click();
    await expect(editor).toBeHidden();
    await expect(billing.getByRole("list", { name: "Quotes" })).toContainText("$275.00");
    await expect(billing.getByText(/^Unsaved draft of/)).toHaveCount(0);
    expect(await kept()).toBeNull();
    await billing.getByRole("button", { name: "New Quote" }).click();
    editor = page.getByRole("dialog", { name: "New Quote" });
    await expect(editor.getByLabel("Description of line 1")).toHaveValue("");
    await expect(editor.getByText(/restored\.$/)).toHaveCount(0);
    expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
  });
});
