import { expect, test, type Locator, type Page } from "./test";
import { OWNER_STATE, createContact, createProject, openSignedIn } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";

/**
 * What the owner tripped over in the admin's dialogs:
 * 3. Escape or Close left the focus on the page's body, and a keyboard user started again from
 *    the top. Every admin dialog, opened and closed by keyboard, gives the focus back to the
 *    control that opened it.
 * 4. The notices sat over the project dialog's ✕. They sit where they cover no control of an
 *    open dialog, on a desktop and on a phone.
 */
const LOADED = { timeout: 20_000 };

/** Opens the dialog from `opener` with the keyboard, closes it with `close`, and checks where the focus lands. */
async function opensAndReturns(page: Page, opener: Locator, dialogName: string, close: "Escape" | "Close") {
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible(LOADED);
  if (close === "Escape") await page.keyboard.press("Escape");
  else {
    await dialog.getByRole("button", { name: "Close" }).first().focus();
    await page.keyboard.press("Enter");
  }
  await expect(dialog).toBeHidden();
  await expect(opener, `focus back on the opener of ${dialogName} (${close})`).toBeFocused();
}

test.describe("admin dialogs", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });
  test.describe.configure({ timeout: 120_000 });

  test("3. every dialog, closed by Escape or Close, gives the focus back to the control that opened it", async ({
    page,
  }) => {
    const t = unique();
    const email = `focus.${t}@example.com`;
    const contact = await createContact(page.request, { name: `Ivy Focus ${t}`, email });
    await createProject(page.request, {
      name: `Ivy Focus ${t} booking site`,
      description: "A booking site",
      contact_ids: [contact.id],
    });

    // The leads screen: the toolbar's dialogs and each of a row's.
    await openSignedIn(page, `/admin/contacts?q=${encodeURIComponent(email)}`);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1, LOADED);
    for (const close of ["Escape", "Close"] as const) {
      await opensAndReturns(page, page.getByRole("button", { name: "Add Contact" }), "Add Contact", close);
      await opensAndReturns(page, page.getByRole("button", { name: "Import JSON" }), "Import JSON", close);
      await opensAndReturns(page, row.getByRole("button", { name: /^Edit/ }), "Edit Contact", close);
      await opensAndReturns(page, row.getByRole("button", { name: /^Log/ }), "Communication Log", close);
      await opensAndReturns(page, row.getByRole("button", { name: /^View/ }), "Contact Details", close);
      await opensAndReturns(page, row.getByRole("button", { name: /^Email/ }), "Compose Email", close);
    }

    // The projects screen: new, details, edit and e-mail.
    await openSignedIn(page, `/admin/projects?q=${encodeURIComponent(`Ivy Focus ${t}`)}`);
    const project = page.getByRole("row").filter({ hasText: `Ivy Focus ${t} booking site` });
    await expect(project).toHaveCount(1, LOADED);
    for (const close of ["Escape", "Close"] as const) {
      await opensAndReturns(page, page.getByRole("button", { name: "New Project" }), "Create New Project", close);
      await opensAndReturns(page, project.getByRole("button", { name: /^Details/ }), "Project Details", close);
      await opensAndReturns(page, project.getByRole("button", { name: /^Edit/ }), "Edit Project", close);
      await opensAndReturns(page, project.getByRole("button", { name: /^Email/ }), "Compose Email", close);
    }

    // The dashboard: Send Email, and a recent lead's details.
    await openSignedIn(page, "/admin");
    for (const close of ["Escape", "Close"] as const)
      await opensAndReturns(page, page.getByRole("button", { name: "Send Email" }), "Compose Email", close);
  });

  for (const viewport of [
    { name: "desktop", width: 1366, height: 900 },
    { name: "phone", width: 390, height: 844 },
  ])
    test(`4. a notice covers no control of the open project dialog, the ✕ included (${viewport.name})`, async ({
      page,
      context,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.setViewportSize(viewport);
      const t = unique();
      const contact = await createContact(page.request, { name: `Noor Toast ${t}`, email: `toast.${t}@example.com` });
      const created = await createProject(page.request, {
        name: `Noor Toast ${t} shop`,
        description: "A booking site",
        contact_ids: [contact.id],
      });
      await openSignedIn(page, `/admin/projects?q=${encodeURIComponent(created.name)}`);
      await page
        .getByRole("row")
        .or(page.getByRole("list", { name: "Projects" }).getByRole("listitem"))
        .filter({ hasText: created.name })
        .getByRole("button", { name: /^Details/ })
        .click(LOADED);
      const dialog = page.getByRole("dialog", { name: "Project Details" });
      await expect(dialog).toBeVisible(LOADED);
      // Three notices at once, the most the screen stacks.
      for (let i = 0; i < 3; i++) await dialog.getByRole("button", { name: /^Copy/ }).first().click();
      const notices = page.locator("[data-sonner-toast]");
      await expect(notices.first()).toBeVisible();
      await expect(notices).not.toHaveCount(0);
      // Every control of the dialog that is on screen (not scrolled out of the dialog), against every notice.
      const controls = await dialog
        .locator("button, a[href], input, select, textarea, [role='button']")
        .evaluateAll((elements) =>
          elements
            .map((el) => {
              const r = el.getBoundingClientRect();
              const box = el.closest("[role='dialog']")!.getBoundingClientRect();
              return { name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "", r, box };
            })
            .filter(
              ({ r, box }) =>
                r.width > 0 &&
                r.height > 0 &&
                r.bottom > Math.max(0, box.top) &&
                r.top < Math.min(window.innerHeight, box.bottom),
            )
            .map(({ name, r }) => ({ name, left: r.left, right: r.right, top: r.top, bottom: r.bottom })),
        );
      expect(controls.some((c) => c.name === "Close")).toBe(true);
      const boxes = await notices.evaluateAll((elements) =>
        elements.map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
      );
      const overlaps = controls.filter((c) =>
        boxes.some((b) => c.left < b.right && c.right > b.left && c.top < b.bottom && c.bottom > b.top),
      );
      expect(overlaps).toEqual([]);
      // The dialog itself, scrolled to its end, still ends above the notices.
      const dialogBox = (await dialog.boundingBox())!;
      expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(Math.min(...boxes.map((b) => b.top)));
    });
});
