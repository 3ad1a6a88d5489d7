import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice, site } from "~/config/site";
import { staticPages } from "~/content/registry";
import { MigrationAnswerSchema } from "~/contracts/migration";
import { parsePortfolioContent, type Post, type PostList } from "~/contracts/post-content";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { createApp } from "../../app";
import { posts } from "../../db/schema";
import { createLogger } from "../../lib/logger";
import { projectRoot } from "../../lib/paths";
import {
  MIGRATION_BUSY_MESSAGE,
  MIGRATION_LOCK_KEY,
  readContentFiles,
  runMigration,
  seedShippedContent,
  type MigrationEntry,
} from "../../services/migration";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let blog: MigrationEntry[];
let portfolio: MigrationEntry[];
beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
  [blog, portfolio] = await Promise.all([readContentFiles("blog"), readContentFiles("portfolio")]);
});
afterAll(() => ctx.close());

const migrate = (kind: string, headers: Record<string, string> = auth) =>
  ctx.app.request(`/api/migrate/${kind}`, { method: "POST", headers });

async function bySlug(slug: string): Promise<Post> {
  const res = await ctx.app.request(`/api/admin/posts?limit=500`, { headers: auth });
  const list = (await res.json()) as PostList;
  const post = list.posts.find((p) => p.slug === slug);
  if (!post) throw new Error(`no post ${slug}`);
  return post;
}

const countOf = async (type: "blog" | "portfolio") =>
  (await ctx.db.select().from(posts).where(eq(posts.postType, type))).length;

describe("the shipped content (content/)", () => {
  it("has at least 6 blog posts and 6 portfolio projects, every file valid, published and not dated in the future", () => {
    expect(blog.length).toBeGreaterThanOrEqual(6);
    expect(portfolio.length).toBeGreaterThanOrEqual(6);
    for (const entry of [...blog, ...portfolio]) {
      expect(entry.values.status, entry.file).toBe("published");
      expect(entry.publishedAt.getTime(), entry.file).toBeLessThanOrEqual(Date.now());
      expect(entry.values.excerpt, entry.file).toBeTruthy();
      expect(entry.values.seo_title, entry.file).toBeTruthy();
      // Pages carry descriptions of at most 160 characters (site crawl).
      expect(entry.values.seo_description?.length ?? 0, entry.file).toBeGreaterThan(60);
      expect(entry.values.seo_description!.length, entry.file).toBeLessThanOrEqual(160);
    }
  });

  it("uses every slug once across blog and portfolio, and features exactly 3 projects", () => {
    const slugs = [...blog, ...portfolio].map((e) => e.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const featured = portfolio.filter((e) => parsePortfolioContent(e.values.content).featured);
    expect(featured).toHaveLength(3);
  });

  it("links only to pages, posts, projects, demo and concept sites and images that exist", () => {
    const blogSlugs = new Set(blog.map((e) => e.slug));
    const projectSlugs = new Set(portfolio.map((e) => e.slug));
    const pages = new Set(["/blog", "/projects", ...staticPages.map((p) => p.path)]);
    const exists = (href: string) => {
      const [pathname, hash] = href.split("#") as [string, string | undefined];
      if (pathname === "/projects" && hash) return projectSlugs.has(hash);
      if (pages.has(pathname)) return true;
      const post = /^\/blog\/([a-z0-9-]+)$/.exec(pathname);
      if (post) return blogSlugs.has(post[1]!);
      if (/^\/(?:demo-sites|concept-sites|images)\//.test(pathname))
        return existsSync(
          path.join(projectRoot, "public", pathname.endsWith("/") ? `${pathname}index.html` : pathname),
        );
      return false;
    };
    for (const entry of [...blog, ...portfolio]) {
      const { content, featured_image } = entry.values;
      const body = entry.values.post_type === "portfolio" ? parsePortfolioContent(content).description : content;
      const links = [...body.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]!);
      const { live_url } = parsePortfolioContent(entry.values.post_type === "portfolio" ? content : "");
      for (const href of [...links, ...(live_url ? [live_url] : []), ...(featured_image ? [featured_image] : [])])
        expect(exists(href), `${entry.file} links to ${href}`).toBe(true);
    }
    expect(blog.filter((e) => e.values.content.includes("](/start-project)")).length).toBe(blog.length);
  });

  it("quotes the site's real prices in the cost post, and has a table in at least one post", () => {
    const cost = blog.find((e) => e.slug.includes("cost"))!;
    expect(cost.values.content).toContain(`from ${formatPrice(site.pricing.startingPrice)}`);
    const [min, max] = site.pricing.smallBusinessRange;
    expect(cost.values.content).toContain(`${formatPrice(min)}-${formatPrice(max)}`);
    expect(blog.some((e) => /^\|.*\|\n\|\s*-{3}/m.test(e.values.content))).toBe(true);
  });
});

describe("POST /api/migrate/{portfolio,blog}", () => {
  it("needs an admin token", async () => {
    for (const kind of ["portfolio", "blog"]) {
      const res = await migrate(kind, {});
      expect(res.status).toBe(401);
      expect((await res.json()).error).toContain("Sign in required");
    }
    expect(await countOf("blog")).toBe(0);
  });

  it("creates every shipped post and project, then updates them on a second run instead of duplicating", async () => {
    const first = await migrate("blog");
    expect(first.status).toBe(200);
    expect(MigrationAnswerSchema.parse(await first.json())).toEqual({
      success: true,
      message: `Migrated ${blog.length} blog posts (${blog.length} new, 0 updated)`,
      total: blog.length,
      created: blog.length,
      updated: 0,
    });
    const projects = await migrate("portfolio");
    expect((await projects.json()).message).toBe(
      `Migrated ${portfolio.length} portfolio projects (${portfolio.length} new, 0 updated)`,
    );

    const again = await migrate("blog");
    expect((await again.json()).message).toBe(`Migrated ${blog.length} blog posts (0 new, ${blog.length} updated)`);
    expect(await countOf("blog")).toBe(blog.length);
    expect(await countOf("portfolio")).toBe(portfolio.length);

    // The public API shows them, newest first, with the dates from the files.
    const list = (await (await ctx.app.request(`/api/posts?post_type=blog&limit=100`)).json()) as PostList;
    expect(list.total).toBe(blog.length);
    const newest = [...blog].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())[0]!;
    expect(list.posts[0]).toMatchObject({ slug: newest.slug, published_at: newest.publishedAt.toISOString() });
  });

  it("stores portfolio content that parses back with its tech stack, links and featured flag", async () => {
    for (const entry of portfolio) {
      const stored = await bySlug(entry.slug);
      expect(stored.post_type).toBe("portfolio");
      const content = parsePortfolioContent(stored.content);
      expect(content).toEqual(parsePortfolioContent(entry.values.content));
      expect(content.tech_stack.length, entry.file).toBeGreaterThan(0);
      expect(content.description.length, entry.file).toBeGreaterThan(200);
    }
    const trattoria = parsePortfolioContent((await bySlug("federal-hill-trattoria")).content);
    expect(trattoria).toMatchObject({ live_url: "/demo-sites/restaurant/", featured: false });
    expect(trattoria.tech_stack).toContain("Zero JavaScript");
    const featured = (await Promise.all(portfolio.map((e) => bySlug(e.slug)))).filter(
      (p) => parsePortfolioContent(p.content).featured,
    );
    expect(featured).toHaveLength(3);
  });

  it("overwrites an edited post with the same slug but keeps its views and id", async () => {
    const slug = blog[0]!.slug;
    const before = await bySlug(slug);
    const edit = await ctx.app.request(`/api/admin/posts/${before.id}`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Edited in the admin", content: "Local edit.", status: "draft" }),
    });
    expect(edit.status).toBe(200);
    await ctx.db.update(posts).set({ viewCount: 42 }).where(eq(posts.id, before.id));

    expect((await migrate("blog")).status).toBe(200);
    const after = await bySlug(slug);
    expect(after).toMatchObject({
      id: before.id,
      title: blog[0]!.values.title,
      content: blog[0]!.values.content,
      status: "published",
      view_count: 42,
      published_at: blog[0]!.publishedAt.toISOString(),
      created_at: before.created_at,
    });
  });

  it("leaves the owner's own posts alone", async () => {
    const res = await ctx.app.request("/api/admin/posts", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "My own post", slug: "my-own-post", content: "Mine.", status: "published" }),
    });
    expect(res.status).toBe(201);
    expect((await migrate("blog")).status).toBe(200);
    expect((await bySlug("my-own-post")).content).toBe("Mine.");
  });

  it("tells the content pages to render again", async () => {
    let changes = 0;
    const app = createApp({
      env: ctx.env,
      db: ctx.db,
      reportDb: ctx.reportDb,
      log: createLogger("silent"),
      mailer: ctx.mailer,
      onContentChange: () => changes++,
    });
    expect((await app.request("/api/migrate/portfolio", { method: "POST", headers: auth })).status).toBe(200);
    expect(changes).toBe(1);
    expect((await app.request("/api/migrate/blog", { method: "POST" })).status).toBe(401);
    expect(changes).toBe(1);
  });

  it("runs one migration at a time: two at once give one 409", async () => {
    const [a, b] = await Promise.all([migrate("blog"), migrate("portfolio")]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const busy = a.status === 409 ? a : b;
    expect(await busy.json()).toEqual({ error: MIGRATION_BUSY_MESSAGE });
  });

  it("answers 409 while another process holds the migration lock, and works once it is released", async () => {
    const other = new Client({ connectionString: ctx.databaseUrl });
    await other.connect();
    try {
      await other.query("begin");
      // The same lock the service takes, held by "another process".
      await other.query(`select pg_advisory_xact_lock($1)`, [MIGRATION_LOCK_KEY]);
      const res = await migrate("blog");
      expect(res.status).toBe(409);
      expect((await res.json()).error).toBe("A migration is already running. Try again in a moment.");
      await other.query("commit");
      expect((await migrate("blog")).status).toBe(200);
    } finally {
      await other.end();
    }
  });
});

describe("a malformed content file", () => {
  const dirs: string[] = [];
  const folder = (files: Record<string, string>) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "wbt-content-"));
    dirs.push(dir);
    mkdirSync(path.join(dir, "blog"));
    mkdirSync(path.join(dir, "portfolio"));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const good = (slug: string) =>
    `---\ntitle: Good post\nslug: ${slug}\npublished_at: 2025-05-01\ntags: [a, b]\n---\n\nBody text.\n`;

  it("stops the whole migration with a 400 naming the file and the problem", async () => {
    const cases: [string, RegExp][] = [
      ["no front matter at all", /bad\.md: the file must start with YAML front matter/],
      ["---\ntitle: [unclosed\n---\nBody", /bad\.md: the front matter is not valid YAML/],
      ["---\ntitle: No slug\npublished_at: 2025-01-01\n---\nBody", /bad\.md: slug:/],
      ["---\ntitle: T\nslug: Bad Slug\npublished_at: 2025-01-01\n---\nBody", /bad\.md: slug: Slugs use lowercase/],
      ["---\ntitle: T\nslug: t\npublished_at: someday\n---\nBody", /bad\.md: published_at/],
      ["---\ntitle: T\nslug: t\npublished_at: 2025-01-01\nfeatured_img: x.png\n---\nBody", /bad\.md: .*featured_img/],
      ["---\ntitle: T\nslug: t\npublished_at: 2025-01-01\n---\n\n", /bad\.md: the post has no text/],
    ];
    for (const [text, message] of cases) {
      const dir = folder({ "blog/a-good.md": good(`good-${dirs.length}`), "blog/bad.md": text });
      const error = await runMigration(ctx.db, "blog", { dir }).catch((e: unknown) => e);
      expect(error, text).toMatchObject({ status: 400 });
      expect((error as Error).message, text).toMatch(message);
      // All or nothing: the good file was not stored either.
      expect(
        await ctx.db
          .select()
          .from(posts)
          .where(eq(posts.slug, `good-${dirs.length - 1}`)),
      ).toEqual([]);
    }
  });

  it("refuses a slug used twice, or one that belongs to a post of the other type", async () => {
    const twice = folder({ "blog/one.md": good("same-slug"), "blog/two.md": good("same-slug") });
    await expect(runMigration(ctx.db, "blog", { dir: twice })).rejects.toThrow(
      /two\.md: the slug "same-slug" is also used by .*one\.md/,
    );
    const clash = folder({ "blog/clash.md": good(portfolio[0]!.slug) });
    await expect(runMigration(ctx.db, "blog", { dir: clash })).rejects.toThrow(
      /clash\.md: the slug .* already belongs to a portfolio post/,
    );
  });

  it("checks portfolio fields: tech_stack a list, featured true or false, URLs full or root-relative", async () => {
    const project = (extra: string) =>
      folder({
        "portfolio/p.md": `---\ntitle: P\nslug: p-${dirs.length}\npublished_at: 2025-01-01\n${extra}\n---\nAbout it.`,
      });
    await expect(runMigration(ctx.db, "portfolio", { dir: project("featured: maybe") })).rejects.toThrow(
      /p\.md: featured/,
    );
    await expect(runMigration(ctx.db, "portfolio", { dir: project("live_url: javascript:alert(1)") })).rejects.toThrow(
      /p\.md: live_url/,
    );
    await expect(runMigration(ctx.db, "portfolio", { dir: project("tech_stack: React") })).rejects.toThrow(
      /p\.md: tech_stack/,
    );
  });

  it("answers clearly when the folder is missing or empty", async () => {
    const empty = folder({});
    await expect(runMigration(ctx.db, "blog", { dir: empty })).rejects.toMatchObject({
      status: 500,
      message: expect.stringContaining("no .md files"),
    });
    await expect(runMigration(ctx.db, "blog", { dir: path.join(empty, "nope") })).rejects.toMatchObject({
      status: 500,
    });
  });
});

describe("a new installation", () => {
  it("starts with the shipped content when the posts table is empty, and leaves a used one alone", async () => {
    const fresh = await createTestApp();
    try {
      const results = await seedShippedContent(fresh.db);
      expect(results.map((r) => [r.kind, r.created])).toEqual([
        ["portfolio", portfolio.length],
        ["blog", blog.length],
      ]);
      expect(await seedShippedContent(fresh.db)).toEqual([]);
      const [row] = await fresh.db.select({ n: sql<number>`count(*)::int` }).from(posts);
      expect(row!.n).toBe(blog.length + portfolio.length);
    } finally {
      await fresh.close();
    }
  });
});
