import { postsEndpoints as endpoints } from "~/contracts/posts";
import { adminErrors, errorResponses, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/**
 * The posts API: public reads (docs/product/blog.md "The calls") and the owner's writes
 * (docs/product/posts-and-portfolio.md "The calls").
 */
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
const admin = { tags: ["Admin: posts"] };

export const publicList = routeOf(endpoints.publicList, {
  tags: ["Posts"],
  summary: "Published posts, newest first (with ETag)",
  answer: "A page of posts",
  responses: { 304: notModified, ...errorResponses([400], { 400: "Bad query" }) },
});

export const publicGet = routeOf(endpoints.publicGet, {
  tags: ["Posts"],
  summary: "One published post (with ETag)",
  answer: "The post",
  responses: { 304: notModified, ...errorResponses([404], { 404: NO_PUBLISHED_POST }) },
});

export const view = routeOf(endpoints.view, {
  tags: ["Posts"],
  summary: "Count a view (once per visitor address and post per hour); takes no body",
  answer: "Noted",
  responses: errorResponses([404], { 404: NO_PUBLISHED_POST }),
});

export const list = routeOf(endpoints.list, {
  ...admin,
  summary: "All posts of every status (filters post_type and status)",
  answer: "Posts",
  responses: errs,
});

export const get = routeOf(endpoints.get, { ...admin, summary: "One post", answer: "The post", responses: errs });

export const create = routeOf(endpoints.create, {
  ...admin,
  summary: "Create a post (slug from the title when empty)",
  answer: "Created",
  responses: errs,
});

export const update = routeOf(endpoints.update, {
  ...admin,
  summary: "Update a post",
  answer: "Saved",
  responses: errs,
});

export const remove = routeOf(endpoints.remove, {
  ...admin,
  summary: "Delete a post",
  answer: "Deleted",
  responses: errs,
});
