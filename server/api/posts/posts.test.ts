import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post, PostList } from "~/contracts/post-content";
import { PostAnswerSchema, PostListSchema, ViewCountAnswerSchema } from "~/contracts/posts";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
const tag = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  ctx = await createTestApp({ env: { TRUST_PROXY: "true" } });
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(() => ctx.close());

const admin = (method: string, path: string, body?: unknown) =>
  ctx.app.request(path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function create(body: Record<string, unknown>): Promise<Post> {
  const res = await admin("POST", "/api/admin/posts", { title: `Post ${tag()}`, content: "Body text.", ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).post;
}

describe("the owner's posts", () => {
  it("6. refuses a client's private file, as featured image or in the text, with a 400 naming it", async () => {
    const t = tag();
    const projectId = `WBT-2026-P${t
      .toUpperCase()
      .replace(/[^A-Z2-9]/g, "Q")
      .slice(0, 5)
      .padEnd(5, "Q")}`;
    await ctx.db.execute(
      sql`insert into projects (id, name, status) values (${projectId}, ${`Private ${t}`}, 'planning')`,
    );
    const file = (key: string, name: string, project: string | null) =>
      ctx.db
        .execute(sql`insert into media (key, filename, original_name, file_type, mime_type, file_size, storage_key, project_id)
        values (${key}, ${`${key}.png`}, ${name}, 'image', 'image/png', 10, ${`files/${key}.png`}, ${project})`);
    await file(`private${t}`, `site-plan-${t}.png`, projectId);
    await file(`public${t}`, `harbor-${t}.png`, null);

    const featured = await admin("POST", "/api/admin/posts", {
      title: `Private ${t}`,
      content: "Body text.",
      featured_image: `/api/media/private${t}`,
    });
    expect(featured.status).toBe(400);
    expect((await featured.json()).error).toMatch(
      new RegExp(`^"site-plan-${t}\\.png" \\(a file of project ${projectId}\\) is private to a client's project`),
    );
    const inText = await admin("POST", "/api/admin/posts", {
      title: `Private text ${t}`,
      content: `A picture: ![plan](https://example.com/api/media/private${t})`,
    });
    expect(inText.status).toBe(400);
    const { rows } = await ctx.db.execute(sql`select count(*)::int as n from posts where title like ${`Private%${t}`}`);
    expect(rows[0]).toEqual({ n: 0 });

    // A file of no project is the library's, and public.
    const post = await create({ featured_image: `/api/media/public${t}`, content: `![harbor](/api/media/public${t})` });
    // Editing a saved post into a private file is refused the same way.
    const edit = await admin("PUT", `/api/admin/posts/${post.id}`, {
      title: post.title,
      content: `![plan](/api/media/private${t})`,
    });
    expect(edit.status).toBe(400);
  });

  it("creates with a slug from the title and the default statuses (post draft, portfolio published)", async () => {
    const t = tag();
    const post = await create({ title: `Why Your Café Needs a Menu Page ${t}!` });
    expect(post).toMatchObject({
      slug: `why-your-cafe-needs-a-menu-page-${t}`,
      status: "draft",
      post_type: "blog",
      published_at: null,
    });
    const project = await create({ post_type: "portfolio" });
    expect(project).toMatchObject({ status: "published", post_type: "portfolio" });
    expect(project.published_at).not.toBeNull();
  });

  it("answers a clear 409 for a slug that is taken, on create and on update", async () => {
    const first = await create({ slug: `taken-${tag()}` });
    const dup = await admin("POST", "/api/admin/posts", { title: "x", content: "y", slug: first.slug });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error).toContain(`"${first.slug}" is already used`);
    const other = await create({});
    const upd = await admin("PUT", `/api/admin/posts/${other.id}`, {
      title: other.title,
      content: "y",
      slug: first.slug,
    });
    expect(upd.status).toBe(409);
  });

  it("requires title and content and refuses a malformed slug", async () => {
    const res = await admin("POST", "/api/admin/posts", { title: "", content: " " });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toContain("Title is required");
    expect(error).toContain("Content is required");
    expect((await admin("POST", "/api/admin/posts", { title: "a", content: "b", slug: "Not A Slug" })).status).toBe(
      400,
    );
  });

  it("accepts tags as a JSON array string, a comma list or an array, stored as a clean comma list", async () => {
    expect((await create({ tags: '["SEO", " Local ", "seo"]' })).tags).toBe("SEO, Local");
    expect((await create({ tags: "restaurants, menus ,," })).tags).toBe("restaurants, menus");
    expect((await create({ tags: ["a", "b"] })).tags).toBe("a, b");
  });

  it("keeps the first publication date, updates, filters and deletes", async () => {
    const post = await create({ status: "published" });
    const again = await admin("PUT", `/api/admin/posts/${post.id}`, {
      title: "Renamed",
      content: "New",
      status: "published",
    });
    expect((await again.json()).post).toMatchObject({
      title: "Renamed",
      slug: post.slug,
      published_at: post.published_at,
    });
    const drafts = PostListSchema.parse(
      await (await admin("GET", "/api/admin/posts?status=draft&post_type=blog")).json(),
    );
    expect(drafts.limit).toBe(50);
    expect(drafts.posts.every((p) => p.status === "draft" && p.post_type === "blog")).toBe(true);
    expect((await admin("DELETE", `/api/admin/posts/${post.id}`)).status).toBe(200);
    expect((await admin("GET", `/api/admin/posts/${post.id}`)).status).toBe(404);
    expect((await admin("DELETE", `/api/admin/posts/${post.id}`)).status).toBe(404);
  });
});

describe("the public posts API", () => {
  it("pages published posts with totals, newest first; drafts and archived posts stay hidden", async () => {
    const t = tag();
    await ctx.db.execute(sql`delete from posts`);
    for (let i = 0; i < 12; i++) await create({ title: `Public ${t} ${i}`, status: "published" });
    const draft = await create({ title: `Draft ${t}`, status: "draft" });
    const archived = await create({ title: `Archived ${t}`, status: "archived" });
    await create({ title: `Portfolio ${t}`, post_type: "portfolio" });

    const page1 = (await (await ctx.app.request("/api/posts?post_type=blog")).json()) as PostList;
    expect(page1).toMatchObject({ total: 12, limit: 10, offset: 0 });
    expect(page1.posts).toHaveLength(10);
    expect(page1.posts[0]!.title).toBe(`Public ${t} 11`);
    const page2 = (await (await ctx.app.request("/api/posts?post_type=blog&limit=10&offset=10")).json()) as PostList;
    expect(page2.posts).toHaveLength(2);
    const all = PostListSchema.parse(await (await ctx.app.request("/api/posts?limit=100")).json());
    expect(all.total).toBe(13);
    const one = PostAnswerSchema.parse(await (await ctx.app.request(`/api/posts/${all.posts[0]!.slug}`)).json());
    expect(one.post).toEqual(all.posts[0]);
    expect(all.posts.map((p) => p.slug)).not.toContain(draft.slug);
    expect((await ctx.app.request(`/api/posts/${draft.slug}`)).status).toBe(404);
    expect((await ctx.app.request(`/api/posts/${archived.slug}`)).status).toBe(404);
    expect((await ctx.app.request("/api/posts?limit=0")).status).toBe(400);
  });

  it("sends an ETag and answers 304", async () => {
    const res = await ctx.app.request("/api/posts?post_type=portfolio");
    const etag = res.headers.get("etag")!;
    expect(
      (await ctx.app.request("/api/posts?post_type=portfolio", { headers: { "If-None-Match": etag } })).status,
    ).toBe(304);
  });

  it("counts a view once per address per hour", async () => {
    const post = await create({ status: "published" });
    const view = (ip: string) =>
      ctx.app.request(`/api/posts/${post.slug}/view`, { method: "POST", headers: { "X-Forwarded-For": ip } });
    expect(ViewCountAnswerSchema.parse(await (await view("10.20.0.1")).json())).toEqual({
      success: true,
      counted: true,
    });
    expect(await (await view("10.20.0.1")).json()).toEqual({ success: true, counted: false });
    await view("10.20.0.2");
    expect((await (await ctx.app.request(`/api/posts/${post.slug}`)).json()).post.view_count).toBe(2);
    expect((await ctx.app.request("/api/posts/no-such-post/view", { method: "POST" })).status).toBe(404);
  });
});
