/** The owner's Reviews screen (docs/product/reviews.md "The Reviews screen"). */
export { ReviewsPanel } from "./reviews-panel";
export { RequestSettings } from "./request-settings";
export type { ReviewListFilter } from "./api";
