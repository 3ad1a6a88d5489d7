import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { createResponseCache, serveCachedJson, type ResponseCache } from "../../lib/cached-response";
import { portalGate } from "../../lib/billing-http";
import { portalAccessOfRequest } from "../../lib/portal-auth";
import { refused } from "../../lib/service-error";
import { normalizeProjectId } from "../../services/client-portal";
import { decideReview, listReviews, portalReview, publishedReviews, saveReview } from "../../services/reviews/reviews";
import { readReviewSettings, reviewPostOptions, saveReviewSettings } from "../../services/reviews/settings";
import * as routes from "./reviews.routes";

/** Keys of the public reviews in the response cache; an approval or a hide clears them. */
export const REVIEWS_CACHE_PREFIX = "reviews:";

/**
 * Reviews (docs/product/reviews.md "The calls"; contracts in reviews.routes.ts). The public read is
 * answered from memory like the posts; a decision that changes what the site shows clears it here
 * and, through `onContentChange`, on every process (with the cached pages).
 */
export function registerReviewRoutes(
  app: OpenAPIHono<AppEnv>,
  onContentChange: () => void = () => {},
  cache: ResponseCache = createResponseCache(),
) {
  app.openapi(routes.publishedRoute, async (c) => {
    const post = c.req.valid("query").post?.trim() || undefined;
    const { db } = c.var.deps;
    const entry = await cache.get(`${REVIEWS_CACHE_PREFIX}${post ?? ""}`, async () => ({
      body: await publishedReviews(db, post),
    }));
    return serveCachedJson(c, entry!);
  });

  app.openapi(routes.portalGetRoute, async (c) => {
    const id = normalizeProjectId(c.req.valid("param").id);
    const gate = await portalGate(c, async () => id);
    if (gate) return gate;
    try {
      return c.json(await portalReview(c.var.deps.db, (await portalAccessOfRequest(c))!, id), 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.portalSaveRoute, async (c) => {
    const id = normalizeProjectId(c.req.valid("param").id);
    const gate = await portalGate(c, async () => id);
    if (gate) return gate;
    try {
      const access = (await portalAccessOfRequest(c))!;
      const answer = await saveReview(c.var.deps.db, access, id, c.req.valid("json"));
      c.var.log.info({ projectId: id, stars: answer.review?.stars }, "a client saved a review");
      return c.json(answer, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.listRoute, async (c) => c.json(await listReviews(c.var.deps.db, c.req.valid("query")), 200));

  app.openapi(routes.decideRoute, async (c) => {
    const id = c.req.valid("param").id;
    const change = c.req.valid("json");
    try {
      const { review, published } = await decideReview(c.var.deps.db, id, change);
      c.var.log.info(
        { reviewId: id, status: review.status, postId: review.post_id, admin: c.var.admin?.email },
        "the owner decided on a review",
      );
      if (published) {
        cache.clear(REVIEWS_CACHE_PREFIX);
        onContentChange();
      }
      return c.json({ review }, 200);
    } catch (error) {
      return refused(c, error, [400, 404, 409]);
    }
  });

  app.openapi(routes.settingsRoute, async (c) => {
    const { db } = c.var.deps;
    return c.json({ settings: await readReviewSettings(db), posts: await reviewPostOptions(db) }, 200);
  });

  app.openapi(routes.updateSettingsRoute, async (c) => {
    const { db } = c.var.deps;
    const settings = await saveReviewSettings(db, c.req.valid("json"));
    c.var.log.info({ settings, admin: c.var.admin?.email }, "the owner changed when reviews are asked for");
    return c.json({ settings, posts: await reviewPostOptions(db) }, 200);
  });
}
