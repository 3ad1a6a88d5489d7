import { expect, test, type Page } from "./test";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import {
  adminToken,
  createPost,
  editorText,
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
 * The post manager, 'Content Management' (docs/product/posts-and-portfolio.md "Post manager",
 * "Post and portfolio status", "Post form", "Slug rule", "Delete confirmations", "The calls",
 * "Errors", "Editor autosave and drafts"): create, publish, the slug rule, a taken slug, search,
 * filters and counts, delete, and drafts that survive a reload.
 */
test.describe.configure({ timeout: 120_000 });

/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const token = adminToken();

const form = (page: Page, name: "Create New Post" | "Edit Post") => page.getByRole("region", { name });
const content = (page: Page) => page.getByRole("textbox", { name: "Content", exact: true });

async function newPost(page: Page, title: string, body: string) {
  await page.getByRole("button", { name: "New Post" }).click();
  const panel = form(page, "Create New Post");
  await expect(panel).toBeVisible();
  await panel.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await content(page).fill(body);
  return panel;
}

test.describe("post manager", { tag: "@db" }, () => {
  test("a new post is a draft: yellow badge, not published, no View link", async ({ page }) => {
    const errors = watchConsole(page);
    const t = unique();
    await openManager(page, token(), "/admin/posts");
    await expect(page.getByRole("heading", { name: "Content Management", level: 1 })).toBeVisible();

    const panel = await newPost(page, `Spring checklist ${t}`, `# Spring\n\nClean the gutters ${t}.`);
    await expect(panel.getByLabel("Status", { exact: true })).toHaveValue("draft");
    await expect(panel.getByLabel("Type", { exact: true })).toHaveValue("blog");
    await expect(panel.getByLabel("Slug", { exact: true })).toHaveValue(`spring-checklist-${t}`);
    for (const label of ["Excerpt", "Featured image", "SEO title", "SEO description", "Tags"])
      await expect(panel.getByLabel(label, { exact: true })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Browse" })).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await panel.getByLabel("Tags", { exact: true }).fill("Spring, Maintenance");
    await panel.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Post created")).toBeVisible(LOADED);
    await expect(panel).toBeHidden();

    await search(page, "Search posts", t);
    const row = rowOf(page, `Spring checklist ${t}`);
    await expect(row).toHaveCount(1);
    const badge = row.getByText("Draft", { exact: true });
    await expect(badge).toHaveClass(/bg-yellow-100/);
    await expect(row.getByText("Blog", { exact: true })).toBeVisible();
    await expect(row.getByText(`spring-checklist-${t}`)).toBeVisible();
    await expect(row.getByText("Not published")).toBeVisible();
    await expect(row.getByText("0 views")).toBeVisible();
    await expect(row.getByText(/^Created [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(row.getByRole("link", { name: /View/ })).toHaveCount(0);
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    expect(await storedDrafts(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
  });

  test("publishing a post gives it a View link to its public page", async ({ page, context }) => {
    const t = unique();
    const post = await createPost(page.request, token(), {
      title: `Harbor notes ${t}`,
      content: `Boats and ${t}.`,
      status: "draft",
    });
    await openManager(page, token(), "/admin/posts");
    await search(page, "Search posts", t);
    await rowOf(page, post.title)
      .getByRole("button", { name: `Edit ${post.title}` })
      .click();
    const panel = form(page, "Edit Post");
    await expect(panel.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(post.title);
    expect(await editorText(content(page))).toBe(post.content);
    await panel.getByLabel("Status", { exact: true }).selectOption("published");
    await panel.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByText("Post updated")).toBeVisible(LOADED);

    const row = rowOf(page, post.title);
    await expect(row.getByText("Published", { exact: true })).toHaveClass(/bg-green-100/);
    await expect(row.getByText(/^Published [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    const view = row.getByRole("link", { name: /View/ });
    await expect(view).toHaveAttribute("href", `/blog/${post.slug}`);
    const [tab] = await Promise.all([context.waitForEvent("page"), view.click()]);
    await tab.waitForLoadState();
    await expect(tab).toHaveURL(new RegExp(`/blog/${post.slug}$`));
    await expect(tab.getByRole("heading", { name: post.title, level: 1 })).toBeVisible(LOADED);
  });

  test("the slug follows the title until it is edited by hand", async ({ page }) => {
    const t = unique();
    await openManager(page, token(), "/admin/posts");
    await page.getByRole("button", { name: "New Post" }).click();
    const panel = form(page, "Create New Post");
    const title = panel.getByRole("textbox", { name: "Title", exact: true });
    const slug = panel.getByLabel("Slug", { exact: true });
    await title.fill(`Café Menus & Prices ${t}!`);
    await expect(slug).toHaveValue(`cafe-menus-prices-${t}`);
    await title.fill(`Cafe menus ${t}`);
    await expect(slug).toHaveValue(`cafe-menus-${t}`);
    await slug.fill(`my-own-${t}`);
    await title.fill(`Something else ${t}`);
    await expect(slug).toHaveValue(`my-own-${t}`);
    // Emptied, the slug follows the title again.
    await slug.fill("");
    await title.fill(`Back again ${t}`);
    await expect(slug).toHaveValue(`back-again-${t}`);
    // A malformed slug is refused with the API's own rule, before any call.
    await slug.fill("Not A Slug");
    await content(page).fill("Body");
    await panel.getByRole("button", { name: "Create Post" }).click();
    await expect(panel.getByText(/Slugs use lowercase letters/)).toBeVisible();
    await expect(slug).toBeFocused();
    // Title and content are required.
    await slug.fill("");
    await title.fill("");
    await content(page).fill("");
    await panel.getByRole("button", { name: "Create Post" }).click();
    await expect(panel.getByText("Title is required")).toBeVisible();
    await expect(panel.getByText("Content is required")).toBeVisible();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await panel.getByRole("button", { name: "Cancel" }).click();
    await expect(panel).toBeHidden();
  });

  test("a taken slug is shown on Slug and nothing typed is lost", async ({ page }) => {
    const t = unique();
    const taken = await createPost(page.request, token(), {
      title: `Taken ${t}`,
      content: `A post whose slug is taken (${t}).`,
    });
    await openManager(page, token(), "/admin/posts");
    const panel = await newPost(page, `Fresh idea ${t}`, `Words worth keeping ${t}`);
    await panel.getByLabel("Excerpt", { exact: true }).fill(`Excerpt ${t}`);
    await panel.getByLabel("Slug", { exact: true }).fill(taken.slug);
    await panel.getByRole("button", { name: "Create Post" }).click();
    const slug = panel.getByLabel("Slug", { exact: true });
    await expect(
      panel.getByText(`The slug "${taken.slug}" is already used by another post. Choose another slug.`),
    ).toBeVisible(LOADED);
    await expect(slug).toHaveAttribute("aria-invalid", "true");
    await expect(slug).toBeFocused();
    await expect(panel.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(`Fresh idea ${t}`);
    await expect(panel.getByLabel("Excerpt", { exact: true })).toHaveValue(`Excerpt ${t}`);
    expect(await editorText(content(page))).toBe(`Words worth keeping ${t}`);
    await expectAccessible(page);

    await slug.fill(`fresh-idea-${t}`);
    await expect(slug).not.toHaveAttribute("aria-invalid");
    await panel.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Post created")).toBeVisible(LOADED);
    await search(page, "Search posts", `fresh-idea-${t}`);
    await expect(rowOf(page, `Fresh idea ${t}`)).toHaveCount(1);
  });

  test("a failed save says what happened and keeps the form", async ({ page }) => {
    const t = unique();
    await openManager(page, token(), "/admin/posts");
    await page.route("**/api/admin/posts", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, json: { error: "Database unavailable" } })
        : route.fallback(),
    );
    const panel = await newPost(page, `Offline ${t}`, "Keep me");
    await panel.getByRole("button", { name: "Create Post" }).click();
    await expect(panel.getByRole("alert")).toContainText("Database unavailable. Nothing you typed is lost");
    await expect(panel.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(`Offline ${t}`);
    expect(await storedDrafts(page)).toEqual(["post-draft:new"]);
  });

  test("search, status and type filters, and the stat cards", async ({ page }) => {
    const t = unique();
    await Promise.all([
      createPost(page.request, token(), { title: `Alpha ${t}`, content: "a", status: "draft", tags: `Tag${t}, Other` }),
      createPost(page.request, token(), {
        title: `Bravo ${t}`,
        content: "b",
        status: "published",
        post_type: "case_study",
        excerpt: `Excerpt${t}`,
      }),
      createPost(page.request, token(), {
        title: `Charlie ${t}`,
        content: "c",
        status: "archived",
        slug: `charlie-slug-${t}`,
      }),
    ]);
    const { list: received } = await openManagerWithList(page, token(), "/admin/posts");
    const list = received.posts;
    const card = (label: string) => statCard(page, label);
    await expect(card("Total Posts")).toHaveText(String(received.total));
    await expect(card("Published")).toHaveText(String(list.filter((p) => p.status === "published").length));
    await expect(card("Drafts")).toHaveText(String(list.filter((p) => p.status === "draft").length));
    await expect(card("Total Views")).toHaveText(list.reduce((n, p) => n + p.view_count, 0).toLocaleString("en-US"));

    const titles = page.getByRole("listitem").getByRole("heading", { level: 3 });
    await search(page, "Search posts", t);
    // Created together, so their order is the server's: the set is what matters.
    await expect(titles).toHaveCount(3);
    expect((await titles.allInnerTexts()).sort()).toEqual([`Alpha ${t}`, `Bravo ${t}`, `Charlie ${t}`]);
    await search(page, "Search posts", `Tag${t}`);
    await expect(titles).toHaveText([`Alpha ${t}`]);
    await search(page, "Search posts", `Excerpt${t}`);
    await expect(titles).toHaveText([`Bravo ${t}`]);
    await search(page, "Search posts", `charlie-slug-${t}`);
    await expect(titles).toHaveText([`Charlie ${t}`]);
    await expect(rowOf(page, `Charlie ${t}`).getByText("Archived", { exact: true })).toHaveClass(/bg-slate-100/);

    await search(page, "Search posts", t);
    await expect(page.getByLabel("Status", { exact: true }).locator("option")).toHaveText([
      "All",
      "Draft",
      "Published",
      "Archived",
    ]);
    await expect(page.getByLabel("Type", { exact: true }).locator("option")).toHaveText([
      "All",
      "Blog",
      "Portfolio",
      "Case Study",
    ]);
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Draft" });
    await expect(titles).toHaveText([`Alpha ${t}`]);
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "All" });
    await page.getByLabel("Type", { exact: true }).selectOption({ label: "Case Study" });
    await expect(titles).toHaveText([`Bravo ${t}`]);
    await expect(rowOf(page, `Bravo ${t}`).getByText("Case Study", { exact: true })).toBeVisible();
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Archived" });
    await expect(page.getByRole("heading", { name: "No posts match your search or filters" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await expect(page.getByRole("searchbox", { name: "Search posts" })).toHaveValue("");
    await expect(page.getByLabel("Type", { exact: true })).toHaveValue("all");
  });

  test("delete asks first, then the post is gone", async ({ page }) => {
    const t = unique();
    const post = await createPost(page.request, token(), { title: `Delete me ${t}`, content: "bye" });
    await openManager(page, token(), "/admin/posts");
    await search(page, "Search posts", t);
    const row = rowOf(page, post.title);
    await row.getByRole("button", { name: `Delete ${post.title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete post" });
    await expect(dialog).toContainText("Are you sure you want to delete this post?");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);

    await row.getByRole("button", { name: `Delete ${post.title}` }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Post deleted")).toBeVisible(LOADED);
    await expect(row).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "No posts match your search or filters" })).toBeVisible();
    expect((await getPost(page.request, token(), post.id)).status()).toBe(404);
  });

  test("a reload mid-edit keeps the draft; Restore brings it back, saving clears it", async ({ page }) => {
    const t = unique();
    await openManager(page, token(), "/admin/posts");
    await newPost(page, `Unsaved thoughts ${t}`, `Half a paragraph ${t}`);
    await page.reload();
    const notice = page.getByRole("region", { name: "Unsaved drafts" });
    await expect(notice).toContainText(`Unsaved draft of "Unsaved thoughts ${t}" from`, LOADED);
    await expectAccessible(page);
    await notice.getByRole("button", { name: "Restore" }).click();
    const panel = form(page, "Create New Post");
    await expect(panel.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(`Unsaved thoughts ${t}`);
    await expect(panel.getByLabel("Slug", { exact: true })).toHaveValue(`unsaved-thoughts-${t}`);
    await expect.poll(() => editorText(content(page))).toBe(`Half a paragraph ${t}`);
    await panel.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Post created")).toBeVisible(LOADED);
    await expect(notice).toBeHidden();
    expect(await storedDrafts(page)).toEqual([]);
    await page.reload();
    await expect(page.getByRole("button", { name: "New Post" })).toBeVisible(LOADED);
    await expect(notice).toBeHidden();
  });

  test("Edit on a post with a newer draft offers it; Discard edits the saved version", async ({ page }) => {
    const t = unique();
    const post = await createPost(page.request, token(), { title: `Saved title ${t}`, content: "Saved body" });
    await openManager(page, token(), "/admin/posts");
    await search(page, "Search posts", t);
    await rowOf(page, post.title)
      .getByRole("button", { name: `Edit ${post.title}` })
      .click();
    await form(page, "Edit Post").getByRole("textbox", { name: "Title", exact: true }).fill(`Changed title ${t}`);
    // The draft is written a moment after typing stops, without any reload.
    await expect.poll(() => storedDrafts(page)).toEqual([`post-draft:${post.id}`]);
    await page.reload();

    await search(page, "Search posts", t);
    await rowOf(page, post.title)
      .getByRole("button", { name: `Edit ${post.title}` })
      .click();
    const offer = page.getByRole("dialog", { name: "Unsaved draft" });
    await expect(offer).toContainText(`Unsaved draft of "Changed title ${t}" from`);
    await expectAccessible(page);
    await offer.getByRole("button", { name: "Restore" }).click();
    await expect(form(page, "Edit Post").getByRole("textbox", { name: "Title", exact: true })).toHaveValue(
      `Changed title ${t}`,
    );
    await form(page, "Edit Post").getByRole("button", { name: "Cancel" }).click();

    // Cancel kept the draft; Edit offers it again, and Discard opens the saved version.
    await rowOf(page, post.title)
      .getByRole("button", { name: `Edit ${post.title}` })
      .click();
    await offer.getByRole("button", { name: "Discard" }).click();
    await expect(form(page, "Edit Post").getByRole("textbox", { name: "Title", exact: true })).toHaveValue(post.title);
    expect(await storedDrafts(page)).toEqual([]);
  });

  test("Browse and the editor's Image button choose from the media library; 6. never a client's private file", async ({
    page,
  }) => {
    const t = unique();
    const upload = await page.request.post("/api/admin/media/upload", {
      headers: { Authorization: `Bearer ${token()}` },
      multipart: { file: { name: `harbor-${t}.png`, mimeType: "image/png", buffer: PNG } },
    });
    expect(upload.status()).toBe(201);
    // A client's file of the same name, attached to a project: private, not offered.
    const contact = await page.request.post("/api/admin/contacts", {
      headers: { Authorization: `Bearer ${token()}` },
      data: { name: `Picker Client ${t}`, email: `picker.${t}@example.com` },
    });
    const project = await page.request.post("/api/admin/projects", {
      headers: { Authorization: `Bearer ${token()}` },
      data: { name: `Picker ${t}`, description: "Private files", contact_ids: [(await contact.json()).contact.id] },
    });
    const projectId = (await project.json()).project.id as string;
    const hidden = await page.request.post("/api/admin/media/upload", {
      headers: { Authorization: `Bearer ${token()}` },
      multipart: {
        file: { name: `harbor-${t}-private.png`, mimeType: "image/png", buffer: PNG },
        project_id: projectId,
      },
    });
    expect(hidden.status()).toBe(201);
    await openManager(page, token(), "/admin/posts");
    await page.getByRole("button", { name: "New Post" }).click();
    const panel = form(page, "Create New Post");
    const picker = page.getByRole("dialog", { name: "Select Image" });

    await panel.getByRole("button", { name: "Browse" }).click();
    await picker.getByRole("searchbox", { name: "Search images" }).fill(`harbor-${t}`);
    await expect(picker.getByRole("button", { name: `harbor-${t}.png` })).toBeVisible();
    await expect(picker.getByRole("button", { name: `harbor-${t}-private.png` })).toHaveCount(0);
    await picker.getByRole("button", { name: `harbor-${t}.png` }).click();
    await expect(picker).toBeHidden();
    await expect(panel.getByRole("textbox", { name: "Featured image", exact: true })).toHaveValue(
      /^\/api\/media\/[A-Za-z0-9_-]{22}$/,
    );
    const preview = panel.getByRole("img", { name: "Featured preview" });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await panel.getByRole("button", { name: "Image", exact: true }).click();
    await picker.getByRole("searchbox", { name: "Search images" }).fill(`harbor-${t}`);
    await picker.getByRole("button", { name: `harbor-${t}.png` }).click();
    await expect
      .poll(() => editorText(content(page)))
      .toMatch(new RegExp(`!\\[harbor-${t}\\]\\(/api/media/[A-Za-z0-9_-]{22}\\)`));
  });

  // On a phone only: the journeys above read the list and its forms, their axe and width, on the desktop.
  test("on a phone the posts are cards and nothing overflows @phone-only", async ({ page }) => {
    const t = unique();
    await createPost(page.request, token(), {
      title: `A rather long title for a narrow screen about Narragansett Bay ${t}`,
      content: `A short note on reading the bay from a phone (${t}).`,
      status: "published",
      slug: `a-rather-long-slug-for-a-narrow-screen-about-narragansett-bay-${t}`,
    });
    await openManager(page, token(), "/admin/posts");
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await search(page, "Search posts", t);
    await expect(page.getByRole("listitem").getByRole("heading", { level: 3 })).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    await page.getByRole("button", { name: "New Post" }).click();
    await expect(form(page, "Create New Post")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
