/** The portal's review section (docs/product/client-portal.md "Reviews"). */
export { ProjectReview, type ProjectReviewProps } from "./project-review";
