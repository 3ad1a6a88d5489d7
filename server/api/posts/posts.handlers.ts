import type { OpenAPIHono } from "@hono/zod-openapi";
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
  updatePost,
} from "../../services/posts";
import { hitRateLimit } from "../../services/rate-limit";
import * as routes from "./posts.routes";
import { refused } from "../../lib/service-error";
import { jsonAnswer } from "../../lib/json-answer";

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
    return refused(c, error, [400, 404, 409]);
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
    return jsonAnswer(c, await listPosts(c.var.deps.db, { postType: post_type, status, limit, offset }), 200);
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
