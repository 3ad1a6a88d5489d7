import { reviewsEndpoints as endpoints } from "~/contracts/reviews";
import { adminErrors, errorResponses, notFound } from "../../lib/openapi";
import { portalErrors } from "../../lib/billing-http";
import { routeOf } from "../../lib/route-of";

/** Reviews after launch (docs/product/reviews.md "The calls"). */
const adminTags = ["Admin: reviews"];
const notModified = { description: "Not modified: the If-None-Match ETag is still current" };

export const publishedRoute = routeOf(endpoints.published, {
  tags: ["Reviews"],
  summary: "The approved reviews (newest first, six at most) and the rating computed from every approved review",
  description:
    "`rating` is null while no review is approved: the site then claims no rating at all. With `post`, only the reviews the owner shows on that portfolio entry; the rating stays the business's.",
  answer: "The approved reviews and the rating (with ETag)",
  responses: { 304: notModified, ...errorResponses([400]) },
});

export const portalGetRoute = routeOf(endpoints.portalGet, {
  tags: ["Client portal: reviews"],
  summary: "The client's review of one of their projects, and whether the project may be reviewed now",
  answer: "The review (or null) and whether one may be written",
  responses: portalErrors,
});

export const portalSaveRoute = routeOf(endpoints.portalSave, {
  tags: ["Client portal: reviews"],
  summary: "Write the project's review, or edit it while it waits for the owner",
  description:
    "One review per project. While it is pending a second submission replaces it; once the owner approved or hid it, 409.",
  answer: "Saved",
  responses: {
    ...portalErrors,
    ...errorResponses([409], {
      409: "The project is not complete yet, or its review was already decided on",
    }),
  },
});

export const listRoute = routeOf(endpoints.list, {
  tags: adminTags,
  summary: "Reviews, newest first, by status, paged on the server, with the count of each status",
  answer: "A page of reviews",
  responses: adminErrors,
});

export const decideRoute = routeOf(endpoints.decide, {
  tags: adminTags,
  summary:
    "Approve (only with the writer's consent), hide or put back a review; choose the portfolio entry it shows on",
  answer: "The review",
  responses: {
    ...adminErrors,
    ...notFound,
    ...errorResponses([409], { 409: "The writer did not consent to publish: it cannot be approved" }),
  },
});

export const settingsRoute = routeOf(endpoints.settings, {
  tags: adminTags,
  summary: "When clients are asked for a review, and the portfolio entries a review may be shown on",
  answer: "The setting and the entries",
  responses: adminErrors,
});

export const updateSettingsRoute = routeOf(endpoints.updateSettings, {
  tags: adminTags,
  summary: "Ask at Complete, or a number of days after Launch",
  answer: "The saved setting",
  responses: adminErrors,
});
