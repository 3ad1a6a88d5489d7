import { quoteFollowUpsEndpoints as endpoints } from "~/contracts/quote-follow-ups";
import { adminErrors, errorResponses, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/** A quote's follow-ups (docs/product/billing.md "Follow-ups"; decision 060). */
const tags = ["Admin: quotes"];
const errs = { ...adminErrors, ...notFound };

export const quoteFollowUpsRoute = routeOf(endpoints.get, {
  tags,
  summary:
    "A quote's follow-ups: those sent (kind, when, to whom), the one scheduled next and when (9:00 in the business's zone), or why none is",
  answer: "The quote's follow-ups",
  responses: errs,
});

export const setQuoteFollowUpsRoute = routeOf(endpoints.set, {
  tags,
  summary: "Turn a quote's follow-ups off, or on again (every revision of it)",
  answer: "Saved; the quote's follow-ups as they now stand",
  responses: { ...errs, ...errorResponses([409], { 409: "A draft revision of it was discarded" }) },
});
