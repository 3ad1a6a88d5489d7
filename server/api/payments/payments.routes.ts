import { paymentsEndpoints as endpoints } from "~/contracts/payments";
import { adminErrors, errorResponses, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";
import { portalErrors } from "../billing/billing-http";

/** Payments (docs/product/billing.md "Payments", "The calls"). */
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
  summary: "Pay Now: a Stripe Checkout session for the amount still due (only with STRIPE_SECRET_KEY set)",
  description:
    "Nothing is recorded here or on the return from Checkout: the payment is recorded from Stripe's signed webhook alone.",
  answer: "Checkout's address",
  responses: portalErrors,
});

export const clientReceiptPdfRoute = routeOf(endpoints.clientReceiptPdf, {
  tags: ["Client portal: billing"],
  summary:
    "A payment's receipt as a PDF: amount, method, day, recorded time with its zone, the invoice and what is still due",
  answer: "The PDF",
  responses: portalErrors,
});

export const stripeWebhookRoute = routeOf(endpoints.webhook, {
  tags: ["Stripe"],
  summary:
    "Stripe's webhook: the raw body signed in Stripe-Signature (STRIPE_WEBHOOK_SECRET); checkout.session.completed records the card payment once per event id",
  answer: "Received; recorded says whether a payment was recorded",
  responses: errorResponses([400], { 400: "The signature is missing or does not match" }),
});
