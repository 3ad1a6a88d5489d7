import { expect, test, type Page } from "./test";
import { OWNER_STATE, openSignedIn } from "./admin-fixtures";
import { unique } from "./admin-content-helpers";
import { dismissCookieBanner, expectAccessible, waitForHydration, watchConsole } from "./fixtures";
import { startSecondApp, type SecondApp } from "./second-app";
import { defaultProjectName } from "~/contracts/project-terms";

/**
 * Where a lead becomes a client, across two browsers and two app processes: a visitor sends the
 * project form; the owner opens the lead's Project button, creates the working project, adds a
 * milestone and an update and writes in its discussion; the client signs in to the portal with
 * the link e-mailed through a real SMTP server, reads all of it and answers with a PDF; the
 * owner's open project shows the answer without a reload. The client's pages come from a second
 * app process on the same database, so the answer also travels between processes.
 */

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const LOADED = { timeout: 20_000 };

/** Console errors other than the browser's own line for a refused request. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.startsWith("Failed to load resource"));

/** The sign-in link of the newest e-mail to `email` that the SMTP peer received: its path and query. */
async function signInLinkFrom(app: SecondApp, email: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = app.smtp.received.findLast(
          (m) => m.to.includes(email) && m.body.includes("/client-portal/sign-in"),
        );
        const found = mail && /https?:\/\/\S+?\/client-portal\/sign-in\?token=[\w-]+/.exec(mail.body);
        link = found ? found[0] : "";
        return link;
      },
      { message: "the sign-in e-mail reaches the SMTP server", timeout: 20_000 },
    )
    .not.toBe("");
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function sendProjectForm(page: Page, name: string, email: string): Promise<string> {
  await dismissCookieBanner(page);
  await page.goto("/start-project");
  await waitForHydration(page);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(401) 555-0164");
  await page.getByLabel("Business name").fill("Medeiros Tile & Stone");
  await page.getByLabel("What kind of site?").selectOption("business");
  await page.getByLabel("Budget").selectOption("500-plus");
  await page.getByLabel("Timeline").selectOption("1-2weeks");
  await page
    .getByLabel("Describe your project")
    .fill(
      "A site for our tile showroom in Fall River: the collections, a gallery of finished kitchens and a quote form.",
    );
  await page.getByRole("button", { name: "Send Project Details" }).click();
  await expect(page.getByRole("heading", { name: "Thanks for reaching out!" })).toBeVisible(LOADED);
  return (await page.getByTestId("project-id").textContent())!.trim();
}

test.use({ storageState: OWNER_STATE });

test(
  "a lead becomes a client: the owner runs the project, the client signs in by e-mail and answers with a PDF, live",
  { tag: ["@db", "@server"] },
  async ({ page, browser }) => {
    test.setTimeout(150_000);
    const app = await startSecondApp();
    const client = await browser.newContext({ baseURL: app.origin, reducedMotion: "reduce" });
    try {
      const t = unique();
      const name = `Rosa Medeiros ${t}`;
      const email = `handoff.${t}@example.com`;

      // 1. The visitor sends the project form (served by the second process).
      const visitor = await client.newPage();
      const clientErrors = watchConsole(visitor);
      const submitted = await sendProjectForm(visitor, name, email);
      expect(submitted).toMatch(/^WBT-\d{4}-[A-Z2-9]{6}$/);

      // 2. The owner: the lead's Project button, the project, a milestone, an update, a message.
      const ownerErrors = watchConsole(page);
      await openSignedIn(page, "/admin/contacts");
      await page.getByLabel("Search contacts").fill(email);
      const lead = page.getByRole("row").filter({ hasText: email });
      await expect(lead).toHaveCount(1, LOADED);
      // 1. The lead from the project form already has its project: the Project button opens it.
      await lead.getByRole("link", { name: /^Project/ }).click();
      const existing = page.getByRole("dialog", { name: "Project Details" });
      await expect(existing.locator("code").first()).toHaveText(submitted, LOADED);
      await existing.getByRole("button", { name: "Close" }).first().click();
      await expect(page.getByRole("dialog", { name: "Create New Project" })).toHaveCount(0);

      // The lead's View lists it; another project is the explicit "New project", filled from the lead's form.
      await openSignedIn(page, `/admin/contacts?q=${encodeURIComponent(email)}`);
      await lead.getByRole("button", { name: /^View/ }).click();
      const view = page.getByRole("dialog", { name: "Contact Details" });
      const listed = view.locator("section").filter({ has: page.getByRole("heading", { name: "Projects (1)" }) });
      await expect(listed.getByRole("link", { name: defaultProjectName(name, "small_business") })).toHaveAttribute(
        "href",
        `/admin/projects?project=${submitted}`,
        LOADED,
      );
      await view.getByRole("link", { name: "New project" }).click();
      const create = page.getByRole("dialog", { name: "Create New Project" });
      await expect(create.getByLabel("Project name")).toHaveValue(
        `${defaultProjectName(name, "small_business")} (2)`,
        LOADED,
      );
      await expect(create.getByLabel("Project type")).toHaveValue("small_business");
      await expect(create.getByLabel("Budget")).toHaveValue("500-plus");
      await expect(create.getByLabel("Description")).toHaveValue(/tile showroom in Fall River/);
      await expect(create.getByLabel("Internal notes")).toHaveValue("Timeline asked for: 1-2 weeks");
      await create.getByLabel("Project name").fill(`${name} Showroom Site`);
      await create.getByRole("button", { name: "Create Project" }).click();
      const details = page.getByRole("dialog", { name: "Project Details" });
      await expect(details.getByText(`${name} Showroom Site`).first()).toBeVisible(LOADED);
      const projectId = (await details.locator("code").first().textContent())!.trim();
      expect(projectId).not.toBe(submitted);

      const addMilestone = details.getByRole("form", { name: "Add milestone" });
      await addMilestone.getByLabel("New milestone").fill("Showroom photos taken");
      await addMilestone.getByLabel("Due date").fill("2026-12-04");
      await addMilestone.getByRole("button", { name: "Add Milestone" }).click();
      await expect(details.getByRole("list", { name: "Milestones" }).getByRole("listitem")).toHaveCount(1);
      const updateForm = details.getByRole("form", { name: "Post an update" });
      await updateForm.getByLabel("Update title").fill("Homepage draft ready");
      await updateForm.getByRole("textbox", { name: "Update", exact: true }).fill("The collections page is next.");
      await updateForm.getByRole("button", { name: "Post Update" }).click();
      await expect(details.getByRole("list", { name: "Updates" }).getByRole("listitem")).toHaveCount(1);

      const ownerLog = details.getByRole("log", { name: "Project messages" });
      const ownerBox = details.getByRole("textbox", { name: "Message" });
      await ownerBox.fill("Hi Rosa, could you send the tile price list when you have a moment?");
      await ownerBox.press("Enter");
      await expect(ownerLog.locator('[data-author="admin"]')).toContainText("send the tile price list");
      await expectAccessible(page);

      // 3. The client asks for a sign-in link; the e-mail arrives at the SMTP server.
      await visitor.goto("/client-portal");
      await waitForHydration(visitor);
      await visitor.getByRole("radio", { name: "Email address" }).check();
      await visitor.getByRole("textbox", { name: "Email address" }).fill(email);
      await visitor.getByRole("button", { name: "Find My Project" }).click();
      await expect(visitor.getByRole("status").filter({ hasText: "Check your inbox" })).toBeVisible();
      await visitor.goto(await signInLinkFrom(app, email));
      await waitForHydration(visitor);
      await visitor.getByRole("button", { name: "Sign in to your projects" }).click();

      // Both projects: the one the form made and the owner's; the owner's shows what was added.
      await expect(visitor.getByRole("heading", { name: "Your Projects (2)" })).toBeVisible(LOADED);
      await expect(visitor.getByText(submitted)).toBeVisible();
      await visitor
        .getByRole("listitem")
        .filter({ hasText: projectId })
        .getByRole("button", { name: "View project" })
        .click();
      await expect(visitor.getByTestId("portal-project-id")).toHaveText(projectId);
      const project = visitor.getByRole("article");
      await expect(project.getByText("Showroom photos taken")).toBeVisible();
      await expect(project.getByText("Homepage draft ready")).toBeVisible();
      await expect(project.getByText("The collections page is next.")).toBeVisible();
      const chat = visitor.getByTestId("project-discussion");
      const clientLog = chat.getByRole("log", { name: "Project messages" });
      await expect(clientLog.locator('[data-author="admin"]')).toContainText("send the tile price list");
      await expectAccessible(visitor);

      // 4. The client answers with the price list attached.
      await chat.getByRole("textbox", { name: "Message" }).fill("Here it is, with this season's prices.");
      await chat
        .getByLabel("Attach files")
        .setInputFiles({ name: "price-list.pdf", mimeType: "application/pdf", buffer: PDF });
      await expect(chat.getByRole("list", { name: "Files to send" }).getByRole("listitem")).toHaveCount(1);
      await chat.getByRole("button", { name: "Send" }).click();
      const answer = clientLog.locator('[data-author="client"]');
      await expect(answer).toContainText("Here it is, with this season's prices.");
      await expect(answer.getByRole("link", { name: /price-list\.pdf/ })).toBeVisible();

      // 5. The owner's project, never reloaded, shows the answer and its file.
      const received = ownerLog.locator('[data-author="client"]');
      await expect(received).toContainText("Here it is, with this season's prices.", LOADED);
      await expect(received.getByRole("link", { name: /price-list\.pdf/ })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath("handoff-owner.png") });
      await visitor.screenshot({ path: test.info().outputPath("handoff-client.png"), fullPage: true });

      expect(unexpected(ownerErrors)).toEqual([]);
      expect(unexpected(clientErrors)).toEqual([]);
    } finally {
      await client.close();
      await app.stop();
    }
  },
);
