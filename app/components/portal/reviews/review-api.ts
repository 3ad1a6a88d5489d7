import { reviewsEndpoints, type ReviewInput } from "~/contracts/reviews";
import { callResult } from "~/lib/api/call";

/**
 * The portal's review calls (docs/product/client-portal.md "Reviews") with the portal session as
 * the token. Part of the review section's own chunk, never of the portal's first load.
 */
export const loadReview = (projectId: string, token: string, signal?: AbortSignal) =>
  callResult(reviewsEndpoints.portalGet, { params: { id: projectId }, token, signal });

export const sendReview = (projectId: string, token: string, body: ReviewInput) =>
  callResult(reviewsEndpoints.portalSave, { params: { id: projectId }, token, body });
