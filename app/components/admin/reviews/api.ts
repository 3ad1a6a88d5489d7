import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { QueryOf } from "~/contracts/endpoint";
import { offsetOf } from "~/contracts/paging";
import { reviewsEndpoints, type ReviewSettings } from "~/contracts/reviews";
import type { ReviewStatus } from "~/contracts/review-terms";
import { adminCall } from "~/lib/admin/call";
import { errorMessage } from "~/lib/api/call";

/** The Reviews screen's calls (docs/product/reviews.md "The Reviews screen") and their cache keys. */

export const REVIEWS_PAGE_SIZE = 20;

export interface ReviewListFilter {
  status: ReviewStatus | "all";
  page: number;
}

type ReviewListQuery = NonNullable<QueryOf<typeof reviewsEndpoints.list>>;

export const reviewKeys = {
  lists: ["admin", "reviews", "list"] as const,
  list: (query: ReviewListQuery) => ["admin", "reviews", "list", query] as const,
  settings: ["admin", "reviews", "settings"] as const,
};

export function useReviewPage(filter: ReviewListFilter) {
  const query: ReviewListQuery = {
    status: filter.status === "all" ? undefined : filter.status,
    limit: REVIEWS_PAGE_SIZE,
    offset: offsetOf(filter.page, REVIEWS_PAGE_SIZE),
  };
  return useQuery({
    queryKey: reviewKeys.list(query),
    queryFn: ({ signal }) =>
      adminCall(reviewsEndpoints.list, { query, signal, fallbackError: "Failed to fetch reviews" }),
    placeholderData: keepPreviousData,
  });
}

const DONE: Record<"approved" | "hidden" | "pending", string> = {
  approved: "Approved: it shows on the home and about pages now.",
  hidden: "Hidden: it no longer shows anywhere on the site.",
  pending: "Back to pending: it waits for your decision.",
};

/** Approve, hide or put back a review, or choose its portfolio entry; the lists are read again. */
export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; status?: "approved" | "hidden" | "pending"; post_id?: number | null }) =>
      adminCall(reviewsEndpoints.decide, {
        params: { id: change.id },
        body: { status: change.status, post_id: change.post_id },
        fallbackError: "Failed to save the review",
        refusalWords: "action",
      }),
    onSuccess: (answer, change) => {
      toast.success(
        change.status
          ? DONE[change.status]
          : answer.review.post_title
            ? `Shown on "${answer.review.post_title}".`
            : "Shown on no portfolio entry.",
      );
      return queryClient.invalidateQueries({ queryKey: reviewKeys.lists });
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to save the review")),
  });
}

export function useReviewSettings() {
  return useQuery({
    queryKey: reviewKeys.settings,
    queryFn: ({ signal }) =>
      adminCall(reviewsEndpoints.settings, { signal, fallbackError: "Failed to fetch the review settings" }),
  });
}

export function useSaveReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReviewSettings) =>
      adminCall(reviewsEndpoints.updateSettings, {
        body: settings,
        fallbackError: "Failed to save the setting",
        refusalWords: "action",
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(reviewKeys.settings, answer);
      toast.success(
        answer.settings.trigger === "complete"
          ? "Saved: clients are asked when their project moves to Complete."
          : `Saved: clients are asked ${answer.settings.launch_days} days after Launch.`,
      );
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to save the setting")),
  });
}
