import { and, count, desc, eq, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { PostStatus, PostType } from "~/contracts/post-kinds";
import { slugify, type Post } from "~/contracts/post-content";
import type { PostInputSchema } from "~/contracts/posts";
import type { z } from "zod";
import type { ContentReader } from "~/lib/content/load-context";
import type { Database } from "../db/client";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/unavailable";
import { media, posts } from "../db/schema";
import { jsonRow } from "./json-rows";
import { countsOf, listTotals, pageAndTotal, jsonRowStatement, type OrderTerm } from "./list-totals";
import { isUniqueViolation } from "../db/tx";
import { ServiceError } from "../lib/service-error";
import { jsonRowsOf } from "../lib/json-answer";

/**
 * Posts, portfolio projects and case studies (docs/product/posts-and-portfolio.md "Post",
 * "Portfolio project", "The calls"; docs/product/blog.md "The calls").
 */
type Row = typeof posts.$inferSelect;

export class PostError extends ServiceError<400 | 404 | 409> {}

export const toPost = (row: Row): Post => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  content: row.content,
  excerpt: row.excerpt,
  featured_image: row.featuredImage,
  status: row.status,
  post_type: row.postType,
  seo_title: row.seoTitle,
  seo_description: row.seoDescription,
  tags: row.tags,
  published_at: row.publishedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  view_count: row.viewCount,
});

/** toPost's output, built by PostgreSQL (json-rows.ts; json-rows.test.ts holds them equal). */
export const postJson = jsonRow<Post>({
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  content: posts.content,
  excerpt: posts.excerpt,
  featured_image: posts.featuredImage,
  status: posts.status,
  post_type: posts.postType,
  seo_title: posts.seoTitle,
  seo_description: posts.seoDescription,
  tags: posts.tags,
  published_at: posts.publishedAt,
  created_at: posts.createdAt,
  updated_at: posts.updatedAt,
  view_count: posts.viewCount,
});

/** What the public sees: published, and not dated in the future. */
const isPublic = and(eq(posts.status, "published"), lte(posts.publishedAt, sql`now()`));

export async function listPublishedPosts(
  db: Database,
  filter: { postType?: PostType | readonly PostType[]; limit: number; offset: number },
) {
  const types = filter.postType === undefined ? [] : [filter.postType].flat();
  const where = types.length ? and(isPublic, inArray(posts.postType, [...types])) : isPublic;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(posts)
      .where(where)
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return { posts: rows.map(toPost), total: total?.n ?? 0, limit: filter.limit, offset: filter.offset };
}

export async function findPublishedPost(db: Database, slug: string): Promise<Post | undefined> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(isPublic, eq(posts.slug, slug)))
    .limit(1);
  return row ? toPost(row) : undefined;
}

export async function countView(db: Database, slug: string): Promise<number | undefined> {
  const [row] = await db
    .update(posts)
    .set({ viewCount: sql`${posts.viewCount} + 1` })
    .where(and(isPublic, eq(posts.slug, slug)))
    .returning({ n: posts.viewCount });
  return row?.n;
}

const POST_ORDER: OrderTerm[] = [
  { key: posts.createdAt, dir: "desc" },
  { key: posts.id, dir: "desc" },
];
const postTotals = listTotals("posts_changes");

export async function listPosts(
  db: Database,
  filter: { postType?: PostType; status?: PostStatus; limit: number; offset: number },
) {
  const where: SQL[] = [];
  if (filter.postType) where.push(eq(posts.postType, filter.postType));
  if (filter.status) where.push(eq(posts.status, filter.status));
  const condition = where.length ? and(...where) : undefined;
  // Paged as every owner list is (list-totals.ts): the total kept while no post changes.
  const { rows, total } = await pageAndTotal(
    db,
    {
      totals: postTotals,
      key: JSON.stringify([filter.postType ?? "", filter.status ?? ""]),
      ...countsOf(db, posts, condition, false),
    },
    filter,
    {
      table: posts,
      id: posts.id,
      where: condition,
      terms: POST_ORDER,
      rows: {
        key: "posts",
        build: jsonRowStatement(db, posts, postJson),
      },
    },
  );
  return { posts: jsonRowsOf(rows), total, limit: filter.limit, offset: filter.offset };
}

export async function getPost(db: Database, id: number): Promise<Post> {
  const [row] = await db.select().from(posts).where(eq(posts.id, id));
  if (!row) throw new PostError(404, "No post with this id");
  return toPost(row);
}

type Input = z.output<typeof PostInputSchema>;

const slugTaken = (slug: string) =>
  new PostError(409, `The slug "${slug}" is already used by another post. Choose another slug.`);

function values(input: Input, existing?: Row) {
  const postType = input.post_type ?? existing?.postType ?? "blog";
  // New posts default to draft, new portfolio projects to published
  // (docs/product/posts-and-portfolio.md "Post and portfolio status").
  const status = input.status ?? existing?.status ?? (postType === "portfolio" ? "published" : "draft");
  const slug = input.slug ?? existing?.slug ?? slugify(input.title);
  if (!slug) throw new PostError(409, "Give the post a slug: the title has no letters or digits to make one from.");
  return {
    title: input.title,
    slug,
    content: input.content,
    excerpt: input.excerpt,
    featuredImage: input.featured_image,
    status,
    postType,
    seoTitle: input.seo_title,
    seoDescription: input.seo_description,
    tags: input.tags,
    // First publication dates the post; later edits keep the date.
    publishedAt: status === "published" ? (existing?.publishedAt ?? new Date()) : (existing?.publishedAt ?? null),
  };
}

/** A media file's address in a post (mediaPath): /api/media/<key>, with or without the site. */
const MEDIA_ADDRESS = /\/api\/media\/([A-Za-z0-9_-]{6,64})/g;

/**
 * A post is public: every library file it shows (its featured image, images and links in its
 * text) must be one visitors may load. A client's file (one of a project) answers them 404, so a
 * post that uses one is refused with 400 naming it, before it is saved.
 */
async function assertPublicMedia(db: Database, v: { featuredImage: string | null; content: string }) {
  const text = `${v.featuredImage ?? ""}\n${v.content}`;
  const keys = [...new Set(Array.from(text.matchAll(MEDIA_ADDRESS), (m) => m[1]!))];
  if (keys.length === 0) return;
  const hidden = await db
    .select({ name: media.originalName, projectId: media.projectId })
    .from(media)
    .where(and(inArray(media.key, keys), isNotNull(media.projectId)))
    .limit(5);
  if (hidden.length === 0) return;
  const names = hidden.map((f) => `"${f.name}" (a file of project ${f.projectId})`).join(", ");
  throw new PostError(
    400,
    `${names} ${hidden.length === 1 ? "is" : "are"} private to a client's project, so visitors could not see ${
      hidden.length === 1 ? "it" : "them"
    }. Choose a library file of no project, or upload the picture to the library for the post.`,
  );
}

export async function createPost(db: Database, input: Input): Promise<Post> {
  const v = values(input);
  await assertPublicMedia(db, v);
  try {
    const [row] = await db.insert(posts).values(v).returning();
    return toPost(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(v.slug);
    throw error;
  }
}

export async function updatePost(db: Database, id: number, input: Input): Promise<Post> {
  const [existing] = await db.select().from(posts).where(eq(posts.id, id));
  if (!existing) throw new PostError(404, "No post with this id");
  const v = values(input, existing);
  await assertPublicMedia(db, v);
  try {
    const [row] = await db
      .update(posts)
      .set({ ...v, updatedAt: sql`now()` })
      .where(eq(posts.id, id))
      .returning();
    return toPost(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(v.slug);
    throw error;
  }
}

export async function deletePost(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  if (!deleted.length) throw new PostError(404, "No post with this id");
}

/** Read access to published posts for the pages' loaders. */
export function contentReader(db: Database): ContentReader {
  return {
    listPublished: (filter) => listPublishedPosts(db, filter).catch(unavailablePage),
    findPublished: (slug) => findPublishedPost(db, slug).catch(unavailablePage),
  };
}

/**
 * A page whose posts cannot be read while the database is away is answered 503 (a Response thrown
 * from the loader keeps its status in React Router), never a 500 and never cached
 * (docs/decisions/029-database-outages.md).
 */
function unavailablePage(error: unknown): never {
  if (!isDatabaseUnavailable(error)) throw error;
  throw new Response(null, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

/** NOTIFY channel: posts changed, rendered content pages are stale. */
export const CONTENT_CHANNEL = "content_changed";

/** Tells every app process (LISTEN on CONTENT_CHANNEL) that posts changed, so they render pages again. */
export async function notifyContentChanged(db: Database) {
  await db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
}

/** The server-rendered pages built from posts, cached until content changes. */
export const isContentPage = (pathname: string) =>
  pathname === "/blog" || pathname.startsWith("/blog/") || pathname === "/projects";

/**
 * The blog, the portfolio and each published article in /sitemap.xml: blog posts, case studies
 * and portfolio entries (each one's case study is read at /blog/{slug}). The case-study list
 * (/blog?type=case-studies) is a filter of /blog, linked from it, not a page of its own here.
 */
export function postSitemapEntries(db: Database) {
  return async () => {
    const rows = await db
      .select({ slug: posts.slug, updatedAt: posts.updatedAt })
      .from(posts)
      .where(and(isPublic, inArray(posts.postType, ["blog", "case_study", "portfolio"])))
      .orderBy(desc(posts.publishedAt));
    return [
      { path: "/blog", changefreq: "weekly", priority: 0.7 },
      { path: "/projects", changefreq: "monthly", priority: 0.7 },
      ...rows.map((r) => ({ path: `/blog/${r.slug}`, lastmod: r.updatedAt, changefreq: "monthly", priority: 0.6 })),
    ];
  };
}
