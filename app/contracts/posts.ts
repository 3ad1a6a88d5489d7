import { z } from "~/lib/zod";
import { POST_STATUSES, POST_TYPES } from "~/lib/content/post-kinds";
import {
  PostAnswerSchema,
  PostDeletedSchema,
  PostInputSchema,
  PostListSchema,
  ViewCountAnswerSchema,
} from "~/lib/content/post-schema";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";
import { POSTS_PATH, POST_PATH, POST_VIEW_PATH } from "./public-paths";

/** A published post's slug in the path. */
const SlugParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(200)
    .meta({ param: { name: "slug", in: "path" }, example: "why-your-cafe-needs-a-menu-page" }),
});
const PostTypeQuery = z.enum(POST_TYPES).optional().meta({ example: "portfolio" });

/** The posts: the public reads (public-site spec 7) and the owner's writes (back-office spec 7). */
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
