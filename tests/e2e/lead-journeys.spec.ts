import { expect, test, type Page } from "./test";
import { defaultProjectName } from "~/contracts/project-terms";
import { claimableSites } from "../../app/content/claimable-sites";
import { queryAppDb } from "./db";
import { dismissCookieBanner, waitForHydration, watchConsole } from "./fixtures";

/**
 * The lead forms end to end, against the real server and database: what the
 * visitor sees, and the rows the owner will find in the CRM.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function open(page: Page, path: string) {
  await dismissCookieBanner(page);
  await page.goto(path);
  await waitForHydration(page);
}

test(
  "a visitor submits a project, sees its ID, and the contact and project are stored @phone",
  { tag: ["@db", "@server"] },
  async ({ page }) => {
    const errors = watchConsole(page);
    const email = `journey.${unique()}@example.com`;
    await open(page, "/start-project?utm_source=newsletter&utm_campaign=fall");
    await page.getByLabel("Your name").fill("Grace Kim");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill("(401) 555-0187");
    await page.getByLabel("Business name").fill("Wickford Yoga");
    await page.getByLabel("What kind of site?").selectOption("business");
    await page.getByLabel("Budget").selectOption("500-plus");
    await page.getByLabel("Timeline").selectOption("asap");
    await page
      .getByLabel("Describe your project")
      .fill(
        "A site for our Wickford yoga studio: class schedule, prices, teacher bios and a way to ask about private sessions.",
      );
    await page.getByRole("button", { name: "Send Project Details" }).click();

    await expect(page.getByRole("heading", { name: "Thanks for reaching out!" })).toBeVisible();
    const projectId = (await page
      .getByText(/^WBT-\d{4}-[A-Z2-9]{6}$/)
      .first()
      .textContent())!.trim();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");

    // Phone and business name make this the best kind of lead: High Score (50 or more).
    const [contact] = await queryAppDb("select * from contacts where email = $1", [email]);
    expect(contact).toMatchObject({
      name: "Grace Kim",
      phone: "(401) 555-0187",
      company: "Wickford Yoga",
      status: "submitted",
      source: "website",
      lead_score: 60,
      utm_source: "newsletter",
      utm_campaign: "fall",
    });
    const [project] = await queryAppDb(
      "select p.*, pc.is_primary from projects p join project_contacts pc on pc.project_id = p.id where p.id = $1",
      [projectId],
    );
    expect(project).toMatchObject({ status: "submitted", budget_range: "500-plus", is_primary: true });
    const mail = await queryAppDb("select kind from email_outbox where project_id = $1 order by id", [projectId]);
    expect(mail.map((m) => m.kind)).toEqual(["lead_notification", "submission_confirmation"]);

    // Access Client Portal opens this project in the portal, the ID kept out of the address.
    await page.getByRole("link", { name: "Access Client Portal" }).click();
    await expect(page).toHaveURL(/\/client-portal$/);
    await expect(page.getByTestId("portal-project-id")).toHaveText(projectId);
    await expect(
      page.getByRole("heading", { level: 2, name: defaultProjectName("Grace Kim", "small_business") }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  },
);

test(
  "the contact form with JavaScript on sends, thanks the visitor and records the message",
  { tag: ["@db", "@server"] },
  async ({ page }) => {
    const email = `contact.${unique()}@example.com`;
    await open(page, "/contact");
    await page.getByLabel("Your name").fill("Tom Reilly");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Subject").fill("Quote for a landscaping site");
    await page
      .getByRole("textbox", { name: "Message", exact: true })
      .fill("We mow lawns in Narragansett. What would a simple site cost?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\/thank-you$/);
    const rows = await queryAppDb<{ source: string; content: string }>(
      "select c.source, m.content from contacts c join communications m on m.contact_id = c.id where c.email = $1",
      [email],
    );
    expect(rows).toEqual([
      { source: "contact_page", content: "We mow lawns in Narragansett. What would a simple site cost?" },
    ]);
  },
);

test.describe("with JavaScript off", { tag: ["@db", "@server"] }, () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form posts, redirects to the thank-you page and records the message @phone", async ({ page }) => {
    const email = `nojs.${unique()}@example.com`;
    await page.goto("/contact");
    await page.getByLabel("Your name").fill("Ines Costa");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Do you build sites in Portuguese too?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\/thank-you$/);
    const [contact] = await queryAppDb("select name, source from contacts where email = $1", [email]);
    expect(contact).toEqual({ name: "Ines Costa", source: "contact_page" });
  });
});

test(
  "a claim goes through browse, claim and success, and reaches the CRM @phone",
  { tag: ["@db", "@server"] },
  async ({ page }) => {
    const site = claimableSites[1]!;
    const email = `claim.${unique()}@example.com`;
    await open(page, "/claim-your-website");
    await page.getByRole("button", { name: `Claim this site: ${site.businessName}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Claim ${site.businessName}` })).toBeVisible();
    await page.getByLabel("Your name").fill("Paul Ferreira");
    await page.getByLabel("Business phone").fill("(401) 555-0177");
    await page.getByLabel("Business email").fill(email);
    await page
      .getByLabel("How can I verify you own the business?")
      .fill("I own the business; the registration with the Secretary of State is in my name.");
    await page.getByRole("button", { name: `Claim ${site.businessName}`, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.getByRole("main")).toContainText("24 hours");
    const [contact] = await queryAppDb("select source, phone, company from contacts where email = $1", [email]);
    expect(contact).toEqual({ source: "claim", phone: "(401) 555-0177", company: site.businessName });
    const remembered = await page.evaluate(
      () => JSON.parse(localStorage.getItem("claimed-sites") ?? "[]") as { siteId: string }[],
    );
    expect(remembered.map((entry) => entry.siteId)).toContain(site.id);
  },
);
