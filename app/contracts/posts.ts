import { EXAMPLE_MEDIA_URL } from "~/contracts/examples";
import { z } from "~/contracts/zod";
import { nullableText as optional } from "~/contracts/fields";
import { parseTags, POST_STATUSES, POST_TYPES } from "~/contracts/post-kinds";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";
import { POSTS_PATH, POST_PATH, POST_VIEW_PATH } from "./public-paths";

/**
 * The post and portfolio forms' payload (docs/product/posts-and-portfolio.md "Post form",
 * "Portfolio form", "The calls"), checked by the form and the API.
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PostInputSchema = z
  .object({
    title: z
      .string({ error: "Title is required" })
      .trim()
      .min(1, { error: "Title is required" })
      .max(200, { error: "Title must be at most 200 characters" }),
    slug: z
      .string()
      .trim()
      .max(120)
      .regex(SLUG_PATTERN, { error: "Slugs use lowercase letters, digits and single hyphens, like my-first-post" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    content: z
      .string({ error: "Content is required" })
      .trim()
      .min(1, { error: "Content is required" })
      .max(200_000, { error: "Content must be at most 200000 characters" }),
    excerpt: optional(500),
    featured_image: optional(1000),
    status: z.enum(POST_STATUSES, { error: "Status must be draft, published or archived" }).optional(),
    post_type: z.enum(POST_TYPES, { error: "Type must be blog, portfolio or case_study" }).optional().default("blog"),
    seo_title: optional(200),
    seo_description: optional(320),
    tags: z
      .union([z.string().max(2000), z.array(z.string().max(100)).max(50)])
      .optional()
      .nullable()
      .transform((v) => {
        const list = parseTags(v ?? null);
        return list.length ? list.join(", ") : null;
      }),
  })
  .meta({
    id: "PostInput",
    example: {
      title: "Why Your Café Needs a Menu Page",
      slug: "why-your-cafe-needs-a-menu-page",
      content: "## Menus sell\n\nGuests look at the menu before they book.",
      excerpt: "Guests read the menu first.",
      featured_image: EXAMPLE_MEDIA_URL,
      status: "draft",
      post_type: "blog",
      seo_title: null,
      seo_description: null,
      tags: "restaurants, menus",
    },
  });

export type PostInput = z.input<typeof PostInputSchema>;

const dateTime = (example: string, description: string) =>
  z.string().meta({ format: "date-time", example, description });

/**
 * A stored post, project or case study as the API answers it (docs/product/posts-and-portfolio.md
 * "Post", "Portfolio project").
 */
export const PostSchema = z
  .object({
    id: z.number().int().meta({ example: 12 }),
    title: z.string().meta({ example: "Why Your Café Needs a Menu Page" }),
    slug: z.string().min(1).meta({ example: "why-your-cafe-needs-a-menu-page" }),
    content: z.string().meta({
      example: "## Menus sell\n\nGuests look at the menu before they book.",
      description:
        "Markdown for blog posts and case studies; for a portfolio project the serialized PortfolioContent (JSON text)",
    }),
    excerpt: z.string().nullable().meta({ example: "Guests read the menu first." }),
    featured_image: z
      .string()
      .nullable()
      .meta({ example: EXAMPLE_MEDIA_URL, description: "Absolute, root-relative or a file name" }),
    status: z.enum(POST_STATUSES).meta({ example: "published" }),
    post_type: z.enum(POST_TYPES).meta({ example: "blog" }),
    seo_title: z.string().nullable().meta({ example: "Menu pages for Rhode Island cafés" }),
    seo_description: z.string().nullable().meta({ example: "What a café's menu page needs." }),
    tags: z.string().nullable().meta({ example: "restaurants, menus", description: "Comma-separated" }),
    published_at: dateTime("2026-11-02T14:00:00.000Z", "First publication; null while never published").nullable(),
    created_at: dateTime("2026-11-01T09:30:00.000Z", "When the post was created"),
    updated_at: dateTime("2026-11-02T14:00:00.000Z", "The last change"),
    view_count: z.number().int().min(0).meta({ example: 128 }),
  })
  .meta({
    id: "Post",
    example: {
      id: 12,
      title: "Why Your Café Needs a Menu Page",
      slug: "why-your-cafe-needs-a-menu-page",
      content: "## Menus sell\n\nGuests look at the menu before they book.",
      excerpt: "Guests read the menu first.",
      featured_image: EXAMPLE_MEDIA_URL,
      status: "published",
      post_type: "blog",
      seo_title: "Menu pages for Rhode Island cafés",
      seo_description: "What a café's menu page needs.",
      tags: "restaurants, menus",
      published_at: "2026-11-02T14:00:00.000Z",
      created_at: "2026-11-01T09:30:00.000Z",
      updated_at: "2026-11-02T14:00:00.000Z",
      view_count: 128,
    },
  });

/** GET /api/posts and GET /api/admin/posts: one page of posts and the count of all that match. */
export const PostListSchema = z
  .object({
    posts: z.array(PostSchema),
    total: z.number().int().min(0).meta({ example: 1, description: "Posts matching the filters, on every page" }),
    limit: z.number().int().meta({ example: 10 }),
    offset: z.number().int().meta({ example: 0 }),
  })
  .meta({ id: "PostList" });

/** One post: the public read, the admin read and the answer of a create or update. */
export const PostAnswerSchema = z.object({ post: PostSchema }).meta({ id: "PostAnswer" });

/** POST /api/posts/{slug}/view: whether this visit was counted (once per visitor address and post per hour). */
export const ViewCountAnswerSchema = z
  .object({
    success: z.literal(true),
    counted: z.boolean().meta({ example: true, description: "False when this address was counted in the last hour" }),
  })
  .meta({ id: "ViewCountAnswer", example: { success: true, counted: true } });

/**
 * A portfolio project's content, serialized as JSON text in the post's `content`
 * (docs/product/posts-and-portfolio.md "Portfolio project").
 */
export const PortfolioContentSchema = z
  .object({
    description: z.string().meta({ example: "A menu-first site for a Providence bakery." }),
    live_url: z.string().meta({ example: "https://sweetfig.example" }),
    github_url: z.string().meta({ example: "" }),
    tech_stack: z.array(z.string()).meta({ example: ["React", "Tailwind CSS"] }),
    featured: z.boolean().meta({ example: true }),
  })
  .meta({
    id: "PortfolioContent",
    example: {
      description: "A menu-first site for a Providence bakery.",
      live_url: "https://sweetfig.example",
      github_url: "",
      tech_stack: ["React", "Tailwind CSS"],
      featured: true,
    },
  });

/**
 * The fields a project card needs (docs/product/portfolio-and-demos.md "Project card"): what the
 * home page keeps of each project.
 */
export const PortfolioCardPostSchema = PostSchema.pick({
  slug: true,
  title: true,
  excerpt: true,
  content: true,
  featured_image: true,
  tags: true,
});

/** GET /api/posts?post_type=portfolio as the home page reads it: the posts' card fields. */

/** DELETE /api/admin/posts/{id}. */
export const PostDeletedSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: "PostDeleted", example: { success: true } });

/** A published post's slug in the path. */
const SlugParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(200)
    .meta({ param: { name: "slug", in: "path" }, example: "why-your-cafe-needs-a-menu-page" }),
});

const PostTypeQuery = z.enum(POST_TYPES).optional().meta({ example: "portfolio" });

/**
 * The posts: the public reads (docs/product/blog.md "The calls") and the owner's writes
 * (docs/product/posts-and-portfolio.md "The calls").
 */
export const postsEndpoints = {
  /** Published posts, newest first; with an ETag (a repeat visit gets 304). */
  publicList: endpoint({
    method: "get",
    path: POSTS_PATH,
    access: "public",
    query: z.object({
      post_type: PostTypeQuery,
      limit: z.coerce.number().int().min(1).max(100).optional().default(10).meta({ example: 10 }),
      offset: z.coerce.number().int().min(0).max(100_000).optional().default(0).meta({ example: 0 }),
    }),
    answer: PostListSchema,
  }),
  /** One published post, with an ETag. */
  publicGet: endpoint({
    method: "get",
    path: POST_PATH,
    access: "public",
    params: SlugParam,
    answer: PostAnswerSchema,
  }),
  /** Counts a view, once per visitor address and post per hour; takes no body. */
  view: endpoint({
    method: "post",
    path: POST_VIEW_PATH,
    access: "public",
    params: SlugParam,
    answer: ViewCountAnswerSchema,
  }),
  /** Every post of every status, filtered by post_type and status. */
  list: endpoint({
    method: "get",
    path: "/api/admin/posts",
    access: "admin",
    query: z.object({
      post_type: PostTypeQuery,
      status: z.enum(POST_STATUSES).optional().meta({ example: "draft" }),
      limit: z.coerce.number().int().min(1).max(500).optional().default(50).meta({ example: 50 }),
      offset: z.coerce.number().int().min(0).optional().default(0).meta({ example: 0 }),
    }),
    answer: PostListSchema,
  }),
  get: endpoint({
    method: "get",
    path: "/api/admin/posts/{id}",
    access: "admin",
    params: IdParam,
    answer: PostAnswerSchema,
  }),
  /** The slug is made from the title when left empty. */
  create: endpoint({
    method: "post",
    path: "/api/admin/posts",
    access: "admin",
    body: PostInputSchema,
    answer: PostAnswerSchema,
    status: 201,
  }),
  update: endpoint({
    method: "put",
    path: "/api/admin/posts/{id}",
    access: "admin",
    params: IdParam,
    body: PostInputSchema,
    answer: PostAnswerSchema,
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/admin/posts/{id}",
    access: "admin",
    params: IdParam,
    answer: PostDeletedSchema,
  }),
};
