import { quotesEndpoints as endpoints } from "~/contracts/quotes";
import { adminErrors, errorResponses, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";
import { portalErrors, pdfBusy } from "../../lib/billing-http";

/** Quotes (docs/product/billing.md "Quotes", "The client decides", "The calls"). */
const tags = ["Admin: quotes"];
const portalTags = ["Client portal: billing"];

const errs = { ...adminErrors, ...notFound };
const conflict = (meaning: string) => ({ ...errs, ...errorResponses([409], { 409: meaning }) });

export const listProjectQuotesRoute = routeOf(endpoints.listForProject, {
  tags,
  summary: "The project's quotes, newest first, revisions included",
  answer: "The quotes",
  responses: errs,
});

export const createQuoteRoute = routeOf(endpoints.create, {
  tags,
  summary:
    "A new draft quote: lines (presets from the price tiers or free), discount, deposit (default 50%), terms and valid-until from the settings",
  description: 'Every total is computed by the server, in cents, half up (docs/product/billing.md "Money is exact").',
  answer: "The draft, numbered Q-yyyy-nnnn",
  responses: errs,
});

export const getQuoteRoute = routeOf(endpoints.get, {
  tags,
  summary: "A quote with its lines, totals, acceptance and PDF",
  answer: "The quote",
  responses: errs,
});

export const updateQuoteRoute = routeOf(endpoints.update, {
  tags,
  summary: "A draft's new content; a sent quote is refused (revise it)",
  answer: "Saved",
  responses: conflict("The quote was sent: its content no longer changes"),
});

export const deleteQuoteRoute = routeOf(endpoints.remove, {
  tags,
  summary: "Delete a draft (a sent quote is kept)",
  answer: "Deleted",
  responses: conflict("The quote was sent: it is kept"),
});

export const sendQuoteRoute = routeOf(endpoints.send, {
  tags,
  summary: "Send to Client: e-mails the primary contact a link to the portal (outbox) and logs it on the contact",
  answer: "Sent",
  responses: conflict("Already sent, past its valid-until day, or no primary contact with an e-mail address"),
});

export const reviseQuoteRoute = routeOf(endpoints.revise, {
  tags,
  summary: "A revision: a new draft with the same content and the next revision number, replacing the quote once sent",
  answer: "The new draft",
  responses: conflict("A draft, accepted, already replaced, or a revision is already in draft"),
});

export const setQuoteStatusRoute = routeOf(endpoints.setStatus, {
  tags,
  summary: "Mark a sent quote declined (answered elsewhere) or expired",
  answer: "Saved",
  responses: conflict("The quote is a draft or already decided"),
});

export const setQuoteAutoInvoiceRoute = routeOf(endpoints.setAutoInvoice, {
  tags,
  summary: "Turn automatic sending of the quote's scheduled invoices on or off",
  description:
    'On: each payment of the schedule is invoiced and sent when its trigger fires. Off: the invoice is written as a draft and the owner is e-mailed that it is ready to send (docs/product/billing.md "Payment schedules").',
  answer: "Saved",
  responses: errs,
});

export const quotePdfRoute = routeOf(endpoints.pdf, {
  tags,
  limit: "pdf",
  summary: "The quote as a PDF: the business's details, lines, totals, deposit, terms and the acceptance",
  answer: "The PDF",
  responses: { ...errs, ...pdfBusy },
});

export const acceptQuoteRoute = routeOf(endpoints.accept, {
  tags: portalTags,
  summary:
    "The client accepts a sent quote: full name typed, terms agreed; stores name, time, address, browser and the content's hash, keeps the PDF",
  answer: "The accepted quote",
  responses: portalErrors,
});

export const declineQuoteRoute = routeOf(endpoints.decline, {
  tags: portalTags,
  summary: "The client declines a sent quote, with an optional reason",
  answer: "The declined quote",
  responses: portalErrors,
});

export const clientQuotePdfRoute = routeOf(endpoints.clientPdf, {
  tags: portalTags,
  limit: "pdf",
  summary: "A sent quote of the client's project as a PDF",
  answer: "The PDF",
  responses: { ...portalErrors, ...pdfBusy },
});
