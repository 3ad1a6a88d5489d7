import type { Route } from "./+types/book";
import { pageMeta } from "~/lib/seo";
import { bookingPageSeo, bookPage } from "~/content/booking-pages";
import { BookList, BookPage } from "~/components/site/booking";

/**
 * /book and /book/{slug} (docs/product/bookings.md "The booking page"): the calls anyone may book,
 * and one meeting type's calendar. Both are prerendered for the shipped types; the free times are
 * read in the browser.
 */
export const meta: Route.MetaFunction = ({ params }) => {
  const slug = (params as { slug?: string }).slug;
  return pageMeta(slug ? bookingPageSeo(slug) : bookPage);
};

export default function BookRoute({ params }: Route.ComponentProps) {
  const slug = (params as { slug?: string }).slug;
  // A new slug is a new page: its calendar and form start afresh.
  return slug ? <BookPage key={slug} slug={slug} /> : <BookList />;
}
