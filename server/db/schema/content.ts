import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Blog posts, portfolio projects and case studies in one table
 * (docs/product/posts-and-portfolio.md "Post", docs/product/blog.md "Post"). Portfolio content
 * is a serialized object (description, live_url, github_url, tech_stack, featured:
 * docs/product/posts-and-portfolio.md "Portfolio project").
 */
export const POST_STATUSES = ["draft", "published", "archived"] as const;
export const POST_TYPES = ["blog", "portfolio", "case_study"] as const;

export const posts = pgTable(
  "posts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    content: text("content").notNull(),
    excerpt: text("excerpt"),
    featuredImage: text("featured_image"),
    status: text("status").$type<(typeof POST_STATUSES)[number]>().notNull().default("draft"),
    postType: text("post_type").$type<(typeof POST_TYPES)[number]>().notNull().default("blog"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /** Comma-separated, as docs/product/posts-and-portfolio.md "Post" has them. */
    tags: text("tags"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    viewCount: integer("view_count").notNull().default(0),
  },
  (t) => [
    uniqueIndex("posts_slug_key").on(t.slug),
    index("posts_public_idx").on(t.postType, t.status, t.publishedAt),
    check("posts_status_check", sql`${t.status} in ('draft', 'published', 'archived')`),
    check("posts_type_check", sql`${t.postType} in ('blog', 'portfolio', 'case_study')`),
  ],
);
