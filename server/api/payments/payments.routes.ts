import { paymentsEndpoints as endpoints } from "~/contracts/payments";
import { adminErrors, errorResponses, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";
import { portalErrors, pdfBusy } from "../../lib/billing-http";

/** Payments and credits (docs/product/billing.md "Payments", "Credits", "The calls"). */
export const recordPaymentRoute = routeOf(endpoints.record, {
  tags: ["Admin: invoices"],
  summary: "Record Payment: amount (at most what is due), date, method and note; partial payments add up",
  answer: "The payment and the invoice after it",
  responses: {
    ...adminErrors,
    ...notFound,
    ...errorResponses([409], { 409: "More than is due, or the invoice is paid or void" }),
  },
});

export const checkoutRoute = routeOf(endpoints.checkout, {
  tags: ["Client portal: billing"],
  limit: "checkout",
  summary:
    "Pay Now: the invoice's one Stripe Checkout session for the amount still due (only with STRIPE_SECRET_KEY set)",
  description:
    "A second Pay Now gets the same session while it is open and for the same amount; a new one expires in an hour and is made with an idempotency key. Nothing is recorded here or on the return from Checkout: the payment is recorded from Stripe's signed webhook alone.",
  answer: "Checkout's address",
  responses: portalErrors,
});

export const clientReceiptPdfRoute = routeOf(endpoints.clientReceiptPdf, {
  tags: ["Client portal: billing"],
  limit: "pdf",
  summary:
    "A payment's receipt as a PDF: amount, method, day, recorded time with its zone, the invoice and what is still due",
  answer: "The PDF",
  responses: { ...portalErrors, ...pdfBusy },
});

export const stripeWebhookRoute = routeOf(endpoints.webhook, {
  tags: ["Stripe"],
  summary:
    "Stripe's webhook: the raw body signed in Stripe-Signature (STRIPE_WEBHOOK_SECRET); checkout.session.completed records the card payment once per event id",
  description:
    "Every cent Stripe took is recorded: what the invoice can take as a card payment, the rest (more than due, an invoice paid meanwhile or void) as a credit to refund or apply, and the owner is e-mailed. A care plan's automatic payment (docs/decisions/062): payment_intent.succeeded or setup_intent.succeeded carrying care_plan_id saves the client's card on the plan; payment_intent.succeeded of an off-session charge (care_plan_charge) records its card payment, once per event and once per charge; payment_intent.payment_failed fails the charge in Stripe's words and tells the client and the owner.",
  answer: "Received; recorded says whether the event was recorded, with its payment and credit in cents",
  responses: errorResponses([400], {
    400: "The signature is missing or does not match, or the amount cannot be real (not a whole number of cents above zero, another currency)",
  }),
});

const creditTags = ["Admin: invoices"];

export const creditTargetsRoute = routeOf(endpoints.creditTargets, {
  tags: creditTags,
  summary: "Where an open credit can go: the same client's open invoices with money due (same project or same e-mail)",
  answer: "The invoices, the soonest due first (none once the credit is resolved)",
  responses: { ...adminErrors, ...notFound },
});

export const refundCreditRoute = routeOf(endpoints.refundCredit, {
  tags: creditTags,
  summary: "Mark an open credit refunded, with a note saying how",
  answer: "The credit and its invoice",
  responses: {
    ...adminErrors,
    ...notFound,
    ...errorResponses([409], { 409: "The credit was already refunded or applied" }),
  },
});

export const applyCreditRoute = routeOf(endpoints.applyCredit, {
  tags: creditTags,
  summary:
    "Apply an open credit to another open invoice of the same client: a payment of source credit (at most what is due there; the rest stays a new open credit)",
  answer: "The credit, the payment, the invoice it went to, and what is left as a new credit",
  responses: {
    ...adminErrors,
    ...notFound,
    ...errorResponses([409], {
      409: "The credit is resolved already, or the invoice is another client's, its own, or has nothing due",
    }),
  },
});
