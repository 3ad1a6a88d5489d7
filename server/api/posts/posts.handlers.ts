import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { POST_STATUSES, POST_TYPES } from "~/lib/content/posts";
import { PostInputSchema } from "~/lib/content/post-schema";
import type { AppEnv } from "../../lib/app-env";
import { clientIp } from "../../lib/client-ip";
import { jsonError } from "../../lib/http-errors";
import { createResponseCache, serveCachedJson, type ResponseCache } from "../../lib/cached-response";
import {
  countView,
  createPost,
  deletePost,
  findPublishedPost,
  getPost,
  listPosts,
  listPublishedPosts,
  PostError,
  updatePost,
} from "../../services/posts";
import { hitRateLimit } from "../../services/rate-limit";
import { adminErrors, ErrorSchema, IdParam, json, jsonBody, Loose, notFound } from "../../lib/openapi";

/** The posts API: public reads (public-site spec 7) and the owner's writes (back-office spec 7). */
const ListSchema = z.object({ posts: z.array(Loose), total: z.number(), limit: z.number(), offset: z.number() });
const SlugParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "slug", in: "path" } }),
});
const errs = { ...adminErrors, ...notFound, 409: json(ErrorSchema, "The slug is already used") };
const admin = { tags: ["Admin: posts"], security: [{ bearerAuth: [] }] };

const routes = {
  publicList: createRoute({
    method: "get",
    path: "/api/posts",
    tags: ["Posts"],
    summary: "Published posts, newest first (with ETag)",
    request: {
      query: z.object({
        post_type: z.enum(POST_TYPES).optional(),
        limit: z.coerce.number().int().min(1).max(100).optional().default(10),
        offset: z.coerce.number().int().min(0).max(100_000).optional().default(0),
      }),
    },
    responses: {
      200: json(ListSchema, "A page of posts"),
      304: { description: "Not modified" },
      400: json(ErrorSchema, "Bad query"),
    },
  }),
  publicGet: createRoute({
    method: "get",
    path: "/api/posts/{slug}",
    tags: ["Posts"],
    summary: "One published post (with ETag)",
    request: { params: SlugParam },
    responses: {
      200: json(z.object({ post: Loose }), "The post"),
      304: { description: "Not modified" },
      404: json(ErrorSchema, "No published post with this slug"),
    },
  }),
  view: createRoute({
    method: "post",
    path: "/api/posts/{slug}/view",
    tags: ["Posts"],
    summary: "Count a view (once per visitor address and post per hour)",
    request: { params: SlugParam },
    responses: {
      200: json(z.object({ success: z.literal(true), counted: z.boolean() }), "Noted"),
      404: json(ErrorSchema, "No published post with this slug"),
    },
  }),
  list: createRoute({
    ...admin,
    method: "get",
    path: "/api/admin/posts",
    summary: "All posts of every status (filters post_type and status)",
    request: {
      query: z.object({
        post_type: z.enum(POST_TYPES).optional(),
        status: z.enum(POST_STATUSES).optional(),
        limit: z.coerce.number().int().min(1).max(500).optional().default(50),
        offset: z.coerce.number().int().min(0).optional().default(0),
      }),
    },
    responses: { 200: json(ListSchema, "Posts"), ...errs },
  }),
  get: createRoute({
    ...admin,
    method: "get",
    path: "/api/admin/posts/{id}",
    summary: "One post",
    request: { params: IdParam },
    responses: { 200: json(z.object({ post: Loose }), "The post"), ...errs },
  }),
  create: createRoute({
    ...admin,
    method: "post",
    path: "/api/admin/posts",
    summary: "Create a post (slug from the title when empty)",
    request: jsonBody(PostInputSchema),
    responses: { 201: json(z.object({ post: Loose }), "Created"), ...errs },
  }),
  update: createRoute({
    ...admin,
    method: "put",
    path: "/api/admin/posts/{id}",
    summary: "Update a post",
    request: { params: IdParam, ...jsonBody(PostInputSchema) },
    responses: { 200: json(z.object({ post: Loose }), "Saved"), ...errs },
  }),
  remove: createRoute({
    ...admin,
    method: "delete",
    path: "/api/admin/posts/{id}",
    summary: "Delete a post",
    request: { params: IdParam },
    responses: { 200: json(z.object({ success: z.literal(true) }), "Deleted"), ...errs },
  }),
};

/** Keys of the public reads in the response cache; a content change clears every key with this prefix. */
export const POSTS_CACHE_PREFIX = "posts:";

/**
 * The public reads are answered from `cache` (server/lib/cached-response.ts), keyed by the
 * validated, normalized query, and cleared by `onContentChange`'s caller on every change.
 * A post's view_count in GET /api/posts/{slug} is the one read when the answer was cached:
 * it catches up at the next content change.
 */
export function registerPostRoutes(
  app: OpenAPIHono<AppEnv>,
  onContentChange: () => void = () => {},
  cache: ResponseCache = createResponseCache(),
) {
  const failed = (c: Parameters<Parameters<typeof app.openapi>[1]>[0], error: unknown) => {
    if (error instanceof PostError) return jsonError(c, error.status, error.message);
    throw error;
  };

  app.openapi(routes.publicList, async (c) => {
    // Only validated values reach the key, so other query parameters or spellings share one entry.
    const { post_type, limit, offset } = c.req.valid("query");
    const { db } = c.var.deps;
    const key = `${POSTS_CACHE_PREFIX}list:${post_type ?? "all"}:${limit}:${offset}`;
    const entry = await cache.get(key, async () => ({
      body: await listPublishedPosts(db, { postType: post_type, limit, offset }),
    }));
    return serveCachedJson(c, entry!);
  });

  app.openapi(routes.publicGet, async (c) => {
    const { slug } = c.req.valid("param");
    const { db } = c.var.deps;
    // A slug with no published post is not kept: made-up slugs take no room in the cache.
    const entry = await cache.get(`${POSTS_CACHE_PREFIX}slug:${slug}`, async () => {
      const post = await findPublishedPost(db, slug);
      return post ? { body: { post } } : undefined;
    });
    if (!entry) return jsonError(c, 404, "No published post with this slug");
    return serveCachedJson(c, entry);
  });

  app.openapi(routes.view, async (c) => {
    const { db, env } = c.var.deps;
    const slug = c.req.valid("param").slug;
    const once = await hitRateLimit(db, `view:${slug}:${clientIp(c, env.TRUST_PROXY)}`, 1, 60 * 60_000);
    if (!once.allowed) return c.json({ success: true as const, counted: false }, 200);
    const count = await countView(db, slug);
    if (count === undefined) return jsonError(c, 404, "No published post with this slug");
    return c.json({ success: true as const, counted: true }, 200);
  });

  app.openapi(routes.list, async (c) => {
    const { post_type, status, limit, offset } = c.req.valid("query");
    return c.json(await listPosts(c.var.deps.db, { postType: post_type, status, limit, offset }), 200);
  });

  app.openapi(routes.get, async (c) => {
    try {
      return c.json({ post: await getPost(c.var.deps.db, c.req.valid("param").id) }, 200);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.create, async (c) => {
    try {
      const post = await createPost(c.var.deps.db, c.req.valid("json"));
      onContentChange();
      return c.json({ post }, 201);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.update, async (c) => {
    try {
      const post = await updatePost(c.var.deps.db, c.req.valid("param").id, c.req.valid("json"));
      onContentChange();
      return c.json({ post }, 200);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.openapi(routes.remove, async (c) => {
    try {
      await deletePost(c.var.deps.db, c.req.valid("param").id);
      onContentChange();
      return c.json({ success: true as const }, 200);
    } catch (error) {
      return failed(c, error);
    }
  });
}
