import { useId } from "react";
import { Link } from "react-router";
import { Check, EyeOff, FolderKanban, Undo2 } from "lucide-react";
import type { OwnerReview } from "~/contracts/reviews";
import { REVIEW_STATUSES, REVIEW_STATUS_LABELS, type ReviewStatus } from "~/contracts/review-terms";
import { site } from "~/config/site";
import { StarRow } from "~/components/site/reviews/star-row";
import { Badge } from "../ui/badge";
import { FilterSelect } from "../ui/filter-select";
import { ListEmpty, listCount } from "../ui/list-states";
import { LoadError } from "../ui/load-error";
import { InlineLoading } from "../ui/loading";
import { Pager } from "../ui/pager";
import { RecordList } from "../ui/record-list";
import { adminButton, inputClass } from "../ui/styles";
import { REVIEWS_PAGE_SIZE, useDecideReview, useReviewPage, useReviewSettings, type ReviewListFilter } from "./api";

const COLUMNS = ["Received", "Stars", "Review", "Shown as", "Project", "Consent", "Status", "Actions"] as const;
const TONES: Record<ReviewStatus, "yellow" | "green" | "gray"> = {
  pending: "yellow",
  approved: "green",
  hidden: "gray",
};

const received = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: site.timeZone,
});

const projectHref = (id: string) => `/admin/projects?project=${encodeURIComponent(id)}`;

function StatusBadge({ status }: { status: ReviewStatus }) {
  return <Badge tone={TONES[status]}>{REVIEW_STATUS_LABELS[status]}</Badge>;
}

/** Approve (with consent), hide, or put back; the portfolio entry it shows on. */
function ReviewActions({ review, posts }: { review: OwnerReview; posts: { id: number; title: string }[] }) {
  const decide = useDecideReview();
  const id = useId();
  const busy = decide.isPending;
  const who = <span className="sr-only"> the review by {review.display_name}</span>;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-1.5">
        {review.status !== "approved" ? (
          <button
            type="button"
            className={adminButton.row}
            disabled={busy || !review.consent}
            onClick={() => decide.mutate({ id: review.id, status: "approved" })}
            aria-describedby={review.consent ? undefined : `${id}-no-consent`}
          >
            <Check className="size-3.5" aria-hidden="true" /> Approve{who}
          </button>
        ) : null}
        {review.status !== "hidden" ? (
          <button
            type="button"
            className={adminButton.row}
            disabled={busy}
            onClick={() => decide.mutate({ id: review.id, status: "hidden" })}
          >
            <EyeOff className="size-3.5" aria-hidden="true" /> Hide{who}
          </button>
        ) : (
          <button
            type="button"
            className={adminButton.row}
            disabled={busy}
            onClick={() => decide.mutate({ id: review.id, status: "pending" })}
          >
            <Undo2 className="size-3.5" aria-hidden="true" /> Back to pending{who}
          </button>
        )}
      </div>
      {!review.consent ? (
        <p id={`${id}-no-consent`} className="text-xs text-slate-600">
          Not approvable: the client did not agree to publish it.
        </p>
      ) : null}
      {posts.length > 0 ? (
        <div className="grid gap-1">
          <label htmlFor={`${id}-post`} className="text-xs font-medium text-slate-700">
            Also show on
          </label>
          <select
            id={`${id}-post`}
            className={`${inputClass} py-1.5 text-xs`}
            value={review.post_id ?? ""}
            disabled={busy}
            onChange={(e) => decide.mutate({ id: review.id, post_id: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">No portfolio entry</option>
            {posts.map((post) => (
              <option key={post.id} value={post.id}>
                {post.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}

function ProjectLink({ review }: { review: OwnerReview }) {
  if (!review.project_id) return <span className="text-slate-500">Removed</span>;
  return (
    <Link
      to={projectHref(review.project_id)}
      className="inline-flex items-start gap-1 text-brand-800 underline-offset-2 hover:underline"
    >
      <FolderKanban className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span className="break-words">{review.project_name ?? review.project_id}</span>
    </Link>
  );
}

const consentText = (review: OwnerReview) => (review.consent ? "May publish" : "Private");

/**
 * The Reviews screen's list (docs/product/reviews.md "The Reviews screen"): newest first, by
 * status, a server page at a time; each review's stars, words, the name and business to show,
 * its project, the consent and the owner's decision.
 */
export function ReviewsPanel({
  filter,
  onStatus,
  pageHref,
}: {
  filter: ReviewListFilter;
  onStatus: (status: string) => void;
  pageHref: (page: number) => string;
}) {
  const id = useId();
  const list = useReviewPage(filter);
  const settings = useReviewSettings();
  const posts = settings.data?.posts ?? [];
  const data = list.data;
  const filtered = filter.status !== "all";

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <FilterSelect
          label="Status"
          value={filter.status}
          onChange={onStatus}
          options={REVIEW_STATUSES.map((s) => ({
            value: s,
            label: data ? `${REVIEW_STATUS_LABELS[s]} (${data.counts[s]})` : REVIEW_STATUS_LABELS[s],
          }))}
        />
      </div>
      {list.isPending ? (
        <InlineLoading label="Loading reviews..." />
      ) : list.isError && !data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !data || data.total === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={["No reviews yet", "No reviews with this status"]}
          hint={[
            "Clients are e-mailed a request when their project is complete; their reviews arrive here.",
            "Choose All to see every review.",
          ]}
          clearLabel="Show every review"
          onClear={() => onStatus("all")}
        />
      ) : (
        <section aria-labelledby={`${id}-list`} className="grid gap-3" aria-busy={list.isFetching}>
          <h2 id={`${id}-list`} className="text-sm text-slate-600" aria-live="polite" data-testid="reviews-count">
            {listCount(["review", "reviews"], filter.page, data, data.reviews.length)}
          </h2>
          <RecordList
            items={data.reviews}
            recordId={(r) => r.id}
            caption="Reviews"
            columns={COLUMNS}
            minWidth="min-w-[1100px]"
            row={(r) => (
              <>
                <td className="px-4 py-3 whitespace-nowrap text-slate-800">
                  <time dateTime={r.created_at}>{received.format(new Date(r.created_at))}</time>
                </td>
                <td className="px-4 py-3">
                  <StarRow stars={r.stars} className="size-4" />
                </td>
                <td className="max-w-80 px-4 py-3 break-words whitespace-pre-line text-slate-900">{r.words}</td>
                <td className="max-w-48 px-4 py-3 break-words">
                  <span className="block font-medium text-slate-900">{r.display_name}</span>
                  {r.business ? <span className="block text-slate-600">{r.business}</span> : null}
                </td>
                <td className="max-w-48 px-4 py-3">
                  <ProjectLink review={r} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-800">{consentText(r)}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={r.status} />
                </td>
                <td className="w-56 px-4 py-3">
                  <ReviewActions review={r} posts={posts} />
                </td>
              </>
            )}
            card={(r) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <StarRow stars={r.stars} className="size-5" />
                  <StatusBadge status={r.status} />
                </div>
                <p className="mt-2 break-words whitespace-pre-line text-slate-900">{r.words}</p>
                <p className="mt-2 text-sm break-words text-slate-700">
                  <span className="font-medium text-slate-900">{r.display_name}</span>
                  {r.business ? ` · ${r.business}` : ""}
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  <time dateTime={r.created_at}>{received.format(new Date(r.created_at))}</time> · {consentText(r)}
                </p>
                <div className="mt-1 text-sm">
                  <ProjectLink review={r} />
                </div>
                <div className="mt-3">
                  <ReviewActions review={r} posts={posts} />
                </div>
              </>
            )}
          />
          <Pager
            label="Reviews pages"
            page={filter.page}
            pageSize={REVIEWS_PAGE_SIZE}
            total={data.total}
            hrefFor={pageHref}
          />
        </section>
      )}
    </div>
  );
}
