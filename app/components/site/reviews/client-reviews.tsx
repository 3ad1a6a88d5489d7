import { useEffect, useState } from "react";
import { ratingText, REVIEWS_PATH } from "~/contracts/review-terms";
import { BUSINESS_ID } from "~/lib/seo";
import { StarRow } from "./star-row";

/** What GET /api/reviews answers (app/contracts/reviews.ts, PublicReviewsAnswerSchema). */
export interface ShownReview {
  id: number;
  stars: number;
  words: string;
  display_name: string;
  business: string;
}
export interface ShownReviews {
  reviews: ShownReview[];
  rating: { value: number; count: number } | null;
}

/** The answer's shape checked by hand: the page's first load holds no Zod. */
function shownOf(answer: unknown): ShownReviews | null {
  const data = answer as Partial<ShownReviews> | null;
  if (!data || !Array.isArray(data.reviews)) return null;
  const rating = data.rating ?? null;
  if (rating !== null && (typeof rating.value !== "number" || typeof rating.count !== "number")) return null;
  return { reviews: data.reviews, rating };
}

export async function fetchShownReviews(post?: string): Promise<ShownReviews | null> {
  const url = post ? `${REVIEWS_PATH}?post=${encodeURIComponent(post)}` : REVIEWS_PATH;
  const res = await fetch(url, { headers: { Accept: "application/json" } });
  if (!res.ok) return null;
  return shownOf(await res.json());
}

/**
 * The business's rating as structured data: the same business node as the page's LocalBusiness
 * (its @id), with the rating computed on the server from the approved reviews. Given only while
 * one is approved (docs/decisions/059-reviews.md).
 */
export function ratingJsonLd(rating: { value: number; count: number }) {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": BUSINESS_ID,
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: ratingText(rating.value),
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

const countText = (count: number) => `${count} ${count === 1 ? "review" : "reviews"}`;

/**
 * Approved client reviews (docs/product/reviews.md "On the site"), read as the page loads: the
 * prerendered page and a cached article stay the same for everyone, and an approval shows on the
 * next visit (the answer is kept in memory until a decision clears it). Nothing shows while none
 * is approved. `post`: only the reviews the owner shows on that portfolio entry. `withRating`:
 * the rating and its structured data (home, about).
 */
export function ClientReviews({
  post,
  withRating = false,
  title = post ? "What the client says" : "What clients say",
  intro,
  tone = post ? "tint" : "white",
}: {
  post?: string;
  withRating?: boolean;
  title?: string;
  intro?: string;
  tone?: "white" | "tint";
}) {
  const [shown, setShown] = useState<ShownReviews | null>(null);

  useEffect(() => {
    let live = true;
    fetchShownReviews(post).then(
      (answer) => live && setShown(answer),
      // Reviews are a bonus on these pages: a failed read leaves the page as it is.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [post]);

  if (!shown || shown.reviews.length === 0) return null;
  const rating = withRating ? shown.rating : null;
  const headingId = post ? "project-reviews-title" : "client-reviews-title";

  return (
    <section
      aria-labelledby={headingId}
      className={`${tone === "tint" ? "bg-brand-50" : "bg-white"} py-16 sm:py-20`}
      data-testid="client-reviews"
    >
      {rating ? (
        <script
          type="application/ld+json"
          // JSON of numbers and fixed words: "<" cannot appear, but is escaped all the same.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(ratingJsonLd(rating)).replace(/</g, "\\u003c") }}
        />
      ) : null}
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-3 text-lg text-slate-700">{intro}</p> : null}
          {rating ? (
            <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-800" data-testid="reviews-rating">
              <StarRow stars={Math.round(rating.value)} className="size-6" />
              <span>
                <strong className="font-semibold text-slate-900">{ratingText(rating.value)} out of 5</strong> from{" "}
                {countText(rating.count)}
              </span>
            </p>
          ) : null}
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {shown.reviews.map((review) => (
            <li key={review.id}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <StarRow stars={review.stars} />
                <blockquote className="mt-4 flex-1 leading-7 whitespace-pre-line text-slate-800">
                  <p>{review.words}</p>
                </blockquote>
                <figcaption className="mt-5 border-t border-slate-100 pt-4">
                  <span className="block font-semibold text-slate-900">{review.display_name}</span>
                  {review.business ? <span className="block text-sm text-slate-600">{review.business}</span> : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
