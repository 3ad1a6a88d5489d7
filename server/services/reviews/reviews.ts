import { and, count, desc, eq, sql } from "drizzle-orm";
import type {
  OwnerReview,
  PortalReviewAnswer,
  PublicReview,
  PublicReviewsAnswer,
  ReviewInput,
} from "~/contracts/reviews";
import { REVIEWABLE_STATUSES, type ReviewStatus } from "~/contracts/review-terms";
import type { ProjectStatus } from "~/contracts/project-terms";
import type { Database } from "../../db/client";
import { contacts, posts, projectContacts, projects, reviewRequests, reviews } from "../../db/schema/index";
import type { DbOrTx } from "../../db/tx";
import { ServiceError } from "../../lib/service-error";
import { primaryContactOf } from "../billing/common";
import { normalizeEmail, type PortalAccess } from "../portal-access";

/**
 * Reviews (docs/product/reviews.md, docs/product/client-portal.md "Reviews"): the client's one
 * review of a project, written and edited while pending; the owner's list and decisions; and the
 * approved reviews with the rating computed from them, for the site.
 */
export class ReviewError extends ServiceError<400 | 404 | 409> {}

type ReviewRow = typeof reviews.$inferSelect;

/** The most approved reviews the site's pages show at once. */
export const PUBLISHED_LIMIT = 6;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const portalOf = (row: ReviewRow) => ({
  stars: row.stars,
  words: row.words,
  display_name: row.displayName,
  business: row.business,
  consent: row.consent,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The contact the portal's viewer is on this project: the signed-in address's, else the primary. */
async function viewerOf(db: DbOrTx, access: PortalAccess, projectId: string) {
  if (access.email !== null) {
    const [row] = await db
      .select({ id: contacts.id, name: contacts.name })
      .from(projectContacts)
      .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
      .where(
        and(eq(projectContacts.projectId, projectId), sql`lower(${contacts.email}) = ${normalizeEmail(access.email)}`),
      )
      .limit(1);
    if (row) return row;
  }
  const primary = await primaryContactOf(db, projectId);
  return primary ? { id: primary.id, name: primary.name } : null;
}

/** Delivered, or asked: a project in Launch may be reviewed once its request went out. */
async function mayReview(db: DbOrTx, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: projects.status, asked: reviewRequests.state })
    .from(projects)
    .leftJoin(reviewRequests, eq(reviewRequests.projectId, projects.id))
    .where(eq(projects.id, projectId));
  if (!row) throw new ReviewError(404, "No project with this ID.");
  return (REVIEWABLE_STATUSES as readonly ProjectStatus[]).includes(row.status) || row.asked === "sent";
}

/** The portal's view of a project's review (the access step already checked the token opens it). */
export async function portalReview(db: Database, access: PortalAccess, projectId: string): Promise<PortalReviewAnswer> {
  const canReview = await mayReview(db, projectId);
  const [row] = await db.select().from(reviews).where(eq(reviews.projectId, projectId));
  const viewer = await viewerOf(db, access, projectId);
  return { can_review: canReview, review: row ? portalOf(row) : null, suggested_name: viewer?.name ?? "" };
}

const NOT_YET =
  "This project can be reviewed once it is complete. Thank you for wanting to: you'll get an e-mail when it is.";
const DECIDED =
  "Your review has already been read and published (or set aside), so it can no longer be changed here. To change it, reply to the e-mail that asked for it.";

/**
 * Writes the project's review, or edits it while it is pending; a review the owner has decided on
 * is refused with 409 (docs/decisions/059-reviews.md).
 */
export async function saveReview(
  db: Database,
  access: PortalAccess,
  projectId: string,
  input: ReviewInput & { business: string },
): Promise<PortalReviewAnswer> {
  await db.transaction(async (tx) => {
    if (!(await mayReview(tx, projectId))) throw new ReviewError(409, NOT_YET);
    const viewer = await viewerOf(tx, access, projectId);
    const values = {
      stars: input.stars,
      words: input.words,
      displayName: input.display_name,
      business: input.business,
      consent: input.consent,
      updatedAt: new Date(),
    };
    const [written] = await tx
      .insert(reviews)
      .values({ projectId, contactId: viewer?.id ?? null, ...values })
      .onConflictDoUpdate({ target: reviews.projectId, set: values, setWhere: sql`${reviews.status} = 'pending'` })
      .returning({ id: reviews.id });
    if (!written) throw new ReviewError(409, DECIDED);
  });
  return portalReview(db, access, projectId);
}

/* ---------------- The owner ---------------- */

const ownerSelection = {
  review: reviews,
  projectName: projects.name,
  postTitle: posts.title,
};

function ownerOf(row: { review: ReviewRow; projectName: string | null; postTitle: string | null }): OwnerReview {
  const r = row.review;
  return {
    id: r.id,
    ...portalOf(r),
    project_id: r.projectId,
    project_name: row.projectName,
    contact_id: r.contactId,
    post_id: r.postId,
    post_title: row.postTitle,
    decided_at: iso(r.decidedAt),
  };
}

const ownerRows = (db: DbOrTx) =>
  db
    .select(ownerSelection)
    .from(reviews)
    .leftJoin(projects, eq(projects.id, reviews.projectId))
    .leftJoin(posts, eq(posts.id, reviews.postId));

/** The Reviews screen: newest first, by status, a page at a time, with each status's count. */
export async function listReviews(db: Database, query: { status?: ReviewStatus; limit: number; offset: number }) {
  const where = query.status ? eq(reviews.status, query.status) : undefined;
  const [rows, byStatus] = await Promise.all([
    ownerRows(db)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ status: reviews.status, n: count() }).from(reviews).groupBy(reviews.status),
  ]);
  const counts = { pending: 0, approved: 0, hidden: 0 };
  for (const r of byStatus) counts[r.status] = r.n;
  const total = query.status ? counts[query.status] : counts.pending + counts.approved + counts.hidden;
  return { reviews: rows.map(ownerOf), total, limit: query.limit, offset: query.offset, counts };
}

export async function ownerReview(db: DbOrTx, id: number): Promise<OwnerReview> {
  const [row] = await ownerRows(db).where(eq(reviews.id, id));
  if (!row) throw new ReviewError(404, "No review with this ID. Reload the list.");
  return ownerOf(row);
}

const NO_CONSENT =
  "This review can't be approved: its writer did not agree to publish it. Hide it, or ask them to tick the box in the portal.";

/**
 * Approve (only with the writer's consent), hide or put back to pending, and the portfolio entry
 * it shows on. Answers the review and whether what the site shows changed.
 */
export async function decideReview(
  db: Database,
  id: number,
  change: { status?: ReviewStatus; post_id?: number | null },
): Promise<{ review: OwnerReview; published: boolean }> {
  const published = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
    if (!row) throw new ReviewError(404, "No review with this ID. Reload the list.");
    if (change.status === "approved" && !row.consent) throw new ReviewError(409, NO_CONSENT);
    if (change.post_id != null) {
      const [post] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, change.post_id));
      if (!post) throw new ReviewError(400, "That portfolio entry no longer exists: reload and choose again.");
    }
    const status = change.status ?? row.status;
    await tx
      .update(reviews)
      .set({
        ...(change.status !== undefined && {
          status,
          decidedAt: change.status === row.status ? row.decidedAt : status === "pending" ? null : new Date(),
        }),
        ...(change.post_id !== undefined && { postId: change.post_id }),
        updatedAt: new Date(),
      })
      .where(eq(reviews.id, id));
    // The site changes when a review enters or leaves it, or an approved one moves to another entry.
    return row.status !== status && (row.status === "approved" || status === "approved")
      ? true
      : status === "approved" && change.post_id !== undefined && change.post_id !== row.postId;
  });
  return { review: await ownerReview(db, id), published };
}

/* ---------------- The site ---------------- */

/**
 * The approved reviews the site shows (newest first, PUBLISHED_LIMIT at most; those of one
 * portfolio entry when `postSlug` is given), and the rating over every approved review: the mean
 * of their stars and their count, or null when none is approved, so no page claims a rating the
 * reviews do not give.
 */
export async function publishedReviews(db: Database, postSlug?: string): Promise<PublicReviewsAnswer> {
  const approved = eq(reviews.status, "approved");
  const listed = db
    .select({
      id: reviews.id,
      stars: reviews.stars,
      words: reviews.words,
      displayName: reviews.displayName,
      business: reviews.business,
      createdAt: reviews.createdAt,
    })
    .from(reviews);
  const [rows, [rating]] = await Promise.all([
    (postSlug
      ? listed.innerJoin(posts, eq(posts.id, reviews.postId)).where(and(approved, eq(posts.slug, postSlug)))
      : listed.where(approved)
    )
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(PUBLISHED_LIMIT),
    db
      .select({ n: count(), mean: sql<string | null>`avg(${reviews.stars})` })
      .from(reviews)
      .where(approved),
  ]);
  const n = rating?.n ?? 0;
  return {
    reviews: rows.map((r): PublicReview => ({
      id: r.id,
      stars: r.stars,
      words: r.words,
      display_name: r.displayName,
      business: r.business,
      created_at: r.createdAt.toISOString(),
    })),
    rating: n > 0 && rating?.mean != null ? { value: Math.round(Number(rating.mean) * 10) / 10, count: n } : null,
  };
}
