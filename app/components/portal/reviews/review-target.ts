import { REVIEW_TARGET_PARAM } from "~/contracts/review-terms";

/**
 * The review form an e-mailed link names (`/client-portal?review=1#project=ID`,
 * docs/product/client-portal.md "Reviews"): the portal signs in by the Project ID in the
 * fragment as usual, and the query stays in the address bar through that lookup, so the review
 * section finds it once its project is open. Taken once: it then leaves the address (a reload
 * stays where the client is).
 */
let taken = false;

export function takeReviewTarget(): boolean {
  const url = new URL(window.location.href);
  if (url.searchParams.has(REVIEW_TARGET_PARAM)) {
    taken = true;
    url.searchParams.delete(REVIEW_TARGET_PARAM);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }
  return taken;
}

/** The form was brought into view: a later visit starts at the top. */
export function forgetReviewTarget() {
  taken = false;
}
