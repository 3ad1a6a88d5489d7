/** Reviews after launch (docs/product/reviews.md): what other features use of it. */
export {
  noteProjectStatusForReview,
  runReviewRequests,
  sendDueReviewRequests,
  sendReviewRequestsSoon,
} from "./requests";
export type { ReviewRequestDeps } from "./requests";
export { publishedReviews } from "./reviews";
