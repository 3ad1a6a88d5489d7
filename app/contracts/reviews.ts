import { z } from "~/contracts/zod";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import { requiredText, optionalText } from "./fields";
import { pageAnswerFields, pageQueryFields } from "./paging";
import { IdParam } from "./params";
import { MAX_LAUNCH_DAYS, REVIEW_LIMITS, REVIEW_STATUSES, REVIEW_TRIGGERS, REVIEWS_PATH } from "./review-terms";

/**
 * Reviews after launch (docs/product/reviews.md, docs/product/client-portal.md "Reviews"): the
 * client's review of their project behind the portal token, the owner's Reviews screen and setting
 * behind the admin session, and the approved reviews with their rating for the site's pages.
 */

const REVIEW_EXAMPLE = {
  stars: 5,
  words: "Tyler rebuilt our bakery's site in three weeks. Orders by phone dropped, online orders doubled.",
  display_name: "Łucja Nguyễn",
  business: "Sunrise Bakery, Warwick",
  consent: true,
} as const;
const PORTAL_REVIEW_EXAMPLE = {
  ...REVIEW_EXAMPLE,
  status: "pending",
  created_at: "2027-03-02T15:12:00.000Z",
  updated_at: "2027-03-02T15:12:00.000Z",
} as const;
const OWNER_REVIEW_EXAMPLE = {
  id: 12,
  ...PORTAL_REVIEW_EXAMPLE,
  project_id: "WBT-2026-7KQ4MZ",
  project_name: "Sunrise Bakery website",
  contact_id: 7,
  post_id: 31,
  post_title: "Sunrise Bakery: online orders in three weeks",
  decided_at: null,
} as const;
const PUBLIC_REVIEW_EXAMPLE = {
  id: 12,
  stars: 5,
  words: REVIEW_EXAMPLE.words,
  display_name: REVIEW_EXAMPLE.display_name,
  business: REVIEW_EXAMPLE.business,
  created_at: "2027-03-02T15:12:00.000Z",
} as const;

/** Whole stars, 1 to 5: anything else is refused with one clear sentence. */
const STARS_ERROR = "Choose a rating from 1 to 5 stars";
export const StarsField = z
  .number({ error: STARS_ERROR })
  .int({ error: STARS_ERROR })
  .min(1, { error: STARS_ERROR })
  .max(5, { error: STARS_ERROR })
  .meta({ description: "Whole stars, 1 to 5", example: 5 });

export const ReviewInputSchema = z
  .object({
    stars: StarsField,
    words: requiredText("A few words about the work", REVIEW_LIMITS.words),
    display_name: requiredText("The name to show", REVIEW_LIMITS.name),
    business: optionalText("The business to show", REVIEW_LIMITS.business),
    consent: z.boolean({ error: "Say whether the review may be published (true or false)" }),
  })
  .meta({ id: "ReviewInput", example: REVIEW_EXAMPLE });
export type ReviewInput = z.input<typeof ReviewInputSchema>;

export const PortalReviewSchema = z
  .object({
    stars: z.number().int(),
    words: z.string(),
    display_name: z.string(),
    business: z.string(),
    consent: z.boolean(),
    status: z.enum(REVIEW_STATUSES),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "PortalReview", example: PORTAL_REVIEW_EXAMPLE });
export type PortalReview = z.infer<typeof PortalReviewSchema>;

export const PortalReviewAnswerSchema = z
  .object({
    /** Whether this project may be reviewed now (delivered, or its request went out). */
    can_review: z.boolean(),
    /** The review written, or null. */
    review: PortalReviewSchema.nullable(),
    /** What to prefill: the viewer's name. */
    suggested_name: z.string(),
  })
  .meta({
    id: "PortalReviewAnswer",
    example: { can_review: true, review: PORTAL_REVIEW_EXAMPLE, suggested_name: "Łucja Nguyễn" },
  });
export type PortalReviewAnswer = z.infer<typeof PortalReviewAnswerSchema>;

export const OwnerReviewSchema = PortalReviewSchema.extend({
  id: z.number().int(),
  project_id: z.string().nullable(),
  project_name: z.string().nullable(),
  contact_id: z.number().int().nullable(),
  post_id: z.number().int().nullable().meta({ description: "The portfolio entry it is shown on, if any" }),
  post_title: z.string().nullable(),
  decided_at: z.string().nullable(),
}).meta({ id: "OwnerReview", example: OWNER_REVIEW_EXAMPLE });
export type OwnerReview = z.infer<typeof OwnerReviewSchema>;

export const ReviewListQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: "status is pending, approved or hidden" }).optional(),
  ...pageQueryFields(20),
});

export const ReviewListAnswerSchema = z
  .object({
    reviews: z.array(OwnerReviewSchema),
    ...pageAnswerFields,
    counts: z.object({ pending: z.number().int(), approved: z.number().int(), hidden: z.number().int() }),
  })
  .meta({
    id: "ReviewList",
    example: {
      reviews: [OWNER_REVIEW_EXAMPLE],
      total: 1,
      limit: 20,
      offset: 0,
      counts: { pending: 1, approved: 0, hidden: 0 },
    },
  });

export const ReviewDecisionSchema = z
  .object({
    status: z.enum(["approved", "hidden", "pending"], { error: "status is approved, hidden or pending" }).optional(),
    /** The portfolio entry to show it on; null for none. */
    post_id: z.number({ error: "post_id is a portfolio entry's id, or null" }).int().positive().nullable().optional(),
  })
  .refine((body) => body.status !== undefined || body.post_id !== undefined, {
    error: "Send status, post_id or both",
  })
  .meta({ id: "ReviewDecision", example: { status: "approved", post_id: 31 } });

export const OwnerReviewAnswerSchema = z
  .object({ review: OwnerReviewSchema })
  .meta({ id: "OwnerReviewAnswer", example: { review: OWNER_REVIEW_EXAMPLE } });

export const ReviewSettingsSchema = z
  .object({
    trigger: z.enum(REVIEW_TRIGGERS, { error: "Ask at complete, or some days after launch" }),
    launch_days: z
      .number({ error: "Days after Launch must be a number" })
      .int({ error: "Days after Launch must be a whole number" })
      .min(0, { error: "Days after Launch must be 0 or more" })
      .max(MAX_LAUNCH_DAYS, { error: `Days after Launch must be at most ${MAX_LAUNCH_DAYS}` }),
  })
  .meta({ id: "ReviewSettings", example: { trigger: "complete", launch_days: 14 } });
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;

export const ReviewPostOptionSchema = z
  .object({ id: z.number().int(), title: z.string(), slug: z.string() })
  .meta({ id: "ReviewPostOption", example: { id: 31, title: "Sunrise Bakery", slug: "sunrise-bakery" } });

export const ReviewSettingsAnswerSchema = z
  .object({ settings: ReviewSettingsSchema, posts: z.array(ReviewPostOptionSchema) })
  .meta({
    id: "ReviewSettingsAnswer",
    example: {
      settings: { trigger: "complete", launch_days: 14 },
      posts: [{ id: 31, title: "Sunrise Bakery", slug: "sunrise-bakery" }],
    },
  });

export const PublicReviewSchema = z
  .object({
    id: z.number().int(),
    stars: z.number().int(),
    words: z.string(),
    display_name: z.string(),
    business: z.string(),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "PublicReview", example: PUBLIC_REVIEW_EXAMPLE });
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export const RatingSchema = z
  .object({
    value: z.number().meta({ description: "The mean of the approved reviews' stars", example: 4.8 }),
    count: z.number().int().meta({ example: 12 }),
  })
  .meta({ id: "Rating" });
export type Rating = z.infer<typeof RatingSchema>;

export const PublicReviewsQuerySchema = z.object({
  post: z
    .string()
    .max(200, { error: "post is a portfolio entry's slug, at most 200 characters" })
    .optional()
    .meta({ description: "Only the reviews shown on this portfolio entry (its slug)", example: "sunrise-bakery" }),
});

export const PublicReviewsAnswerSchema = z
  .object({
    reviews: z.array(PublicReviewSchema),
    /** Over every approved review (the business's rating); null when none is approved. */
    rating: RatingSchema.nullable(),
  })
  .meta({ id: "PublicReviews", example: { reviews: [PUBLIC_REVIEW_EXAMPLE], rating: { value: 5, count: 1 } } });
export type PublicReviewsAnswer = z.infer<typeof PublicReviewsAnswerSchema>;

export const reviewsEndpoints = {
  /** The approved reviews (newest first, a few) and the rating over all of them. */
  published: endpoint({
    method: "get",
    path: REVIEWS_PATH,
    access: "public",
    query: PublicReviewsQuerySchema,
    answer: PublicReviewsAnswerSchema,
  }),
  /** The client's review of one of their projects, and whether they may write one. */
  portalGet: endpoint({
    method: "get",
    path: "/api/client-portal/projects/{id}/review",
    access: "portal",
    params: ProjectIdParam,
    answer: PortalReviewAnswerSchema,
  }),
  /** Writes the review, or edits it while it is pending. */
  portalSave: endpoint({
    method: "put",
    path: "/api/client-portal/projects/{id}/review",
    access: "portal",
    params: ProjectIdParam,
    body: ReviewInputSchema,
    answer: PortalReviewAnswerSchema,
  }),
  list: endpoint({
    method: "get",
    path: "/api/admin/reviews",
    access: "admin",
    query: ReviewListQuerySchema,
    answer: ReviewListAnswerSchema,
  }),
  /** Approve (consent needed), hide, or put back to pending; and the portfolio entry it shows on. */
  decide: endpoint({
    method: "patch",
    path: "/api/admin/reviews/{id}",
    access: "admin",
    params: IdParam,
    body: ReviewDecisionSchema,
    answer: OwnerReviewAnswerSchema,
  }),
  settings: endpoint({
    method: "get",
    path: "/api/admin/review-settings",
    access: "admin",
    answer: ReviewSettingsAnswerSchema,
  }),
  updateSettings: endpoint({
    method: "put",
    path: "/api/admin/review-settings",
    access: "admin",
    body: ReviewSettingsSchema,
    answer: ReviewSettingsAnswerSchema,
  }),
};
