import { invoicesEndpoints as endpoints } from "~/contracts/invoices";
import { adminErrors, errorResponses, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";
import { portalErrors, pdfBusy } from "../../lib/billing-http";

/** Invoices (docs/product/billing.md "Invoices", "The calls"). */
const tags = ["Admin: invoices"];

const errs = { ...adminErrors, ...notFound };
const conflict = (meaning: string) => ({ ...errs, ...errorResponses([409], { 409: meaning }) });

export const listInvoicesRoute = routeOf(endpoints.list, {
  tags,
  summary: "The Invoices screen: a page of invoices (status, open, q, project, issued from/to; sort), with the total",
  answer: "One page of the matching invoices and their count",
  responses: adminErrors,
});

export const invoicesCsvRoute = routeOf(endpoints.csv, {
  tags,
  limit: "csv",
  summary: "The matching invoices, or their payments, as a CSV file for the accountant, streamed",
  answer: "A CSV download (invoices-{day}.csv or payments-{day}.csv), written as it is read",
  responses: adminErrors,
});

export const listProjectInvoicesRoute = routeOf(endpoints.listForProject, {
  tags,
  summary: "The project's invoices, newest first, with their payments",
  answer: "The invoices",
  responses: errs,
});

export const createInvoiceRoute = routeOf(endpoints.create, {
  tags,
  summary: "Create Invoice: lines by hand, numbered INV-yyyy-nnnn in the same transaction (no gaps)",
  answer: "The draft invoice",
  responses: errs,
});

export const invoiceFromQuoteRoute = routeOf(endpoints.fromQuote, {
  tags,
  summary: "The deposit of an accepted quote, or its balance (the total less its earlier invoices that are not void)",
  answer: "The draft invoice",
  responses: conflict("The quote is not accepted, or that part is already invoiced"),
});

export const getInvoiceRoute = routeOf(endpoints.get, {
  tags,
  summary: "An invoice with its lines, payments and reminders",
  answer: "The invoice",
  responses: errs,
});

export const updateInvoiceRoute = routeOf(endpoints.update, {
  tags,
  summary: "A draft's fields; an open invoice's due date and reminders; a paid or void one is refused",
  answer: "Saved",
  responses: conflict("Paid or void, or a sent invoice's lines"),
});

export const sendInvoiceRoute = routeOf(endpoints.send, {
  tags,
  summary: "Send to Client: e-mails the primary contact a link to the portal (outbox) and logs it on the contact",
  answer: "Sent",
  responses: conflict("Paid, void, nothing to pay, or no primary contact with an e-mail address"),
});

export const voidInvoiceRoute = routeOf(endpoints.void, {
  tags,
  summary: "Void an invoice without payments; it keeps its number",
  answer: "The void invoice",
  responses: conflict("Paid, already void, or it has payments"),
});

export const invoicePdfRoute = routeOf(endpoints.pdf, {
  tags,
  limit: "pdf",
  summary: "The invoice as a PDF, with the business's details, lines, totals, payments and how to pay",
  answer: "The PDF",
  responses: { ...errs, ...pdfBusy },
});

export const clientInvoicePdfRoute = routeOf(endpoints.clientPdf, {
  tags: ["Client portal: billing"],
  limit: "pdf",
  summary: "A sent invoice of the client's project as a PDF",
  answer: "The PDF",
  responses: { ...portalErrors, ...pdfBusy },
});
