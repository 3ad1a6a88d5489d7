import { expect, test, type APIRequestContext, type Page } from "./test";
import { ownerToken } from "./admin-fixtures";
import {
  dismissCookieBanner,
  expectAccessible,
  expectNoHorizontalOverflow,
  openBlogPageWith,
  waitForHydration,
  watchConsole,
} from "./fixtures";
import { readFileSync } from "node:fs";

/**
 * The public content pages (docs/product/portfolio-and-demos.md "Featured projects",
 * "Projects page"; docs/product/blog.md "The blog list", "An article", "View counts"): every test
 * arranges its own uniquely named posts through the admin API and asserts on them only, since other
 * journeys share the database.
 */

interface CreatedPost {
  id: number;
  slug: string;
  title: string;
}

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function createPost(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<CreatedPost> {
  const res = await request.post("/api/admin/posts", { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { post: CreatedPost }).post;
}

const portfolioContent = (description: string, featured: boolean, stack: string[], live = "") =>
  JSON.stringify({ description, live_url: live, github_url: "", tech_stack: stack, featured });

/**
 * Not errors of these pages: the dev server's nonce hydration notices (the dev
 * server strips the nonce, so React re-renders the document's scripts) and the
 * failed image loads a test causes on purpose.
 */
const realErrors = (errors: string[]) =>
  errors.filter(
    (e) =>
      !(e.includes("nonce") && e.includes("hydrat")) &&
      !e.startsWith("Encountered a script tag while rendering React component") &&
      !e.startsWith("Failed to load resource"),
  );

const ARTICLE_BODY = (
  word: string,
) => `Most Rhode Island shops need a fast site, not a big one. ${word} is the word to search for.

## What you actually pay for

| Item | Typical cost |
|---|---|
| Design and build | $75-$650 |
| Domain | about $15 a year |

- A phone number people can tap
- Hours written as text
- The towns you serve

> The best website is the one customers can use in a parking lot.
`;

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test(
  "a published post is listed on /blog and its page renders the markdown, tags, breadcrumbs and Article data, and counts a view",
  { tag: "@db" },
  async ({ page }) => {
    const errors = watchConsole(page);
    const token = ownerToken();
    const id = uid();
    const word = `tidewater${id}`;
    const post = await createPost(page.request, token, {
      title: `Harbor Lights Guide ${id}`,
      slug: `harbor-lights-${id}`,
      content: ARTICLE_BODY(word),
      excerpt: `How a Warwick marina shop got more calls from a small site (${id}).`,
      status: "published",
      tags: "local seo, pricing, warwick, phones",
      featured_image: "/images/projects/breakline-surf-school.svg",
    });

    const card = await openBlogPageWith(page, post.title);
    const article = page.locator("article", { has: card });
    await expect(article.getByText(/\d+ min read/)).toBeVisible();
    await expect(article.getByText(`How a Warwick marina shop got more calls`)).toBeVisible();
    // At most 3 tags on a card.
    await expect(article.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveCount(4);
    await expect(article.getByText("+1 more")).toBeVisible();
    await expect(article.getByRole("button", { name: /^Share/ })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");

    const viewed = page.waitForResponse(
      (r) => r.url().endsWith(`/api/posts/${post.slug}/view`) && r.request().method() === "POST",
    );
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
    const body = page.locator("article");
    await expect(body.getByRole("heading", { level: 2, name: "What you actually pay for" })).toBeVisible();
    await expect(body.getByRole("table")).toContainText("Design and build");
    await expect(body.getByRole("listitem").filter({ hasText: "A phone number people can tap" })).toBeVisible();
    await expect(body.locator("blockquote")).toContainText("parking lot");
    for (const tag of ["local seo", "pricing", "warwick", "phones"])
      await expect(body.getByText(tag, { exact: true })).toBeVisible();
    await expect(body.getByText(/\d+ min read/)).toBeVisible();

    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs).toHaveCount(1);
    await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(crumbs.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(crumbs.getByText(post.title)).toHaveAttribute("aria-current", "page");

    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    const data = ld.find((d) => d["@type"] === "Article");
    expect(data).toMatchObject({
      headline: post.title,
      description: expect.stringContaining("Warwick marina shop"),
      keywords: "local seo, pricing, warwick, phones",
      author: { name: expect.any(String) },
      publisher: { name: "Websites by Tyler" },
      mainEntityOfPage: { "@id": expect.stringMatching(new RegExp(`/blog/${post.slug}$`)) },
    });
    expect(String((data!.image as string[])[0])).toContain("/images/projects/breakline-surf-school.svg");
    expect(data!.datePublished).toBeTruthy();
    expect(data!.dateModified).toBeTruthy();
    expect(ld.some((d) => d["@type"] === "BreadcrumbList")).toBe(true);

    // The view is counted once, after hydration; a count this small is not shown.
    expect((await viewed).status()).toBe(200);
    const stored = await (await page.request.get(`/api/posts/${post.slug}`)).json();
    expect(stored.post.view_count).toBe(1);
    await expect(page.getByTestId("view-count")).toHaveCount(0);

    await expect(page.getByRole("link", { name: "Start a Project" }).last()).toHaveAttribute("href", "/start-project");
    expect(realErrors(errors)).toEqual([]);
  },
);

test(
  "a post body with script, event handlers and javascript: links renders harmless",
  { tag: "@db" },
  async ({ page }) => {
    const token = ownerToken();
    const id = uid();
    const post = await createPost(page.request, token, {
      title: `Sanitizer Check ${id}`,
      slug: `sanitizer-check-${id}`,
      excerpt: `Markup that must never run (${id}).`,
      content: [
        "Before the markup.",
        "",
        "<script>window.__pwned=1</script>",
        "",
        '<img src=x onerror="window.__pwned=2">',
        "",
        "[x](javascript:alert(1))",
        "",
        "After the markup.",
      ].join("\n"),
      status: "published",
    });
    await page.goto(`/blog/${post.slug}`);
    await waitForHydration(page);
    await expect(page.getByText("After the markup.")).toBeVisible();
    // Raw HTML shows as text; nothing ran, and no link runs script.
    await expect(page.locator("main").getByText("<script>window.__pwned=1</script>")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>)["__pwned"])).toBeUndefined();
    await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await expect(page.locator("main img[onerror]")).toHaveCount(0);
    await expect(page.locator("main script:not([type])")).toHaveCount(0);
  },
);

test("a draft's slug and an unknown slug go to /404", { tag: "@db" }, async ({ page }) => {
  const token = ownerToken();
  const id = uid();
  const draft = await createPost(page.request, token, {
    title: `Unpublished Draft ${id}`,
    slug: `unpublished-draft-${id}`,
    content: "Not ready yet.",
    status: "draft",
  });
  for (const slug of [draft.slug, `no-such-post-${id}`]) {
    const response = await page.goto(`/blog/${slug}`);
    await expect(page).toHaveURL(/\/404$/);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
});

test(
  "the blog pages by ?page= with real Previous/Next links and a canonical per page",
  { tag: "@db" },
  async ({ page }) => {
    test.slow(); // many posts and pages on a shared server
    const token = ownerToken();
    const id = uid();
    for (let i = 1; i <= 11; i++) {
      await createPost(page.request, token, {
        title: `Paging Note ${i} ${id}`,
        slug: `paging-note-${i}-${id}`,
        excerpt: `Note ${i} of eleven about small business websites in Rhode Island (${id}).`,
        content: `Short note number ${i}.`,
        status: "published",
      });
    }
    // Newest first: note 1 is the oldest of the eleven, so never on page 1.
    await page.goto("/blog");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog$/);
    await expect(page.getByRole("link", { name: `Paging Note 1 ${id}`, exact: true })).toHaveCount(0);
    const next = page.getByRole("navigation", { name: "Blog pages" }).getByRole("link", { name: "Next" });
    await expect(next).toHaveAttribute("href", "/blog?page=2");
    await expect(next).toHaveAttribute("rel", "next");
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute("href", /\/blog\?page=2$/);
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("href", "/blog?page=2");

    await next.click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog\?page=2$/);
    await expect(page).toHaveTitle(/page 2/i);
    const previous = page.getByRole("navigation", { name: "Blog pages" }).getByRole("link", { name: "Previous" });
    await expect(previous).toHaveAttribute("href", "/blog");
    await expect(previous).toHaveAttribute("rel", "prev");
    await expect(page.getByRole("navigation", { name: "Blog pages" }).locator('[aria-current="page"]')).toHaveText(
      "Page 2",
    );
    await expect(page.getByRole("link", { name: `Paging Note 1 ${id}`, exact: true })).toHaveCount(1);

    // Not a number or below 1: page 1. Past the end: the last page.
    for (const bad of ["0", "-3", "abc"]) {
      await page.goto(`/blog?page=${bad}`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog$/);
    }
    await page.goto("/blog?page=100000");
    await expect(page).toHaveURL(/\/blog(\?page=\d+)?$/);
    expect(Number(new URL(page.url()).searchParams.get("page") ?? 1)).toBeLessThan(100000);
    await expect(page.getByRole("navigation", { name: "Blog pages" }).getByRole("link", { name: "Next" })).toHaveCount(
      0,
    );
  },
);

test(
  "Copy link shows 'Link copied' for 2 seconds, on the post and on its card",
  { tag: "@db" },
  async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const token = ownerToken();
    const id = uid();
    const post = await createPost(page.request, token, {
      title: `Share Me ${id}`,
      slug: `share-me-${id}`,
      excerpt: `A post worth passing along (${id}).`,
      content: "Tell a friend who runs a shop.",
      status: "published",
    });
    await page.goto(`/blog/${post.slug}`);
    await waitForHydration(page);
    for (const name of ["X (Twitter)", "Facebook", "LinkedIn", "WhatsApp", "Email"]) {
      await expect(page.getByRole("link", { name: new RegExp(`^${name.replace(/[()]/g, "\\$&")}`) })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: /^Facebook/ })).toHaveAttribute("href", /facebook\.com\/sharer/);
    await page.getByRole("button", { name: "Copy link" }).click();
    const status = page.getByRole("status").filter({ hasText: "Link copied" });
    await expect(status).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/blog/${post.slug}$`));
    await expect(status).toBeHidden({ timeout: 4000 });

    const card = page.locator("article", { has: await openBlogPageWith(page, post.title) });
    await waitForHydration(page);
    await card.getByRole("button", { name: /^Share/ }).click();
    await expect(card.getByRole("link", { name: /^Share on LinkedIn/ })).toBeVisible();
    await card.getByRole("button", { name: "Copy link" }).click();
    await expect(card.getByText("Link copied")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(card.getByRole("link", { name: /^Share on LinkedIn/ })).toBeHidden();
  },
);

test("a published post is in /sitemap.xml and found by /search", { tag: "@db" }, async ({ page }) => {
  const token = ownerToken();
  const id = uid();
  const word = `quahogzz${id}`;
  const post = await createPost(page.request, token, {
    title: `Sitemap And Search ${id}`,
    slug: `sitemap-and-search-${id}`,
    excerpt: `Checking the sitemap and the site search (${id}).`,
    content: `A body with the rare word ${word} in it.`,
    status: "published",
  });
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/blog/${post.slug}</loc>`);

  await page.goto(`/search?q=${word}`);
  const hit = page.getByRole("link", { name: post.title, exact: true });
  await expect(hit).toHaveAttribute("href", `/blog/${post.slug}`);

  // Portfolio projects are found too, at their case study.
  const project = await createPost(page.request, token, {
    title: `Searchable Project ${id}`,
    slug: `searchable-project-${id}`,
    post_type: "portfolio",
    status: "published",
    content: portfolioContent(`A bakery site with the word ${word}.`, false, ["React"]),
  });
  await page.goto(`/search?q=${word}`);
  await expect(page.getByRole("link", { name: project.title, exact: true })).toHaveAttribute(
    "href",
    `/blog/${project.slug}`,
  );
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/blog/${project.slug}</loc>`);

  // A case study is an article: its own page at /blog/{slug}, in the sitemap and the search.
  const study = await createPost(page.request, token, {
    title: `Case Study ${id}`,
    slug: `case-study-${id}`,
    post_type: "case_study",
    status: "published",
    content: `## The problem\n\nA Pawtucket bakery with the word ${word} and no online orders.`,
  });
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/blog/${study.slug}</loc>`);
  await page.goto(`/search?q=${word}`);
  await page.getByRole("link", { name: study.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${study.slug}$`));
  await expect(page.getByRole("heading", { level: 2, name: "The problem" })).toBeVisible();
});

test(
  "/projects shows a featured project with at most 4 tags, '+N more', its case study, the site and its #slug anchor",
  { tag: "@db" },
  async ({ page }) => {
    const errors = watchConsole(page);
    const token = ownerToken();
    const id = uid();
    const featured = await createPost(page.request, token, {
      title: `Narragansett Bait Shop ${id}`,
      slug: `narragansett-bait-shop-${id}`,
      post_type: "portfolio",
      status: "published",
      featured_image: "/images/projects/breakline-surf-school.svg",
      content: portfolioContent(
        `Tide times, live bait stock and directions for a Narragansett bait shop (${id}).`,
        true,
        ["React", "Tailwind", "Netlify", "Google Maps", "Forms", "Local SEO"],
        "https://example.com/bait",
      ),
    });
    const plain = await createPost(page.request, token, {
      title: `Westerly Florist ${id}`,
      slug: `westerly-florist-${id}`,
      post_type: "portfolio",
      status: "published",
      // Absolute and unreachable: the site crawl only checks the site's own images.
      featured_image: `https://127.0.0.1:9/no-such-image-${id}.png`,
      content: portfolioContent(`Wedding and sympathy flowers, ordered from a phone (${id}).`, false, ["Astro"]),
    });

    await page.goto("/projects");
    await expect(page.getByRole("heading", { level: 2, name: "Featured projects" })).toBeVisible();
    const card = page.locator(`article#${featured.slug}`);
    await expect(card.getByRole("heading", { name: featured.title })).toBeVisible();
    await expect(card.getByText(`Tide times, live bait stock`)).toBeVisible();
    const chips = card.getByRole("list", { name: "Built with" }).getByRole("listitem");
    await expect(chips).toHaveCount(5);
    await expect(chips.last()).toHaveText("+2 more");
    await expect(card.getByText("Forms", { exact: true })).toHaveCount(0);
    const live = card.getByRole("link", { name: /^Visit the site/ });
    await expect(live).toHaveAttribute("href", "https://example.com/bait");
    await expect(live).toHaveAttribute("rel", /noopener/);
    await expect(live).toHaveAttribute("target", "_blank");

    // The unflagged one is under 'More projects'; its broken image falls back to the placeholder.
    const more = page.locator("section", { has: page.getByRole("heading", { name: "More projects" }) });
    const other = more.locator(`article#${plain.slug}`);
    await expect(other).toBeVisible();
    await expect(other.getByRole("link", { name: /^Visit the site/ })).toHaveCount(0);
    await other.scrollIntoViewIfNeeded();
    await expect(other.locator("img")).toHaveAttribute("src", "/images/project-placeholder.svg");

    await page.goto(`/projects#${featured.slug}`);
    await expect(page.locator(`article#${featured.slug}`)).toBeInViewport();

    // The full write-up is the case study, at /blog/{slug}: rendered, with the site and its tools.
    await page
      .locator(`article#${featured.slug}`)
      .getByRole("link", { name: /^Read the case study/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/blog/${featured.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: featured.title })).toBeVisible();
    await expect(page.getByText("Case study", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /^Visit the site/ })).toHaveAttribute(
      "href",
      "https://example.com/bait",
    );
    await expect(page.getByRole("list", { name: "Built with" }).getByRole("listitem")).toHaveCount(6);
    await expect(page.locator("article").getByText("Tide times, live bait stock")).toBeVisible();
    expect(realErrors(errors)).toEqual([]);
  },
);

test.describe("home's Featured Projects", { tag: "@db" }, () => {
  async function arrangeFeatured(page: Page) {
    const token = ownerToken();
    const id = uid();
    return createPost(page.request, token, {
      title: `Galilee Chowder House ${id}`,
      slug: `galilee-chowder-house-${id}`,
      post_type: "portfolio",
      status: "published",
      featured_image: "/images/projects/rolling-quahog-food-truck.svg",
      content: portfolioContent(
        `Chowder, clam cakes and the ferry schedule for a Galilee shack (${id}).`,
        true,
        ["React"],
        "https://example.com/chowder",
      ),
    });
  }

  const isPortfolioList = (url: URL) => url.pathname === "/api/posts";
  const section = (page: Page) =>
    page.locator("section", { has: page.getByRole("heading", { name: "Featured Projects", exact: true }) });

  test("fetch the portfolio once, then show it from featuredProjects_v1 without a request", async ({ page }) => {
    const project = await arrangeFeatured(page);
    let requests = 0;
    await page.route(isPortfolioList, (route) => {
      requests++;
      return route.continue();
    });

    await page.goto("/");
    const card = section(page).getByRole("heading", { name: project.title });
    await expect(card).toBeVisible();
    await expect(section(page).locator(`a[href="/projects#${project.slug}"]`).first()).toBeVisible();
    await expect(
      section(page)
        .getByRole("link", { name: /^Visit Site/ })
        .first(),
    ).toBeVisible();
    expect(requests).toBeGreaterThanOrEqual(1);
    const cache = await page.evaluate(() => JSON.parse(localStorage.getItem("featuredProjects_v1") ?? "null"));
    expect(typeof cache.savedAt).toBe("number");
    expect(cache.posts.map((p: { slug: string }) => p.slug)).toContain(project.slug);

    // Second visit: the cards come from the cache, and the fresh cache needs no request at all.
    requests = 0;
    await page.goto("/");
    await expect(section(page).getByRole("heading", { name: project.title })).toBeVisible();
    expect(requests).toBe(0);
    // Nothing goes out later either: the network settles without the request.
    await page.waitForLoadState("networkidle");
    expect(requests).toBe(0);
  });

  test("a stale cache shows at once and is refreshed in the background", async ({ page }) => {
    const project = await arrangeFeatured(page);
    await page.goto("/about");
    await page.evaluate(() =>
      localStorage.setItem(
        "featuredProjects_v1",
        JSON.stringify({
          savedAt: Date.now() - 11 * 60_000,
          posts: [
            {
              slug: "cached-only",
              title: "Cached Only Project",
              excerpt: "From the cache",
              content: "From the cache",
              featured_image: null,
              tags: null,
            },
          ],
        }),
      ),
    );
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isPortfolioList, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await expect(section(page).getByRole("heading", { name: "Cached Only Project" })).toBeVisible();
    release();
    await expect(section(page).getByRole("heading", { name: project.title })).toBeVisible();
    await expect(section(page).getByRole("heading", { name: "Cached Only Project" })).toHaveCount(0);
  });

  test("a malformed cache is ignored and replaced", async ({ page }) => {
    const project = await arrangeFeatured(page);
    await page.goto("/about");
    await page.evaluate(() => localStorage.setItem("featuredProjects_v1", "{not json"));
    const errors = watchConsole(page);
    await page.goto("/");
    await expect(section(page).getByRole("heading", { name: project.title })).toBeVisible();
    const cache = await page.evaluate(() => JSON.parse(localStorage.getItem("featuredProjects_v1") ?? "null"));
    expect(Array.isArray(cache.posts)).toBe(true);
    expect(realErrors(errors)).toEqual([]);
  });

  test("a failing API shows 'Error Loading Projects' with 'API returned {status}'", async ({ page }) => {
    await page.route(isPortfolioList, (route) => route.fulfill({ status: 503, body: "down" }));
    await page.goto("/");
    const alert = section(page).getByRole("alert");
    await expect(alert.getByRole("heading", { name: "Error Loading Projects" })).toBeVisible();
    await expect(alert).toContainText("API returned 503");
  });
});

/** The owner loads the shipped portfolio (Migration), as after an update of the site's content. */
async function loadShippedPortfolio(request: APIRequestContext) {
  // One migration runs at a time: another journey's answers 409, and this one tries again.
  await expect(async () => {
    const response = await request.post("/api/migrate/portfolio", {
      headers: { Authorization: `Bearer ${ownerToken()}` },
    });
    expect(response.status(), await response.text()).toBe(200);
  }).toPass({ timeout: 30_000 });
}

test(
  "the shipped portfolio: every entry shows its own picture in AVIF and WebP, the first at high priority, and its case study is a formatted article",
  { tag: "@db" },
  async ({ page }) => {
    const errors = watchConsole(page);
    await loadShippedPortfolio(page.request);
    const pictures = JSON.parse(
      readFileSync(new URL("../../app/content/portfolio-pictures.json", import.meta.url), "utf8"),
    ) as Record<string, unknown>;
    const slugs = Object.keys(pictures);
    expect(slugs.length).toBeGreaterThanOrEqual(11);

    await dismissCookieBanner(page);
    await page.goto("/projects");
    for (const slug of slugs) {
      const card = page.locator(`article#${slug}`);
      await expect(card.locator('source[type="image/avif"]')).toHaveAttribute(
        "srcset",
        new RegExp(`/images/portfolio/${slug}-800\\.avif 800w`),
      );
      await expect(card.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /1600w$/);
      const img = card.locator("img");
      await expect(img).toHaveAttribute("width", "1600");
      await expect(img).toHaveAttribute("height", "1000");
      await expect(img).not.toHaveAttribute("src", /placeholder/);
      await expect(card.getByRole("link", { name: /^Visit the site/ })).toHaveAttribute(
        "href",
        /^\/(demo|concept)-sites\//,
      );
    }
    // The first picture of the page is its largest paint: eager, high priority; the rest wait.
    const images = page.locator("main article img");
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    for (const img of (await images.all()).slice(1)) await expect(img).toHaveAttribute("loading", "lazy");
    const avif = await page.request.get(`/images/portfolio/${slugs[0]}-800.avif`);
    expect(avif.status()).toBe(200);
    expect(avif.headers()["content-type"]).toBe("image/avif");

    // The case study is its own page, with headings, lists and links, and the site it describes.
    await page
      .locator("article#sweet-fig-bakery")
      .getByRole("link", { name: /^Read the case study/ })
      .click();
    await expect(page).toHaveURL(/\/blog\/sweet-fig-bakery$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sweet Fig Bakery" })).toBeVisible();
    const body = page.locator("article");
    await expect(body.getByRole("heading", { level: 2, name: "What a bakery like this needs" })).toBeVisible();
    expect(await body.locator("ul li strong").count()).toBeGreaterThanOrEqual(3);
    await expect(body.getByRole("link", { name: "open the concept site" })).toHaveAttribute(
      "href",
      "/concept-sites/sweet-fig-bakery/",
    );
    await expect(body.locator('picture source[type="image/avif"]')).toHaveCount(1);
    const site = await page.request.get("/concept-sites/sweet-fig-bakery/");
    expect(site.status()).toBe(200);
    expect(await site.text()).toContain("Sweet Fig");

    // Case studies have their own list on /blog, and are not mixed into the articles.
    await (await openBlogPageWith(page, "Sweet Fig Bakery", "case-studies")).first().click();
    await expect(page).toHaveURL(/\/blog\/sweet-fig-bakery$/);
    await page.goto("/blog?type=case-studies");
    await expect(page.getByRole("link", { name: "Case studies", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 1, name: "Case studies" })).toBeVisible();
    await expect(page.locator("main article").first()).toContainText("Case study");
    await page.getByRole("link", { name: "Articles", exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("link", { name: "Sweet Fig Bakery", exact: true })).toHaveCount(0);
    // An article without a picture of its own gets a drawn cover (its first tag), never the
    // project placeholder.
    const cover = page.locator("main article [data-article-cover]").first();
    await expect(cover).toBeVisible();
    await expect(cover).toContainText("From the blog");
    await expect(page.locator('main article img[src*="placeholder"]')).toHaveCount(0);
    expect(realErrors(errors)).toEqual([]);
  },
);

test.describe("accessibility", { tag: "@db" }, () => {
  test("axe finds nothing serious on /blog, a post and /projects", async ({ page }) => {
    test.slow(); // many posts and pages on a shared server
    const token = ownerToken();
    const id = uid();
    const post = await createPost(page.request, token, {
      title: `Accessible Article ${id}`,
      slug: `accessible-article-${id}`,
      excerpt: `An article checked by axe (${id}).`,
      content: ARTICLE_BODY(`axe${id}`),
      status: "published",
      tags: "accessibility, phones",
    });
    await createPost(page.request, token, {
      title: `Accessible Project ${id}`,
      slug: `accessible-project-${id}`,
      post_type: "portfolio",
      status: "published",
      content: portfolioContent(
        `A project checked by axe (${id}).`,
        true,
        ["A", "B", "C", "D", "E"],
        "https://example.com",
      ),
    });
    await loadShippedPortfolio(page.request);
    for (const path of [
      "/blog",
      `/blog/${post.slug}`,
      "/projects",
      "/blog?type=case-studies",
      "/blog/breakline-surf-school",
    ]) {
      await page.goto(path);
      await waitForHydration(page);
      await expectAccessible(page);
    }
  });
});

test("blog, post and projects fit a phone @phone", { tag: "@db" }, async ({ page }) => {
  test.slow(); // many posts and pages on a shared server
  const token = ownerToken();
  const id = uid();
  const post = await createPost(page.request, token, {
    title: `Phone Friendly Article With A Fairly Long Title To Wrap ${id}`,
    slug: `phone-friendly-${id}`,
    excerpt: `Read on a phone (${id}).`,
    content: `${ARTICLE_BODY(`phone${id}`)}\n\n| A very wide column header | Another very wide column header | A third wide column header |\n|---|---|---|\n| verylongcellcontentwithoutanyspaces | more text | more text |\n\n\`\`\`\nconst aVeryLongLineOfCodeThatWouldOverflowAPhoneScreen = "if it were not scrolled inside its own box";\n\`\`\``,
    status: "published",
    tags: "phones, layout, tables, code",
  });
  await createPost(page.request, token, {
    title: `Phone Project ${id}`,
    slug: `phone-project-${id}`,
    post_type: "portfolio",
    status: "published",
    content: portfolioContent(
      `Fits a phone (${id}).`,
      true,
      ["React", "Tailwind", "Netlify", "Maps", "Forms"],
      "https://example.com",
    ),
  });
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.goto("/projects");
  await expect(page.locator(`article#phone-project-${id}`)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await loadShippedPortfolio(page.request);
  await page.goto("/blog/rolling-quahog-food-truck");
  await expect(page.getByRole("heading", { level: 1, name: "The Rolling Quahog" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const card = page.locator("article", { has: await openBlogPageWith(page, post.title) });
  await waitForHydration(page);
  await card.getByRole("button", { name: /^Share/ }).click();
  await expect(card.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
