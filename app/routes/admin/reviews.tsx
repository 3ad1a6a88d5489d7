import type { Route } from "./+types/reviews";
import { REVIEW_STATUSES } from "~/contracts/review-terms";
import { adminMeta } from "~/lib/admin/meta";
import { RequestSettings, ReviewsPanel, type ReviewListFilter } from "~/components/admin/reviews";
import { useListParams } from "~/components/admin/ui/use-list-params";

export const meta: Route.MetaFunction = () => adminMeta("Reviews");

const SORTS = ["newest"] as const;

/**
 * Reviews: what clients wrote after their projects, newest first, by status, paged by the server;
 * the owner approves (with the client's consent) or hides each, and chooses when clients are asked.
 */
export default function Reviews() {
  const list = useListParams({ statuses: REVIEW_STATUSES, sorts: SORTS, defaultSort: "newest" });
  const filter: ReviewListFilter = { status: list.status, page: list.page };
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Reviews</h1>
        <p className="mt-1 text-slate-600">
          Approved reviews show on the home page, the about page and the portfolio entry you choose, and give the
          site&apos;s rating. Only a review whose client agreed to publish it can be approved.
        </p>
      </header>
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <ReviewsPanel filter={filter} onStatus={(status) => list.update({ status })} pageHref={list.pageHref} />
        <RequestSettings />
      </div>
    </div>
  );
}
