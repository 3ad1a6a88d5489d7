import { defaultProjectName } from "~/contracts/project-terms";
import { expect, test, type APIRequestContext, type Locator, type Page } from "./test";
import type { ProjectDetail } from "~/contracts/projects";
import { queryAppDb } from "./db";
import { expectAccessible, expectNoHorizontalOverflow, waitForHydration, watchConsole } from "./fixtures";
import { OWNER_STATE, createContact, createProject, openSignedIn, ownerToken } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";

/**
 * Projects (/admin/projects) end to end against the real server (docs/product/projects.md; the
 * Project button of docs/product/contacts.md "The Project button"): from a lead's Project button to
 * a created project with a milestone, an update e-mailed to the client and a new status; contacts
 * with roles and one primary; accessibility of the screen and its dialogs, and the phone layout.
 * Every test makes its own contacts.
 */

/** Refused requests a journey causes on purpose; nothing else may be logged as an error. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith("Failed to load resource") && !(e.includes("hydrat") && e.includes("nonce")));

const LOADED = { timeout: 20_000 };
const auth = () => ({ Authorization: `Bearer ${ownerToken()}` });

async function readProject(request: APIRequestContext, id: string): Promise<ProjectDetail> {
  const res = await request.get(`/api/admin/projects/${id}`, { headers: auth() });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { project: ProjectDetail }).project;
}

async function openProjects(page: Page, path = "/admin/projects") {
  await openSignedIn(page, path);
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible(LOADED);
}

/** A stat card's number ('–' while loading is not a number). */
const statValue = (page: Page, label: string): Locator =>
  page
    .getByRole("list", { name: "Project statistics" })
    .getByRole("listitem")
    .filter({ hasText: label })
    .locator("p")
    .nth(1);
const stat = async (page: Page, label: string) => {
  await expect(statValue(page, label)).toHaveText(/^[\d,]+$/, LOADED);
  return Number((await statValue(page, label).textContent())!.replace(/,/g, ""));
};

/** The visible row (desktop table) or card (phone) that mentions `text`. */
const rowOf = (page: Page, text: string): Locator =>
  page
    .getByRole("row")
    .or(page.getByRole("list", { name: "Projects" }).getByRole("listitem"))
    .filter({ hasText: text });

test.describe("projects", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });
  test.describe.configure({ timeout: 120_000 });

  test("a lead's Project button opens the create dialog prefilled; the project gets a milestone, an update and a new status", async ({
    page,
    context,
  }) => {
    const errors = watchConsole(page);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const t = unique();
    const name = `Marta Quinn ${t}`;
    const email = `marta.${t}@example.com`;
    const contact = await createContact(page.request, { name, email, company: `Quinn Pottery ${t}` });
    // 2. A name that tells this client's projects apart: who, what and when.
    const projectName = defaultProjectName(name, null);

    // The counts before.
    await openProjects(page);
    const totalBefore = await stat(page, "Total");
    const completedBefore = await stat(page, "Completed");

    // Leads: the contact's Project button.
    await openSignedIn(page, "/admin/contacts");
    await page.getByLabel("Search contacts").fill(email);
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === email);
    const lead = page
      .getByRole("row")
      .or(page.getByRole("list", { name: "Contacts" }).getByRole("listitem"))
      .filter({ hasText: email });
    await expect(lead).toHaveCount(1, LOADED);
    await lead.getByRole("link", { name: /^Project/ }).click();

    // The create dialog opens with the contact chosen, a name and a description; the address is cleaned.
    const create = page.getByRole("dialog", { name: "Create New Project" });
    await expect(create).toBeVisible(LOADED);
    await expect(page).toHaveURL(/\/admin\/projects$/);
    await expect(create.getByLabel("Project name")).toHaveValue(projectName);
    await expect(create.getByLabel("Description")).toHaveValue(new RegExp(`Website project for ${name}`));
    await expect(create.getByText(`1 selected: ${name}`)).toBeVisible();
    await create.getByLabel("Search contacts").fill(t);
    const box = create.getByRole("checkbox", { name: new RegExp(name) });
    await expect(box).toBeChecked();
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);

    // None chosen: the red hint, and the spec's message on Create.
    await create.getByRole("button", { name: "Deselect all", exact: true }).click();
    await expect(box).not.toBeChecked();
    await expect(create.getByText("Please select at least one contact")).toBeVisible();
    await create.getByRole("button", { name: "Create Project" }).click();
    await expect(create.getByRole("alert")).toHaveText("At least one contact and project name are required");
    await create.getByRole("button", { name: "Select all", exact: true }).click();
    await expect(box).toBeChecked();

    await create.getByLabel("Project type").selectOption("small_business");
    await create.getByLabel("Budget").selectOption("300-500");
    await create.getByLabel("Start date").fill("2026-11-02");
    await create.getByLabel("Target completion").fill("2026-12-15");
    await create.getByLabel("Client notes").fill("The booking page goes live first.");
    await create.getByLabel("Internal notes").fill("Prefers calls after 3pm.");
    await create.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByText(`Project created: ${projectName}`)).toBeVisible();

    // The details of the new project open.
    const details = page.getByRole("dialog", { name: "Project Details" });
    await expect(details).toBeVisible();
    await expect(details.getByText(projectName).first()).toBeVisible();
    await expect(details.getByText("The booking page goes live first.")).toBeVisible();
    await expect(details.getByText("Prefers calls after 3pm.")).toBeVisible();
    await expect(details.getByRole("heading", { name: "Discussion" })).toBeVisible();
    const projectId = (await details.locator("code").first().textContent())!;
    expect(projectId).toMatch(/^WBT-\d{4}-[A-Z2-9]{6}$/);

    // Copying the ID: a toast, and the ID on the clipboard.
    await details.getByRole("button", { name: `Copy project ID ${projectId}` }).click();
    await expect(page.getByText(`Project ID ${projectId} copied`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(projectId);

    // Two milestones; the second moves up; the first is completed.
    const addMilestone = details.getByRole("form", { name: "Add milestone" });
    await addMilestone.getByLabel("New milestone").fill("Design approved");
    await addMilestone.getByLabel("Due date").fill("2026-11-20");
    await addMilestone.getByRole("button", { name: "Add Milestone" }).click();
    await expect(details.getByRole("list", { name: "Milestones" }).getByRole("listitem")).toHaveCount(1);
    await expect(addMilestone.getByLabel("New milestone")).toHaveValue("");
    await addMilestone.getByLabel("New milestone").fill("Kick-off call");
    await addMilestone.getByRole("button", { name: "Add Milestone" }).click();
    const milestones = details.getByRole("list", { name: "Milestones" }).getByRole("listitem");
    await expect(milestones).toHaveCount(2);
    await details.getByRole("button", { name: "Move Kick-off call up" }).click();
    await expect(milestones.first()).toContainText("Kick-off call");
    await details.getByRole("button", { name: "Complete Kick-off call" }).click();
    await expect(milestones.first().getByText("Completed", { exact: true })).toBeVisible();
    await expect(milestones.first()).toContainText(/Completed [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(details.getByRole("heading", { name: "Milestones (1/2 done)" })).toBeVisible();

    // An update, e-mailed to the client.
    const updateForm = details.getByRole("form", { name: "Post an update" });
    await updateForm.getByLabel("Update title").fill("First draft is up");
    await updateForm.getByRole("textbox", { name: "Update", exact: true }).fill("Have a look at the booking page.");
    await updateForm.getByLabel("Email the client").check();
    await updateForm.getByRole("button", { name: "Post Update" }).click();
    await expect(page.getByText("Update posted and emailed to 1 contact")).toBeVisible();
    const updates = details.getByRole("list", { name: "Updates" }).getByRole("listitem");
    await expect(updates).toHaveCount(1);
    await expect(updates.first().getByText("Emailed", { exact: true })).toBeVisible();
    const outbox = await queryAppDb<{ kind: string; to_address: string; text: string }>(
      "select kind, to_address, text from email_outbox where project_id = $1",
      [projectId],
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "project_update", to_address: email });
    expect(outbox[0]!.text).toContain("/client-portal");

    // The status: a suggested step, then any status from the select.
    await expect(details.getByText("Current status:")).toContainText("Planning");
    await details.getByRole("group", { name: "Suggested next" }).getByRole("button", { name: "Design" }).click();
    await expect(page.getByText(`${projectName} is now Design`)).toBeVisible();
    await expect(details.getByText("Current status:")).toContainText("Design");
    await details.getByLabel("Any status").selectOption("complete");
    await expect(details.getByText("Current status:")).toContainText("Complete");
    await expect(details.getByRole("group", { name: "Suggested next" }).getByRole("button")).toHaveText([
      "Maintenance",
    ]);
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: test.info().outputPath("projects-desktop-details.png") });
    await details.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.screenshot({ path: test.info().outputPath("projects-desktop-details-end.png") });
    await page.keyboard.press("Escape");
    await expect(details).toBeHidden();

    // The counts and the list agree; so does the server.
    await expect.poll(() => stat(page, "Total")).toBeGreaterThan(totalBefore);
    await expect.poll(() => stat(page, "Completed")).toBeGreaterThan(completedBefore);
    await page.getByLabel("Search projects").fill(projectId);
    const row = rowOf(page, projectId);
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Complete", { exact: true })).toBeVisible();
    await expect(row.getByText("1/2 done")).toBeVisible();
    const saved = await readProject(page.request, projectId);
    expect(saved).toMatchObject({
      status: "complete",
      project_type: "small_business",
      budget_range: "300-500",
      start_date: "2026-11-02",
      target_completion: "2026-12-15",
      contacts: [{ contact_id: contact.id, is_primary: true, role: "client" }],
    });
    expect(saved.completed_at).not.toBeNull();
    expect(saved.milestones.map((m) => [m.title, m.status])).toEqual([
      ["Kick-off call", "completed"],
      ["Design approved", "pending"],
    ]);
    expect(saved.updates.map((u) => u.title)).toEqual(["First draft is up"]);
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: test.info().outputPath("projects-desktop.png"), fullPage: true });
    expect(unexpected(errors)).toEqual([]);
  });

  test("contacts: a role and the one primary, removal after a question, e-mail to the project's contacts", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    const t = unique();
    const first = await createContact(page.request, { name: `Ada Brook ${t}`, email: `ada.${t}@example.com` });
    const second = await createContact(page.request, { name: `Ben Cole ${t}`, email: `ben.${t}@example.com` });
    const project = await createProject(page.request, {
      contact_ids: [first.id, second.id],
      name: `Brook Bakery ${t}`,
    });

    // The new-lead e-mail's link opens the details.
    await page.goto(`/admin/projects?project=${project.id}`);
    await waitForHydration(page);
    const details = page.getByRole("dialog", { name: "Project Details" });
    await expect(details).toBeVisible(LOADED);
    await expect(page).toHaveURL(/\/admin\/projects$/);
    const contacts = details.getByRole("region", { name: "Contacts (2)" }).getByRole("listitem");
    await expect(contacts.first()).toContainText(first.name);
    await expect(contacts.first().getByText("Primary")).toBeVisible();
    await expectAccessible(page);

    // Ben becomes decision maker and the primary contact.
    await details.getByRole("button", { name: `Edit role of ${second.name}` }).click();
    const role = page.getByRole("dialog", { name: "Edit Contact Role" });
    await expect(role).toBeVisible();
    await role.getByLabel("Role").selectOption("decision_maker");
    await role.getByLabel("Primary contact").check();
    await expectAccessible(page);
    await role.getByRole("button", { name: "Update Role" }).click();
    await expect(role).toBeHidden();
    await expect(contacts.first()).toContainText(second.name);
    await expect(contacts.first()).toContainText("Decision Maker");
    await expect(details.getByText("Primary", { exact: true })).toHaveCount(1);

    // E-mail: the project's contacts, the primary first.
    await details.getByRole("button", { name: "Send Email" }).click();
    const compose = page.getByRole("dialog", { name: "Compose Email" });
    await expect(compose).toBeVisible();
    await expect(compose.getByLabel("To", { exact: true })).toHaveValue(second.email!);
    await expect(compose.getByLabel("Project contact").locator("option")).toHaveText([
      `${second.name} <${second.email}> (primary)`,
      `${first.name} <${first.email}>`,
    ]);
    await compose.getByLabel("Project contact").selectOption({ label: `${first.name} <${first.email}>` });
    await expect(compose.getByLabel("To", { exact: true })).toHaveValue(first.email!);
    await expectAccessible(page);
    await compose.getByRole("button", { name: "Cancel" }).click();
    await expect(compose).toBeHidden();

    // Editing: the same fields plus the status.
    await details.getByRole("button", { name: "Edit Project" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Project" });
    await expect(edit.getByLabel("Project name")).toHaveValue(project.name);
    await expect(edit.getByLabel("Status")).toHaveValue("planning");
    await expectAccessible(page);
    await edit.getByLabel("Project name").fill(`Brook Bakery relaunch ${t}`);
    await edit.getByLabel("Status").selectOption("on_hold");
    await edit.getByRole("button", { name: "Update Project" }).click();
    await expect(edit).toBeHidden();
    await expect(details.getByText(`Brook Bakery relaunch ${t}`).first()).toBeVisible();
    await expect(details.getByText("Current status:")).toContainText("On Hold");

    // Removing asks first; the removal fails once, then goes through.
    await details.getByRole("button", { name: `Remove ${first.name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Remove Contact" });
    await expect(confirm).toContainText(`Remove ${first.name} from this project?`);
    await expectAccessible(page);
    await page.route("**/api/admin/projects/*/contacts/*", (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: {} }) : route.fallback(),
    );
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(confirm.getByRole("alert")).toHaveText("Failed to remove contact from project");
    await page.unroute("**/api/admin/projects/*/contacts/*");
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(confirm).toBeHidden();
    await expect(details.getByRole("region", { name: "Contacts (1)" })).toBeVisible();
    // The last contact cannot be removed.
    await expect(details.getByRole("button", { name: `Remove ${second.name}` })).toBeDisabled();

    const saved = await readProject(page.request, project.id);
    expect(saved).toMatchObject({ name: `Brook Bakery relaunch ${t}`, status: "on_hold" });
    expect(saved.contacts).toEqual([
      expect.objectContaining({ contact_id: second.id, role: "decision_maker", is_primary: true }),
    ]);
    expect(unexpected(errors)).toEqual([]);
  });

  test("a failed load says 'Failed to fetch projects' and offers a retry", async ({ page }) => {
    let fail = true;
    // The list asks for a page (?limit=&offset=): the address with its query.
    await page.route(/\/api\/admin\/projects(\?.*)?$/, (route) =>
      fail ? route.fulfill({ status: 500, json: { error: "Failed to fetch projects" } }) : route.fallback(),
    );
    await openProjects(page);
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch projects" })).toBeVisible(LOADED);
    fail = false;
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch projects" })).toHaveCount(0);
  });

  // On a phone only: the journeys above read the list and its forms, their axe and width, on the desktop.
  test("on a phone the projects are cards, the dialogs fit and nothing overflows @phone-only", async ({ page }) => {
    const t = unique();
    const contact = await createContact(page.request, {
      name: `Constance Abernathy-Fairweather ${t}`,
      email: `constance.abernathy-fairweather.${t}@narragansett-bay-example.com`,
    });
    const project = await createProject(page.request, {
      contact_ids: [contact.id],
      name: `A rather long project name for the Narragansett Bay sailing school website ${t}`,
      description: "Lesson times, prices and a booking request form.",
      target_completion: "2026-12-15",
    });
    await openProjects(page);
    await expectNoHorizontalOverflow(page);
    await page.getByLabel("Search projects").fill(t);
    // The search is in the address and its answer shown (the previous page fades while it loads).
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === t);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    // A card on a phone, a table row on a wide screen.
    const card = rowOf(page, project.id);
    await expect(card).toHaveCount(1);
    await expect(card.getByText(project.name, { exact: true }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("projects-phone.png"), fullPage: true });

    await card.getByRole("button", { name: /^Details/ }).click();
    const details = page.getByRole("dialog", { name: "Project Details" });
    await expect(details.getByRole("heading", { name: "Discussion" })).toBeAttached(LOADED);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("projects-phone-details.png") });
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "New Project" }).click();
    const create = page.getByRole("dialog", { name: "Create New Project" });
    await expect(create).toBeVisible();
    await expect(create.getByText("Please select at least one contact")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
