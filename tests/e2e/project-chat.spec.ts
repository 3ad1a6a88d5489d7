import { expect, test, type Page } from "./test";
import { ownerToken } from "./admin-fixtures";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  waitForHydration,
  watchConsole,
} from "./fixtures";
import { unique } from "./admin-content-helpers";
import { submitProject } from "./portal-fixtures";

const BAKERY = "A site for our Newport bakery: the menu, opening hours and how to order a cake.";

/**
 * The client's project chat in the portal (docs/product/client-portal.md "Project chat"): the
 * client writes with files attached, a refused file is marked failed and skipped, and the owner's
 * reply arrives live over the project's socket.
 */

async function openProject(page: Page, projectId: string) {
  await dismissCookieBanner(page);
  await page.goto("/client-portal");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Project ID" }).fill(projectId);
  await page.getByRole("button", { name: "Find My Project" }).click();
  await expect(page.getByTestId("portal-project-id")).toHaveText(projectId);
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test(
  "a client chats about the project with files, and the owner's reply arrives live @phone",
  { tag: ["@db", "@server"] },
  async ({ page }, info) => {
    const errors = watchConsole(page);
    const projectId = await submitProject(page.request, "Iris Lane", `chat.${unique()}@example.com`, BAKERY);
    await openProject(page, projectId);

    const chat = page.getByTestId("project-discussion");
    const log = chat.getByRole("log", { name: "Project messages" });
    await expect(log).toContainText("No messages yet");
    const box = chat.getByRole("textbox", { name: "Message" });
    const send = chat.getByRole("button", { name: "Send" });
    await expect(send, "nothing to send yet").toBeDisabled();
    await box.fill("   ");
    await expect(send, "blank text is nothing").toBeDisabled();

    // Shift+Enter adds a line; Enter sends.
    await box.fill("Hello Tyler,");
    await box.press("Shift+Enter");
    await box.pressSequentially("here is our logo.");
    await expect(box).toHaveValue("Hello Tyler,\nhere is our logo.");
    await chat.getByLabel("Attach files").setInputFiles([
      { name: "logo.png", mimeType: "image/png", buffer: PNG },
      { name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") },
    ]);
    const pending = chat.getByRole("list", { name: "Files to send" });
    await expect(pending.getByRole("listitem")).toHaveCount(2);
    await expect(pending.getByRole("listitem").filter({ hasText: "setup.exe" })).toContainText("Failed");
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await box.press("Enter");

    const mine = log.locator('[data-author="client"]');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText("Iris Lane");
    await expect(mine.getByTestId("comment-content")).toHaveText("Hello Tyler,\nhere is our logo.");
    await expect(mine.getByRole("img", { name: "logo.png" })).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(pending, "the pending files are cleared after the send").toHaveCount(0);

    // A file alone can be sent, the text left empty.
    await chat.getByLabel("Attach files").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Opening hours: 7-15"),
    });
    await expect(send).toBeEnabled();
    await send.click();
    await expect(mine).toHaveCount(2);
    await expect(mine.nth(1).getByRole("link", { name: /notes\.txt/ })).toBeVisible();

    // The owner replies from the back office: it shows here without a reload.
    const reply = await page.request.post(`/api/projects/${projectId}/comments`, {
      headers: { Authorization: `Bearer ${ownerToken()}` },
      data: { content: "Thanks Iris, the logo looks great.", attachments: [] },
    });
    expect(reply.status()).toBe(201);
    const theirs = log.locator('[data-author="admin"]');
    await expect(theirs).toContainText("Thanks Iris, the logo looks great.");
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await chat.screenshot({ path: info.outputPath(`project-chat-${info.project.name}.png`) });

    // After a reload the whole discussion is there, oldest first.
    await page.reload();
    await waitForHydration(page);
    await expect(log.locator("[data-author]")).toHaveCount(3);
    await expect(log.locator("[data-author]").last()).toHaveAttribute("data-author", "admin");
    expect(errors).toEqual([]);
  },
);
