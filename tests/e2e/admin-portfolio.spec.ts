import { expect, test, type Page } from "./test";
import { parsePortfolioContent } from "~/contracts/post-content";
import { dismissCookieBanner, expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import {
  adminToken,
  createPost,
  getPost,
  LOADED,
  openManager,
  openManagerWithList,
  rowOf,
  search,
  statCard,
  storedDrafts,
  unexpected,
  unique,
} from "./admin-content-helpers";

/**
 * The portfolio manager (docs/product/posts-and-portfolio.md "Portfolio manager",
 * "Portfolio project", "Post and portfolio status", "Portfolio form", "Delete confirmations",
 * "The calls"): projects are posts of type portfolio with their details serialized in the content.
 */
test.describe.configure({ timeout: 120_000 });

const token = adminToken();

const form = (page: Page, name: "Create New Portfolio Project" | "Edit Portfolio Project") =>
  page.getByRole("region", { name });
const box = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

const projectContent = (description: string, stack: string[], featured = false, live = "") =>
  JSON.stringify({ description, live_url: live, github_url: "", tech_stack: stack, featured });

test.describe("portfolio manager", { tag: "@db" }, () => {
  test("a featured project with a tech stack shows its star, tags, Live Site, and appears on /projects", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    const t = unique();
    const title = `Tiverton Tackle ${t}`;
    await openManager(page, token(), "/admin/portfolio");
    await expect(page.getByRole("heading", { name: "Portfolio Management", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "New Project" }).click();
    const panel = form(page, "Create New Portfolio Project");
    await expect(panel.getByLabel("Status", { exact: true })).toHaveValue("published");
    await expect(box(page, "Live URL")).toHaveAttribute("type", "url");
    await expect(box(page, "GitHub URL")).toHaveAttribute("type", "url");
    await expect(box(page, "Project description")).toHaveAttribute("rows", "8");
    await box(page, "Title").fill(title);
    await expect(box(page, "Slug")).toHaveValue(`tiverton-tackle-${t}`);
    await box(page, "Live URL").fill(`https://tiverton-tackle-${t}.example.com`);
    await box(page, "GitHub URL").fill(`https://github.com/example/tackle-${t}`);
    await box(page, "Tech stack").fill("Astro, Tailwind CSS, Netlify, Stripe, Plausible");
    await panel.getByRole("checkbox", { name: "Featured project" }).check();
    await box(page, "Short description").fill(`Bait and tackle shop site ${t}`);
    await box(page, "Project description").fill(`## The brief\n\nA shop by the river ${t}.`);
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await panel.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByText("Project created")).toBeVisible(LOADED);
    await expect(panel).toBeHidden();

    await search(page, "Search projects", t);
    const row = rowOf(page, title);
    await expect(row.getByText("Published", { exact: true })).toHaveClass(/bg-green-100/);
    await expect(row.getByText("Featured", { exact: true })).toBeVisible();
    await expect(row.getByText(`tiverton-tackle-${t}`)).toBeVisible();
    await expect(row.getByText("Live Site")).toBeVisible();
    await expect(row.getByText("0 views")).toBeVisible();
    await expect(row.getByRole("list", { name: "Tech stack" }).getByRole("listitem")).toHaveText([
      "Astro",
      "Tailwind CSS",
      "Netlify",
      "+2 more",
    ]);
    await expect(row.getByRole("link", { name: /Live/ })).toHaveAttribute(
      "href",
      `https://tiverton-tackle-${t}.example.com`,
    );
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    // The search covers the description and the tech stack too.
    await search(page, "Search projects", `A shop by the river ${t}`);
    await expect(row).toHaveCount(1);

    await dismissCookieBanner(page);
    await page.goto("/projects");
    await expect(page.getByRole("heading", { name: title })).toBeVisible(LOADED);
    expect(unexpected(errors)).toEqual([]);
  });

  test("title and project description are required; the links must be addresses", async ({ page }) => {
    const t = unique();
    await openManager(page, token(), "/admin/portfolio");
    await page.getByRole("button", { name: "New Project" }).click();
    const panel = form(page, "Create New Portfolio Project");
    await box(page, "Live URL").fill("not a link");
    await panel.getByRole("button", { name: "Create Project" }).click();
    await expect(panel.getByText("Title is required")).toBeVisible();
    await expect(panel.getByText("Project description is required")).toBeVisible();
    await expect(panel.getByText(/Enter a full address starting with https:\/\//)).toBeVisible();
    await expect(box(page, "Title")).toBeFocused();
    await expectAccessible(page);
    // A path on this site is accepted (the sample demos live under /demo-sites/).
    await box(page, "Title").fill(`Demo ${t}`);
    await box(page, "Live URL").fill("/demo-sites/restaurant/");
    await box(page, "Project description").fill("A demo.");
    await panel.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByText("Project created")).toBeVisible(LOADED);
  });

  test("editing keeps the project's tags and content fields", async ({ page }) => {
    const t = unique();
    const post = await createPost(page.request, token(), {
      title: `Keep tags ${t}`,
      post_type: "portfolio",
      status: "draft",
      tags: "Bakery, Concept",
      content: projectContent("Old words", ["HTML", "CSS"], true, "https://example.com"),
    });
    await openManager(page, token(), "/admin/portfolio");
    await search(page, "Search projects", t);
    const row = rowOf(page, post.title);
    await expect(row.getByText("Draft", { exact: true })).toHaveClass(/bg-yellow-100/);
    await row.getByRole("button", { name: `Edit ${post.title}` }).click();
    const panel = form(page, "Edit Portfolio Project");
    await expect(box(page, "Tech stack")).toHaveValue("HTML, CSS");
    await expect(panel.getByRole("checkbox", { name: "Featured project" })).toBeChecked();
    await expect(box(page, "Project description")).toHaveValue("Old words");
    await box(page, "Project description").fill("New words");
    await panel.getByRole("button", { name: "Update Project" }).click();
    await expect(page.getByText("Project updated")).toBeVisible(LOADED);

    const saved = (await (await getPost(page.request, token(), post.id)).json()).post;
    expect(saved.tags).toBe("Bakery, Concept");
    expect(saved.post_type).toBe("portfolio");
    expect(parsePortfolioContent(saved.content)).toEqual({
      description: "New words",
      live_url: "https://example.com",
      github_url: "",
      tech_stack: ["HTML", "CSS"],
      featured: true,
    });
  });

  test("stat cards count the list the screen received; the status filter narrows it", async ({ page }) => {
    const t = unique();
    await Promise.all([
      createPost(page.request, token(), {
        title: `Pub ${t}`,
        post_type: "portfolio",
        content: projectContent("a", [], true),
      }),
      createPost(page.request, token(), {
        title: `Arch ${t}`,
        post_type: "portfolio",
        status: "archived",
        content: projectContent("b", ["Go"]),
      }),
    ]);
    const { list: received, query } = await openManagerWithList(page, token(), "/admin/portfolio");
    expect(query.get("post_type")).toBe("portfolio");
    const list = received.posts;
    const card = (label: string) => statCard(page, label);
    await expect(card("Total Projects")).toHaveText(String(received.total));
    await expect(card("Published")).toHaveText(String(list.filter((p) => p.status === "published").length));
    await expect(card("Featured")).toHaveText(
      String(list.filter((p) => parsePortfolioContent(p.content).featured).length),
    );
    await expect(card("Total Views")).toHaveText(list.reduce((n, p) => n + p.view_count, 0).toLocaleString("en-US"));

    const titles = page.getByRole("listitem").getByRole("heading", { level: 3 });
    await search(page, "Search projects", t);
    await expect(titles).toHaveCount(2);
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Archived" });
    await expect(titles).toHaveText([`Arch ${t}`]);
    await expect(rowOf(page, `Arch ${t}`).getByText("Archived", { exact: true })).toHaveClass(/bg-slate-100/);
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Draft" });
    await expect(page.getByRole("heading", { name: "No projects match your search or filters" })).toBeVisible();
  });

  test("delete asks first, then the project is gone", async ({ page }) => {
    const t = unique();
    const post = await createPost(page.request, token(), {
      title: `Remove ${t}`,
      post_type: "portfolio",
      content: projectContent(`A project to remove (${t}).`, []),
    });
    await openManager(page, token(), "/admin/portfolio");
    await search(page, "Search projects", t);
    await rowOf(page, post.title)
      .getByRole("button", { name: `Delete ${post.title}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Delete portfolio project" });
    await expect(dialog).toContainText("Are you sure you want to delete this portfolio project?");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Project deleted")).toBeVisible(LOADED);
    await expect(rowOf(page, post.title)).toHaveCount(0);
    expect((await getPost(page.request, token(), post.id)).status()).toBe(404);
  });

  test("a reload mid-edit keeps the project's draft; Restore brings it back", async ({ page }) => {
    const t = unique();
    await openManager(page, token(), "/admin/portfolio");
    await page.getByRole("button", { name: "New Project" }).click();
    await box(page, "Title").fill(`Half done ${t}`);
    await box(page, "Tech stack").fill("Eleventy, Netlify");
    await form(page, "Create New Portfolio Project").getByRole("checkbox", { name: "Featured project" }).check();
    await box(page, "Project description").fill(`Notes so far ${t}`);
    await page.reload();
    const notice = page.getByRole("region", { name: "Unsaved drafts" });
    await expect(notice).toContainText(`Unsaved draft of "Half done ${t}" from`, LOADED);
    await notice.getByRole("button", { name: "Restore" }).click();
    const panel = form(page, "Create New Portfolio Project");
    await expect(box(page, "Title")).toHaveValue(`Half done ${t}`);
    await expect(box(page, "Tech stack")).toHaveValue("Eleventy, Netlify");
    await expect(panel.getByRole("checkbox", { name: "Featured project" })).toBeChecked();
    await expect(box(page, "Project description")).toHaveValue(`Notes so far ${t}`);
    // Cancel keeps it; Discard (from the notice) drops it.
    await panel.getByRole("button", { name: "Cancel" }).click();
    await notice.getByRole("button", { name: "Discard" }).click();
    await expect(notice).toBeHidden();
    expect(await storedDrafts(page)).toEqual([]);
  });

  // On a phone only: the journeys above read the list and its forms, their axe and width, on the desktop.
  test("on a phone the projects are cards and nothing overflows @phone-only", async ({ page }) => {
    const t = unique();
    await createPost(page.request, token(), {
      title: `Block Island Bicycle Rentals and Repairs ${t}`,
      post_type: "portfolio",
      content: projectContent(
        `Bike rentals and repairs by the ferry landing (${t}).`,
        ["Semantic HTML5", "Responsive CSS", "Inline SVG illustrations", "System fonts"],
        true,
        "https://example.com",
      ),
    });
    await openManager(page, token(), "/admin/portfolio");
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await search(page, "Search projects", t);
    await expect(page.getByRole("listitem").getByRole("heading", { level: 3 })).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    await page.getByRole("button", { name: "New Project" }).click();
    await expect(form(page, "Create New Portfolio Project")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
