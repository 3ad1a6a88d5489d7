/** Approved client reviews on the site's pages (docs/product/reviews.md "On the site"). */
export { ClientReviews } from "./reviews-slot";
export { StarRow, StarIcon } from "./star-row";
