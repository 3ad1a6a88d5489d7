import { carePlansEndpoints as endpoints } from "~/contracts/care-plans";
import { portalErrors } from "../../lib/billing-http";
import { adminErrors, errorResponses, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/** Care plans (docs/product/billing.md "Care plans"; decision 063). */
const tags = ["Admin: care plans"];
const changeErrors = {
  ...adminErrors,
  ...notFound,
  ...errorResponses([409], {
    409: "The plan is not in a state this change applies to (already paused, not paused, ended)",
  }),
};

export const listCarePlansRoute = routeOf(endpoints.list, {
  tags,
  summary: "A project's care plans, each with its next due date and the periods invoiced or skipped",
  answer: "The project's plans, oldest first",
  responses: { ...adminErrors, ...notFound },
});

export const createCarePlanRoute = routeOf(endpoints.create, {
  tags,
  summary:
    "Start a care plan on a project: its name, amount, interval (monthly, quarterly or yearly), first due date, optional end date and the days before each due date its invoice is sent",
  bodyDescription: "The plan",
  answer: "Started (a period whose day has come is invoiced at once)",
  responses: { ...adminErrors, ...notFound },
});

export const pauseCarePlanRoute = routeOf(endpoints.pause, {
  tags,
  summary: "Pause a plan: no invoice is written until it resumes",
  answer: "Paused",
  responses: changeErrors,
});

export const resumeCarePlanRoute = routeOf(endpoints.resume, {
  tags,
  summary:
    "Resume a paused plan from the next period not yet due (the periods due while paused are skipped, not billed)",
  answer: "Active again",
  responses: changeErrors,
});

export const endCarePlanRoute = routeOf(endpoints.end, {
  tags,
  summary: "End a plan: no further invoice (those written stay)",
  answer: "Ended",
  responses: changeErrors,
});

export const clientCarePlansRoute = routeOf(endpoints.client, {
  tags: ["Client portal: billing"],
  summary: "The client's care plans of a project: amount, interval, next due date, status and their sent invoices",
  answer: "The project's plans",
  responses: portalErrors,
});

export const stopAutopayRoute = routeOf(endpoints.stopAutopay, {
  tags,
  summary:
    "Turn a plan's automatic payment off (the client asked): no later invoice is charged to the saved card, which is detached at Stripe",
  answer: "The plan, paid by hand from now on",
  responses: {
    ...adminErrors,
    ...notFound,
    ...errorResponses([409], { 409: "Automatic payment is not on for this plan" }),
  },
});

export const clientStartAutopayRoute = routeOf(endpoints.clientStartAutopay, {
  tags: ["Client portal: billing"],
  limit: "checkout",
  summary:
    "Pay a care plan automatically: a Stripe Checkout session that saves the card (off-session), paying the plan's open invoice at the same time when one is open",
  description:
    "Nothing is recorded here: the payment comes from checkout.session.completed and the saved card from payment_intent.succeeded (or setup_intent.succeeded), both signed webhooks. Each later invoice is then charged on its due date, its outcome again from the webhook alone.",
  answer: "Checkout's address",
  responses: {
    ...portalErrors,
    ...errorResponses([409], {
      409: "Card payments are not set up, the plan has ended, or automatic payment is already on",
    }),
  },
});

export const clientStopAutopayRoute = routeOf(endpoints.clientStopAutopay, {
  tags: ["Client portal: billing"],
  summary: "Turn automatic payment off: each invoice has Pay Now again",
  answer: "The plan",
  responses: { ...portalErrors, ...errorResponses([409], { 409: "Automatic payment is not on for this plan" }) },
});
