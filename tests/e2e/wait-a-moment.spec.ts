import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./test";
import { fillPath } from "~/contracts/endpoint";
import { mediaEndpoints } from "~/contracts/media";
import { projectCommentsEndpoints } from "~/contracts/project-comments";
import { quotesEndpoints } from "~/contracts/quotes";
import { site } from "~/config/site";
import { ADMIN, ownerToken } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";
import { expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { submitProject } from "./portal-fixtures";
import { bearer, openPortalProject, portalSession, quoteCard, sendQuote } from "./portal-billing-helpers";

/**
 * Told to wait (docs/decisions/046-limits-per-token-and-process.md): a token past its PDFs or
 * uploads of the minute gets 429, and the screens say "Please wait a moment" with the seconds,
 * keeping what was typed and picked. Each journey spends its own token's allowance through the
 * API first (calls the server counts, then refuses for what they are: no such quote, no file),
 * so no other journey is slowed.
 */

const STARTER = site.pricing.tiers.find((tier) => tier.id === "starter-site")!;
const WAIT = /Please wait a moment: too many (PDF downloads|uploads) in the last minute\. Try again in \d+ seconds?\./;

/** PDFs and uploads a token may ask for in a minute (server/lib/call-limits.ts CALL_LIMITS). */
const PER_MINUTE = 30;

/** Spends the token's allowance of the minute: every call counts, whatever it is answered. */
async function spend(request: APIRequestContext, token: string, call: { method: "get" | "post"; path: string }) {
  for (let i = 0; i < PER_MINUTE; i++) {
    const res = await request[call.method](call.path, { headers: bearer(token) });
    expect(res.status(), `call ${i + 1} is counted and answered for what it is`).not.toBe(429);
  }
}
/** A PDF of no quote (404 at once), and uploads without a file (400 at once). */
const NO_PDF = { method: "get", path: fillPath(quotesEndpoints.clientPdf.path, { quoteId: 2_147_483_000 }) } as const;
const CLIENT_UPLOAD = { method: "post", path: projectCommentsEndpoints.upload.path } as const;
const OWNER_UPLOAD = { method: "post", path: mediaEndpoints.upload.path } as const;

/** Console errors other than the browser's own line for the 429s and 404s the journey causes. */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: .* (404|429)/.test(e));

test(
  "a client told to wait reads so by the PDF and in the chat, with the message and its file kept @phone",
  { tag: "@db" },
  async ({ page }) => {
    const errors = watchConsole(page);
    const projectId = await submitProject(page.request, "Nadia Ferreira", `wait.${unique()}@example.com`);
    const quote = await sendQuote(page.request, ownerToken(), projectId, {
      lines: [{ description: STARTER.line, quantity: 1, unit_price_cents: STARTER.price * 100, preset: STARTER.id }],
    });
    await openPortalProject(page, projectId);
    const token = await portalSession(page);
    expect(token).not.toBe("");

    // The PDF: the button says to wait, in words, with the seconds.
    await spend(page.request, token, NO_PDF);
    const card = quoteCard(page, quote);
    await card.getByRole("button", { name: `Open PDF of ${quote.number}` }).click();
    await expect(card.getByRole("alert")).toHaveText(WAIT);
    await expect(card.getByRole("alert")).toBeVisible();

    // The chat: the upload is told to wait; the text and the file stay for the next send.
    await spend(page.request, token, CLIENT_UPLOAD);
    const chat = page.getByTestId("project-discussion");
    const box = chat.getByRole("textbox", { name: "Message" });
    await box.fill("Here is the floor plan of the shop.");
    await chat.getByLabel("Attach files").setInputFiles({
      name: "floor-plan.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
    });
    await chat.getByRole("button", { name: "Send" }).click();
    const status = chat.getByRole("status");
    await expect(status).toContainText(WAIT);
    await expect(status).toContainText("Your message and its files are still here");
    await expect(status).toBeVisible();
    await expect(box).toHaveValue("Here is the floor plan of the shop.");
    const pending = chat.getByRole("list", { name: "Files to send" }).getByRole("listitem");
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText("floor-plan.pdf");
    await expect(pending).toContainText("Ready to send");
    await expect(chat.getByRole("log", { name: "Project messages" })).toContainText("No messages yet");
    await expectNoHorizontalOverflow(page);
    expect(unexpected(errors)).toEqual([]);
  },
);

test(
  "the owner told to wait keeps the files, the project and the description in the upload dialog",
  { tag: "@db" },
  async ({ page }) => {
    // A session of its own: the journeys' saved session keeps its allowance.
    const login = await page.request.post("/api/auth/login", { data: ADMIN });
    expect(login.status()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    await spend(page.request, token, OWNER_UPLOAD);

    await page.addInitScript((value) => window.localStorage.setItem("auth-token", value), token);
    await page.goto("/admin/media");
    await expect(page.getByRole("heading", { name: "Media Library", level: 1 })).toBeVisible({ timeout: 20_000 });
    const t = unique();
    await page.getByTestId("media-file-input").setInputFiles([
      { name: `sign-${t}.pdf`, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
      { name: `notes-${t}.txt`, mimeType: "text/plain", buffer: Buffer.from("Opening hours") },
    ]);
    const dialog = page.getByRole("dialog", { name: "Upload Files" });
    await dialog.getByLabel("Description (optional)").fill(`The shop's sign ${t}`);
    await dialog.getByRole("button", { name: "Upload Files" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(WAIT);
    // It stopped there: the dialog, both files, the description and the button stay.
    await expect(dialog.getByText(`sign-${t}.pdf`)).toBeVisible();
    await expect(dialog.getByText(`notes-${t}.txt`)).toBeVisible();
    await expect(dialog.getByText("Uploaded")).toHaveCount(0);
    await expect(dialog.getByLabel("Description (optional)")).toHaveValue(`The shop's sign ${t}`);
    await expect(dialog.getByRole("button", { name: "Upload Files" })).toBeEnabled();
  },
);
