import { and, desc, eq, inArray } from "drizzle-orm";
import type { ReviewSettings } from "~/contracts/reviews";
import { DEFAULT_LAUNCH_DAYS } from "~/contracts/review-terms";
import { posts, reviewSettings } from "../../db/schema/index";
import type { DbOrTx } from "../../db/tx";

/**
 * When a client is asked for a review (docs/product/reviews.md "When the client is asked"): at
 * Complete unless the owner chose some days after Launch. The row is written when the owner first
 * saves; a database without it asks at Complete.
 */
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { trigger: "complete", launch_days: DEFAULT_LAUNCH_DAYS };

export async function readReviewSettings(db: DbOrTx): Promise<ReviewSettings> {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.id, 1));
  return row ? { trigger: row.trigger, launch_days: row.launchDays } : DEFAULT_REVIEW_SETTINGS;
}

export async function saveReviewSettings(db: DbOrTx, input: ReviewSettings): Promise<ReviewSettings> {
  const values = { trigger: input.trigger, launchDays: input.launch_days, updatedAt: new Date() };
  await db
    .insert(reviewSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: reviewSettings.id, set: values });
  return readReviewSettings(db);
}

/** The published portfolio entries and case studies a review may be shown on, newest first. */
export async function reviewPostOptions(db: DbOrTx) {
  return db
    .select({ id: posts.id, title: posts.title, slug: posts.slug })
    .from(posts)
    .where(and(eq(posts.status, "published"), inArray(posts.postType, ["portfolio", "case_study"])))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(200);
}
