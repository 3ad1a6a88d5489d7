import { defaultProjectName } from "~/contracts/project-terms";
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Locator, type Page } from "./test";
import type { Contact } from "~/contracts/contacts";
import { AUTH_TOKEN_KEY } from "../../app/lib/admin/session";
import { expectAccessible, expectNoHorizontalOverflow, waitForHydration, watchConsole } from "./fixtures";
import { ownerToken, signIn } from "./admin-fixtures";

/**
 * Lead Management (/admin/contacts) end to end against the real server:
 * submissions, status changes, the communication log, add / edit / import,
 * the Project link, Export CSV, accessibility and the phone layout.
 * Every test makes its own contacts, so they run in any order and in parallel.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Errors a journey may cause on purpose (a refused request) or the dev server's own nonce warning. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith("Failed to load resource") && !(e.includes("hydrated") && e.includes("nonce")));

/**
 * The password check is deliberately slow, so the journeys reuse the session the
 * setup project saved (the sign-in page itself is covered by admin-auth.spec.ts
 * and by the first journey here).
 */
let token = "";
test.beforeAll(() => {
  token = ownerToken();
});

async function openAdmin(page: Page, path = "/admin/contacts") {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [AUTH_TOKEN_KEY, token]);
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator("#admin-main")).toBeVisible({ timeout: 30_000 });
}

async function createContact(request: APIRequestContext, data: Record<string, unknown>): Promise<Contact> {
  const res = await request.post("/api/admin/contacts", { data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).contact as Contact;
}

async function getContact(request: APIRequestContext, id: number): Promise<Contact> {
  const res = await request.get(`/api/admin/contacts/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).contact as Contact;
}

/** The visible row (desktop table) or card (phone) that mentions `text`. */
const rowOf = (page: Page, text: string): Locator =>
  page
    .getByRole("row")
    .or(page.getByRole("list", { name: "Contacts" }).getByRole("listitem"))
    .filter({ hasText: text });

async function searchFor(page: Page, text: string) {
  await page.getByLabel("Search contacts").fill(text);
  // The server's answer to this search, not the previous page fading while it loads.
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === text);
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await expect(rowOf(page, text)).toHaveCount(1);
  return rowOf(page, text);
}

const statCard = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Lead counts" })
    .locator(":scope > div")
    .filter({ hasText: label })
    .locator(":scope > p")
    .first();

test.describe("lead management", { tag: "@db" }, () => {
  // Each journey loads the admin and makes several round trips; give slow machines room.
  test.describe.configure({ timeout: 60_000 });

  test("a website submission shows under Submissions and Mark Contacted moves it to Contacted", async ({ page }) => {
    const errors = watchConsole(page);
    const email = `form.${unique()}@example.com`;
    const res = await page.request.post("/api/submissions", {
      data: {
        name: "Nadia Ferreira",
        email,
        siteType: "business",
        budget: "300-500",
        timeline: "1month",
        readiness: "ready",
        description: "A site for our Bristol sailing school: lesson times, prices and a booking request form.",
      },
    });
    expect(res.status(), await res.text()).toBe(200);

    await signIn(page, "/admin/contacts?view=submissions");
    await expect(page.getByRole("tab", { name: /^Submissions \([\d,]+\)$/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Website submissions create contacts automatically")).toBeVisible();
    // Import and Add belong to the Contacts tab.
    await expect(page.getByRole("button", { name: "Import JSON" })).toHaveCount(0);

    const row = await searchFor(page, email);
    await expect(row.getByText("Form", { exact: true })).toBeVisible();
    await expect(row.getByRole("combobox")).toHaveValue("submitted");
    await row.getByRole("button", { name: /Mark Contacted/ }).click();
    await expect(row.getByRole("combobox")).toHaveValue("contacted");
    await expect(row.getByRole("button", { name: /Mark Contacted/ })).toHaveCount(0);
    await expect(page.getByText("Nadia Ferreira is now Contacted")).toBeVisible();

    // The server agrees after a reload.
    await page.reload();
    await expect((await searchFor(page, email)).getByRole("combobox")).toHaveValue("contacted");

    // Switching tabs updates the address and keeps the search: each tab is a list of its own.
    await page.getByRole("tab", { name: /^Contacts \([\d,]+\)$/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/admin/contacts" && !url.searchParams.has("view"));
    expect(new URL(page.url()).searchParams.get("q")).toBe(email);
    await expect(page.getByRole("button", { name: "Add Contact" })).toBeVisible();
    await page.getByRole("tab", { name: /^Submissions/ }).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("view") === "submissions" && url.searchParams.get("q") === email,
    );
    expect(unexpected(errors)).toEqual([]);
  });

  test("a status chosen in the dropdown updates the stat card; a refused change rolls back", async ({ page }) => {
    const email = `status.${unique()}@example.com`;
    await createContact(page.request, { name: "Owen Castle", email });
    await openAdmin(page);
    const active = statCard(page, "Active Conversations");
    await expect(active).toHaveText(/^[\d,]+$/);
    const before = Number((await active.textContent())!.replace(/,/g, ""));

    const row = await searchFor(page, email);
    await row.getByRole("combobox").selectOption("qualified");
    await expect(page.getByText("Owen Castle is now Qualified")).toBeVisible();
    await expect.poll(async () => Number((await active.textContent())!.replace(/,/g, ""))).toBeGreaterThan(before);

    // The server refuses: the row shows the old status again and the owner is told.
    await page.route("**/api/admin/contacts/*/status", (route) => route.fulfill({ status: 500, json: {} }));
    await row.getByRole("combobox").selectOption("won");
    await expect(page.getByText("Failed to update contact status")).toBeVisible();
    await expect(row.getByRole("combobox")).toHaveValue("qualified");
  });

  test("logging a call with auto-advance moves a New contact to Contacted and the log lists it", async ({ page }) => {
    const errors = watchConsole(page);
    const email = `log.${unique()}@example.com`;
    const contact = await createContact(page.request, { name: "Priya Natarajan", email });
    await openAdmin(page);
    const row = await searchFor(page, email);
    await row.getByRole("button", { name: /^Log/ }).click();

    const dialog = page.getByRole("dialog", { name: "Communication Log" });
    await expect(dialog.getByText("No communications logged yet.")).toBeVisible();
    // Subject only for email and meeting.
    await dialog.getByLabel("Type").selectOption("email");
    await expect(dialog.getByLabel("Subject")).toBeVisible();
    await dialog.getByLabel("Type").selectOption("call");
    await expect(dialog.getByLabel("Subject")).toHaveCount(0);
    // Content is required after trimming.
    await dialog.getByLabel("Content").fill("   ");
    await dialog.getByRole("button", { name: "Add Communication" }).click();
    await expect(dialog.getByText("Communication content is required")).toBeVisible();

    await dialog.getByLabel("Direction").selectOption("outbound");
    await dialog.getByLabel("Content").fill("Called about the homepage draft; she wants a gallery page.");
    await dialog.getByLabel("Auto-advance status").check();
    await expect(dialog.getByText("This contact: New → Contacted.")).toBeVisible();
    await dialog.getByRole("button", { name: "Add Communication" }).click();

    await expect(dialog.getByRole("listitem").filter({ hasText: "Called about the homepage draft" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "History (1)" })).toBeVisible();
    await expect(dialog.getByText("Current status:")).toContainText("Contacted");
    await expect(dialog.getByLabel("Content")).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(row.getByRole("combobox")).toHaveValue("contacted");
    expect((await getContact(page.request, contact.id)).status).toBe("contacted");
    expect(unexpected(errors)).toEqual([]);
  });

  test("details show the 3 latest communications with the Auto badge and the count of the rest", async ({ page }) => {
    const email = `details.${unique()}@example.com`;
    const sent = await page.request.post("/api/contact", {
      data: {
        name: "Hannah Cole",
        email,
        subject: "A site for my shop",
        message: "Could you build a site for my flower shop in Newport?",
      },
    });
    expect(sent.status(), await sent.text()).toBeLessThan(400);
    await openAdmin(page);
    const row = await searchFor(page, email);
    const id = Number(
      new URL((await row.getByRole("link", { name: /^Project/ }).getAttribute("href"))!, "http://x").searchParams.get(
        "contact_id",
      ),
    );
    for (const n of [1, 2, 3])
      await page.request.post(`/api/admin/contacts/${id}/communications`, {
        data: { type: "note", content: `Follow-up note ${n}` },
        headers: { Authorization: `Bearer ${token}` },
      });

    await row.getByRole("button", { name: /^View/ }).click();
    const details = page.getByRole("dialog", { name: "Contact Details" });
    await expect(details.getByRole("heading", { name: "Communications (4)" })).toBeVisible();
    await expect(details.getByRole("listitem")).toHaveCount(3);
    await expect(details.getByText("Follow-up note 3")).toBeVisible();
    await expect(details.getByText("+ 1 more")).toBeVisible();
    await expect(details.getByText("Could you build a site for my flower shop in Newport?").first()).toBeVisible();

    // The full log has the form's message, marked Auto.
    await details.getByRole("button", { name: "Open communication log" }).click();
    const log = page.getByRole("dialog", { name: "Communication Log" });
    await expect(log.getByRole("heading", { name: "History (4)" })).toBeVisible();
    const auto = log.getByRole("listitem").filter({ hasText: "A site for my shop" });
    await expect(auto.getByText("Auto", { exact: true })).toBeVisible();
  });

  test("the new-lead e-mail's link (/admin/contacts?contact=ID) opens that contact's details", async ({ page }) => {
    const email = `linked.${unique()}@example.com`;
    const contact = await createContact(page.request, { name: "Lena Okafor", email });
    await openAdmin(page, `/admin/contacts?contact=${contact.id}`);
    const details = page.getByRole("dialog", { name: "Contact Details" });
    await expect(details.getByText(email).first()).toBeVisible();
    await expect(page, "the address is left clean").toHaveURL(/\/admin\/contacts$/);
    await page.keyboard.press("Escape");
    await expect(details).toBeHidden();
  });

  test("adding a contact, then the same email again shows the duplicate error and keeps the form", async ({ page }) => {
    const errors = watchConsole(page);
    const email = `add.${unique()}@example.com`;
    // The dashboard's link: ?add=1 opens the dialog and leaves the address.
    await openAdmin(page, "/admin/contacts?add=1");
    const dialog = page.getByRole("dialog", { name: "Add Contact" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/contacts$/);

    await dialog.getByRole("button", { name: "Add Contact" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Email is required")).toBeVisible();
    await expect(dialog.getByLabel("Initial status").locator("option")).toHaveText(["New", "Contacted", "Qualified"]);

    await dialog.getByLabel("Name").fill("Marco DiSanto");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Phone").fill("401-555-0147");
    await dialog.getByLabel("Company").fill("DiSanto Landscaping");
    await dialog.getByLabel("Source").selectOption("referral");
    await dialog.getByLabel("Initial status").selectOption("contacted");
    await dialog.getByLabel("Notes").fill("Met at the Warwick chamber breakfast.");
    await dialog.getByRole("button", { name: "Add Contact" }).click();
    await expect(dialog).toBeHidden();
    const row = await searchFor(page, email);
    await expect(row.getByRole("combobox")).toHaveValue("contacted");
    await expect(row.getByText("Referral")).toBeVisible();

    await page.getByRole("button", { name: "Add Contact" }).click();
    await dialog.getByLabel("Name").fill("Marco D.");
    await dialog.getByLabel("Email").fill(email.toUpperCase());
    await dialog.getByRole("button", { name: "Add Contact" }).click();
    await expect(dialog.getByRole("alert")).toContainText("already exists");
    await expect(dialog.getByLabel("Name")).toHaveValue("Marco D.");
    await expect(dialog.getByLabel("Email")).toHaveValue(email.toUpperCase());
    expect(unexpected(errors)).toEqual([]);
  });

  test("editing: name and email are required, and a lead score of 'abc' is saved as 0", async ({ page }) => {
    const email = `edit.${unique()}@example.com`;
    const contact = await createContact(page.request, { name: "Lena Brooks", email, lead_score: 40 });
    await openAdmin(page);
    const row = await searchFor(page, email);
    await expect(row.getByText("Lead score 40")).toBeVisible();
    await row.getByRole("button", { name: /^Edit/ }).click();

    const dialog = page.getByRole("dialog", { name: "Edit Contact" });
    await expect(dialog.getByLabel("Source").locator("option")).toHaveText([
      "Manual",
      "Referral",
      "Social media",
      "Networking",
      "Cold outreach",
      "Other",
      "Website form",
    ]);
    await dialog.getByLabel("Name").fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Name and email are required");

    await dialog.getByLabel("Name").fill("Lena Brooks-Hale");
    await dialog.getByLabel("Status").selectOption("proposal");
    await dialog.getByLabel("Lead score").fill("abc");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.locator("p").first()).toHaveText("Lena Brooks-Hale");
    await expect(row.getByText("Lead score 0")).toBeVisible();
    await expect(row.getByText("Proposal Sent").first()).toBeVisible();
    expect(await getContact(page.request, contact.id)).toMatchObject({
      lead_score: 0,
      status: "proposal",
      name: "Lena Brooks-Hale",
    });
  });

  test("JSON import: file checks, preview, then created, updated and failed entries", async ({ page }) => {
    test.slow();
    const u = unique();
    const existing = `existing.${u}@example.com`;
    await createContact(page.request, { name: "Harbor Light Cafe", email: existing });
    // The page's clock, so the 2 s auto-close can be waited out without sleeping.
    await page.clock.install();
    await openAdmin(page);
    await page.getByRole("button", { name: "Import JSON" }).click();
    const dialog = page.getByRole("dialog", { name: "Import JSON" });
    const file = dialog.getByLabel("JSON file");

    await file.setInputFiles({ name: "contacts.txt", mimeType: "text/plain", buffer: Buffer.from("[]") });
    await expect(dialog.getByRole("alert")).toHaveText("Please select a JSON file");
    await file.setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from("{ not json") });
    await expect(dialog.getByRole("alert")).toHaveText("Invalid JSON file format");
    await file.setInputFiles({
      name: "object.json",
      mimeType: "application/json",
      buffer: Buffer.from('{"contacts": []}'),
    });
    await expect(dialog.getByRole("alert")).toHaveText("JSON file must contain an array of contacts");

    const entries = [
      {
        businessName: `Bayside Bikes ${u}`,
        email: `bikes.${u}@example.com`,
        phone: "401-555-0101",
        businessType: "Bike shop",
      },
      { name: `Quahog Diner ${u}`, phone: "(401) 555-0102", address: "9 Shore Rd, Narragansett" },
      { name: "Harbor Light Cafe", email: existing.toUpperCase(), phone: "401-555-0103" },
      { name: `Nobody Reachable ${u}` },
    ];
    await file.setInputFiles({
      name: "leads.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(entries)),
    });
    await expect(dialog.getByText("leads.json: 4 entries")).toBeVisible();
    await expect(dialog.getByRole("row")).toHaveCount(5);
    await expect(dialog.getByRole("row").filter({ hasText: `Nobody Reachable ${u}` })).toContainText(
      "Missing phone or email",
    );
    await dialog.getByRole("button", { name: "Import 4 Contacts" }).click();

    const results = dialog.getByTestId("import-results");
    await expect(results).toContainText("Successfully imported 2 new contacts");
    await expect(results).toContainText("Successfully updated 1 existing contacts");
    await expect(results).toContainText("1 contacts failed to process:");
    await expect(results.getByRole("listitem")).toHaveText([`Nobody Reachable ${u}: Missing phone or email`]);
    // With a failure the dialog stays open, past the 2 s after which a full success closes it.
    await page.clock.fastForward(2_500);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await searchFor(page, `Quahog Diner ${u}`);
    await expect(rowOf(page, `Quahog Diner ${u}`)).toContainText("JSON import");

    // Everything through: the dialog closes by itself after 2 s.
    await page.getByRole("button", { name: "Import JSON" }).click();
    await file.setInputFiles({
      name: "one.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify([{ name: `Solo Studio ${u}`, email: `solo.${u}@example.com` }])),
    });
    await dialog.getByRole("button", { name: "Import 1 Contacts" }).click();
    await expect(dialog.getByText("Successfully imported 1 new contacts")).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5000 });

    // A request failure.
    await page.route("**/api/admin/contacts/import", (route) =>
      route.fulfill({ status: 500, json: { error: "Database unavailable" } }),
    );
    await page.getByRole("button", { name: "Import JSON" }).click();
    await file.setInputFiles({ name: "one.json", mimeType: "application/json", buffer: Buffer.from("[{}]") });
    await dialog.getByRole("button", { name: "Import 1 Contacts" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Failed to process JSON file: Database unavailable");
  });

  test("the Project button carries the contact's id, name and email, URL-encoded, and a name for the project", async ({
    page,
  }) => {
    const u = unique();
    const name = `Zoë O'Brien & Sons ${u}`;
    const email = `zoe+${u}@example.com`;
    const contact = await createContact(page.request, { name, email });
    await openAdmin(page);
    const row = await searchFor(page, email);
    const href = (await row.getByRole("link", { name: /^Project/ }).getAttribute("href"))!;
    expect(href.startsWith("/admin/projects?")).toBe(true);
    expect(href).toContain("%26"); // the & of the name
    expect(href).toContain("%2B"); // the + of the e-mail
    const params = new URL(href, "http://x").searchParams;
    expect(Object.fromEntries(params)).toEqual({
      create: "true",
      contact_id: String(contact.id),
      contact_name: name,
      contact_email: email,
      name: defaultProjectName(name, null),
    });
  });

  test("Export CSV downloads the filtered rows with proper quoting", async ({ page }) => {
    const tag = `csv${unique()}`;
    await createContact(page.request, {
      name: `Lopez, "Ana"`,
      email: `ana.${tag}@example.com`,
      company: `Tide ${tag}`,
      status: "qualified",
    });
    await createContact(page.request, {
      name: "Ben Hart",
      email: `ben.${tag}@example.com`,
      company: `Tide ${tag}`,
      phone: "+1 401 555 0190",
    });
    await createContact(page.request, { name: "Cara Lin", email: `cara.${tag}@example.com`, company: `Tide ${tag}` });
    await openAdmin(page);
    await page.getByLabel("Search contacts").fill(tag);
    // The search reaches the address (and the server) before the filter is chosen.
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === tag);
    await expect(rowOf(page, tag)).toHaveCount(3);
    await page.getByLabel("Filter by status").selectOption("new");
    await expect(rowOf(page, tag)).toHaveCount(2);

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("Name,Email,Phone,Company,Status,Lead Score,Source,Created");
    expect(lines).toHaveLength(3);
    expect(text).toContain(`Ben Hart,ben.${tag}@example.com,+1 401 555 0190,Tide ${tag},New,0,Manual,`);
    expect(text).not.toContain("Lopez");

    await page.getByLabel("Filter by status").selectOption("all");
    const all = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const allText = await readFile((await (await all).path())!, "utf8");
    expect(allText).toContain(`"Lopez, ""Ana""",ana.${tag}@example.com,,Tide ${tag},Qualified,0,Manual,`);
  });

  test("loading errors offer Retry; an empty list points to Add Contact and Import JSON", async ({ page }) => {
    // The list asks for a page (?limit=&offset=); the counts are another address.
    const list = /\/api\/admin\/contacts(\?.*)?$/;
    await page.route(list, (route) => route.fulfill({ status: 500, json: {} }));
    await openAdmin(page);
    await expect(page.getByRole("heading", { name: "Error loading contacts" })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText("Failed to fetch contacts")).toBeVisible();

    await page.unroute(list);
    await page.route(list, (route) =>
      route.fulfill({ status: 200, json: { contacts: [], total: 0, limit: 50, offset: 0 } }),
    );
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("heading", { name: "No contacts yet" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Contact" })).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Import JSON" })).toHaveCount(2);
  });

  test("the screen and each dialog pass axe", async ({ page }) => {
    test.slow();
    const email = `axe.${unique()}@example.com`;
    await createContact(page.request, { name: "Iris Vale", email, phone: "401-555-0111", company: "Vale Pottery" });
    await openAdmin(page);
    const row = await searchFor(page, email);
    await expectAccessible(page);

    const check = async (open: () => Promise<void>, title: string) => {
      await open();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    };
    await check(() => row.getByRole("button", { name: /^View/ }).click(), "Contact Details");
    await check(() => row.getByRole("button", { name: /^Edit/ }).click(), "Edit Contact");
    await check(async () => {
      await row.getByRole("button", { name: /^Log/ }).click();
      await expect(page.getByText("No communications logged yet.")).toBeVisible();
    }, "Communication Log");
    await check(async () => {
      await page.getByRole("button", { name: "Add Contact" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Add Contact" }).click();
      await expect(page.getByText("Name is required")).toBeVisible();
    }, "Add Contact");
    await check(async () => {
      await page.getByRole("button", { name: "Import JSON" }).click();
      await page.getByLabel("JSON file").setInputFiles({
        name: "a.json",
        mimeType: "application/json",
        buffer: Buffer.from('[{"name":"A","email":"a@example.com"}]'),
      });
      await expect(page.getByText("a.json: 1 entry")).toBeVisible();
    }, "Import JSON");
    await row.getByRole("button", { name: /^Email/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page);
  });

  test("on a phone the leads are cards, nothing overflows, and the log works @phone", async ({ page }) => {
    test.slow();
    const errors = watchConsole(page);
    const email = `phone.${unique()}@example.com`;
    await createContact(page.request, {
      name: "Sam Okafor",
      email,
      company: "Okafor Tailoring",
      phone: "401-555-0177",
    });
    await openAdmin(page);
    const row = await searchFor(page, email);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    await row.getByRole("button", { name: /^Log/ }).click();
    const dialog = page.getByRole("dialog", { name: "Communication Log" });
    await dialog.getByLabel("Type").selectOption("note");
    await dialog.getByLabel("Content").fill("Dropped off a business card at the shop.");
    // The save's own answer first: a refused one names its status here rather than as a missing heading.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && /\/communications$/.test(new URL(response.url()).pathname),
    );
    await dialog.getByRole("button", { name: "Add Communication" }).click();
    expect((await saved).status()).toBe(201);
    // The log then refetches beside the list and its counts, which on a busy machine can take a while.
    await expect(dialog.getByRole("heading", { name: "History (1)" })).toBeVisible({ timeout: 20_000 });
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press("Escape");
    await expect(row.getByRole("combobox")).toHaveValue("contacted");

    await page.getByRole("tab", { name: /^Submissions/ }).click();
    await expect(page).toHaveURL(/view=submissions/);
    await expectNoHorizontalOverflow(page);
    expect(unexpected(errors)).toEqual([]);
  });
});
