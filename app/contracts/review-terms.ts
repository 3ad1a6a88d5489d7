/**
 * The words of reviews that the portal, the admin and the site share (docs/product/client-portal.md
 * "Reviews", docs/product/reviews.md). No zod here: the site's pages read these too.
 */

/** pending: written by the client, not shown; approved: shown on the site; hidden: kept, never shown. */
export const REVIEW_STATUSES = ["pending", "approved", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  hidden: "Hidden",
};

/** When the client is asked: at Complete (the default), or a number of days after Launch. */
export const REVIEW_TRIGGERS = ["complete", "launch"] as const;
export type ReviewTrigger = (typeof REVIEW_TRIGGERS)[number];

/** docs/product/reviews.md "When the client is asked": 14 days after Launch unless the owner says otherwise. */
export const DEFAULT_LAUNCH_DAYS = 14;
export const MAX_LAUNCH_DAYS = 120;

export const REVIEW_LIMITS = { words: 2000, name: 80, business: 120 } as const;

/** The portal's query that opens a project's review form (`/client-portal?review=1#project=ID`). */
export const REVIEW_TARGET_PARAM = "review";

/** The statuses at which a client may write a review even before any request went out. */
export const REVIEWABLE_STATUSES = ["complete", "maintenance"] as const;

/** "4.8": a rating as the structured data and the pages give it, one decimal. */
export const ratingText = (value: number) => value.toFixed(1);

/** "5 out of 5 stars": the text a row of stars stands for. */
export const starsText = (stars: number) => `${stars} out of 5 stars`;

/**
 * reviewsEndpoints.published as plain text: the site's pages read it as they load, and keep Zod
 * out of their first load (app/contracts/public-paths.ts says why).
 */
export const REVIEWS_PATH = "/api/reviews";
