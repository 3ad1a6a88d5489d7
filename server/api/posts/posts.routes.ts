import { createRoute, z } from "@hono/zod-openapi";
import { POST_STATUSES, POST_TYPES } from "~/lib/content/posts";
import {
  PostAnswerSchema,
  PostDeletedSchema,
  PostInputSchema,
  PostListSchema,
  ViewCountAnswerSchema,
} from "~/lib/content/post-schema";
import { adminErrors, errorResponses, IdParam, json, jsonBody, notFound } from "../../lib/openapi";

/** The posts API: public reads (public-site spec 7) and the owner's writes (back-office spec 7). */
const SlugParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "slug", in: "path" }, example: "why-your-cafe-needs-a-menu-page" }),
});
const PostTypeQuery = z.enum(POST_TYPES).optional().openapi({ example: "portfolio" });
const NO_PUBLISHED_POST = "No published post with this slug";
const notModified = { description: "Not modified: the If-None-Match ETag is still current" };
const errs = {
  ...adminErrors,
  ...notFound,
  ...errorResponses([400, 409], {
    400: "The body is not valid, or the post shows a client's private file",
    409: "The slug is already used",
  }),
};
const admin = { tags: ["Admin: posts"], security: [{ bearerAuth: [] }] };

export const publicList = createRoute({
  method: "get",
  path: "/api/posts",
  tags: ["Posts"],
  summary: "Published posts, newest first (with ETag)",
  request: {
    query: z.object({
      post_type: PostTypeQuery,
      limit: z.coerce.number().int().min(1).max(100).optional().default(10).openapi({ example: 10 }),
      offset: z.coerce.number().int().min(0).max(100_000).optional().default(0).openapi({ example: 0 }),
    }),
  },
  responses: {
    200: json(PostListSchema, "A page of posts"),
    304: notModified,
    ...errorResponses([400], { 400: "Bad query" }),
  },
});

export const publicGet = createRoute({
  method: "get",
  path: "/api/posts/{slug}",
  tags: ["Posts"],
  summary: "One published post (with ETag)",
  request: { params: SlugParam },
  responses: {
    200: json(PostAnswerSchema, "The post"),
    304: notModified,
    ...errorResponses([404], { 404: NO_PUBLISHED_POST }),
  },
});

export const view = createRoute({
  method: "post",
  path: "/api/posts/{slug}/view",
  tags: ["Posts"],
  summary: "Count a view (once per visitor address and post per hour); takes no body",
  request: { params: SlugParam },
  responses: {
    200: json(ViewCountAnswerSchema, "Noted"),
    ...errorResponses([404], { 404: NO_PUBLISHED_POST }),
  },
});

export const list = createRoute({
  ...admin,
  method: "get",
  path: "/api/admin/posts",
  summary: "All posts of every status (filters post_type and status)",
  request: {
    query: z.object({
      post_type: PostTypeQuery,
      status: z.enum(POST_STATUSES).optional().openapi({ example: "draft" }),
      limit: z.coerce.number().int().min(1).max(500).optional().default(50).openapi({ example: 50 }),
      offset: z.coerce.number().int().min(0).optional().default(0).openapi({ example: 0 }),
    }),
  },
  responses: { 200: json(PostListSchema, "Posts"), ...errs },
});

export const get = createRoute({
  ...admin,
  method: "get",
  path: "/api/admin/posts/{id}",
  summary: "One post",
  request: { params: IdParam },
  responses: { 200: json(PostAnswerSchema, "The post"), ...errs },
});

export const create = createRoute({
  ...admin,
  method: "post",
  path: "/api/admin/posts",
  summary: "Create a post (slug from the title when empty)",
  request: jsonBody(PostInputSchema),
  responses: { 201: json(PostAnswerSchema, "Created"), ...errs },
});

export const update = createRoute({
  ...admin,
  method: "put",
  path: "/api/admin/posts/{id}",
  summary: "Update a post",
  request: { params: IdParam, ...jsonBody(PostInputSchema) },
  responses: { 200: json(PostAnswerSchema, "Saved"), ...errs },
});

export const remove = createRoute({
  ...admin,
  method: "delete",
  path: "/api/admin/posts/{id}",
  summary: "Delete a post",
  request: { params: IdParam },
  responses: { 200: json(PostDeletedSchema, "Deleted"), ...errs },
});
