import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./test";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { OWNER_STATE, openSignedIn, ownerToken } from "./admin-fixtures";

/** docs/product/api-docs.md "The screen", "The tester" (API version 1.0.0). */

const LOADED = { timeout: 20_000 };

async function openApiDocs(page: Page) {
  await openSignedIn(page, "/admin/api");
  await expect(page.getByRole("heading", { name: "API Documentation", level: 1 })).toBeVisible(LOADED);
  await expect(page.getByRole("heading", { name: "Websites by Tyler API" })).toBeVisible(LOADED);
}

/** An endpoint's card, found through the filter box. */
async function findEndpoint(page: Page, key: string) {
  await page.getByLabel("Find an endpoint").fill(key.split(" ")[1]!);
  const endpoint = page.getByRole("region", { name: key, exact: true });
  await expect(endpoint).toBeVisible();
  return endpoint;
}

test.describe("API documentation", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });

  test("the owner tests GET /api/admin/contacts with the token (green 200), then without it (yellow 401)", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await openApiDocs(page);
    await expect(page.getByText(/Version\s+1\.0\.0/)).toBeVisible();
    // The tester starts with the signed-in owner's own token.
    await expect(page.getByLabel("Token", { exact: true })).toHaveValue(ownerToken());

    const endpoint = await findEndpoint(page, "GET /api/admin/contacts");
    await expect(endpoint).toContainText("A page of contacts");
    await endpoint.getByRole("button", { name: "Test" }).click();
    await expect(endpoint.getByLabel("status (query)")).toBeVisible();
    await endpoint.getByRole("button", { name: "Send" }).click();
    const answer = endpoint.getByRole("status", { name: "Response" });
    await expect(answer).toContainText("200 OK");
    await expect(answer).toContainText('"contacts": [');
    await expect(answer.locator("[data-tone]")).toHaveAttribute("data-tone", "green");
    await expect(answer.locator("[data-tone]")).toHaveClass(/bg-green-50/);

    // Without a token the same request is refused, and the owner stays signed in on this screen.
    await page.getByLabel("Token", { exact: true }).clear();
    await endpoint.getByRole("button", { name: "Send" }).click();
    await expect(answer).toContainText("401 Unauthorized");
    await expect(answer).toContainText("Sign in required");
    await expect(answer.locator("[data-tone]")).toHaveAttribute("data-tone", "yellow");
    await expect(answer.locator("[data-tone]")).toHaveClass(/bg-yellow-50/);
    await expect(page).toHaveURL(/\/admin\/api$/);

    // The endpoint's documentation: parameters, the response schema by component name, usage examples.
    await expect(endpoint.getByRole("region", { name: "Parameters of GET /api/admin/contacts" })).toContainText("view");
    await endpoint.getByText("ContactListRow[]").click();
    await expect(endpoint.getByText("submission_data", { exact: true })).toBeVisible();
    const origin = new URL(page.url()).origin;
    await expect(endpoint.getByRole("figure").filter({ hasText: "curl" })).toContainText(
      `curl '${origin}/api/admin/contacts'`,
    );
    await expect(
      endpoint.getByRole("button", { name: "Copy the fetch example of GET /api/admin/contacts" }),
    ).toBeVisible();
    expect(errors.filter((e) => !e.includes("401"))).toEqual([]);
  });

  test("a POST sends the example body and answers 201; a bad body answers 400 in yellow", async ({ page }) => {
    await openApiDocs(page);
    const endpoint = await findEndpoint(page, "POST /api/admin/contacts");
    await endpoint.getByRole("button", { name: "Test" }).click();
    const body = endpoint.getByLabel("Request body (JSON)");
    await expect(body).toHaveValue(/"email": "marta@quinnpottery\.example\.com"/);
    // A unique address, so this journey can run again on the same database.
    const email = `api-docs-${Date.now()}@example.com`;
    await body.fill((await body.inputValue()).replace("marta@quinnpottery.example.com", email));
    await endpoint.getByRole("button", { name: "Send" }).click();
    const answer = endpoint.getByRole("status", { name: "Response" });
    await expect(answer).toContainText("201 Created");
    await expect(answer).toContainText(email);

    await body.fill('{ "name": "" }');
    await expect(endpoint.getByText("The body is not valid JSON.")).toBeHidden();
    await endpoint.getByRole("button", { name: "Send" }).click();
    await expect(answer).toContainText("400 Bad Request");
    await expect(answer.locator("[data-tone]")).toHaveAttribute("data-tone", "yellow");
  });

  test("a WebSocket is tested by opening it: a new message of the inquiry arrives as a frame", async ({ page }) => {
    await openApiDocs(page);
    const created = await page.request.post("/api/inquiries/create", { data: {} });
    expect(created.status()).toBe(201);
    const { inquiryId } = (await created.json()) as { inquiryId: string };

    const endpoint = await findEndpoint(page, "GET /api/inquiries/{id}/websocket");
    await endpoint.getByRole("button", { name: "Test" }).click();
    await endpoint.getByLabel("id (path)").fill(inquiryId);
    await endpoint.getByRole("button", { name: "Connect" }).click();
    await expect(endpoint.getByRole("status", { name: "Connection" })).toContainText("101 Switching Protocols", LOADED);
    const sent = await page.request.post(`/api/inquiries/${inquiryId}/messages`, {
      headers: { Authorization: `Bearer ${ownerToken()}` },
      data: { author_type: "admin", content: "Hello from the API page", message_type: "message" },
    });
    expect(sent.status()).toBe(201);
    await expect(endpoint.getByRole("list", { name: "Frames received" })).toContainText("Hello from the API page");
    await endpoint.getByRole("button", { name: "Disconnect" }).click();
    await expect(endpoint.getByRole("status", { name: "Connection" })).toContainText("Closed");
  });

  test("Export OpenAPI downloads openapi.json, the document the screen shows", async ({ page }) => {
    await openApiDocs(page);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export OpenAPI" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("openapi.json");
    const doc = JSON.parse(await readFile(await file.path(), "utf8")) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe("1.0.0");
    expect(Object.keys(doc.paths)).toContain("/api/admin/contacts");
    expect(doc).toEqual(await (await page.request.get("/api/openapi.json")).json());
  });

  test("fits a phone and has no serious accessibility problems @phone", async ({ page }) => {
    // axe reads every one of the 67 endpoints: slow on a busy two-core machine.
    test.slow();
    await openApiDocs(page);
    const endpoint = await findEndpoint(page, "PUT /api/admin/contacts/{id}/status");
    await endpoint.getByRole("button", { name: "Test" }).click();
    // An id no contact has: the journeys share one database, and the example id may be a real lead.
    await endpoint.getByLabel("id (path)").fill("2147483000");
    await endpoint.getByRole("button", { name: "Send" }).click();
    await expect(endpoint.getByRole("status", { name: "Response" })).toContainText("404 Not Found");
    await page.getByLabel("Find an endpoint").clear();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
