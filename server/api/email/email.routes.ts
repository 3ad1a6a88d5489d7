import { emailEndpoints as endpoints } from "~/contracts/email";
import { adminErrors, ErrorSchema, json, notFound } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/** E-mail from the back office (docs/product/email.md): compose, the daily usage and the outbox. */
const tags = ["Admin: e-mail"];
const NO_SMTP = "No mail server is configured (SMTP_URL)";

export const sendEmailRoute = routeOf(endpoints.send, {
  tags,
  summary:
    "Send an e-mail (priority: low may be skipped near the daily limit, normal to the primary contact, high to all)",
  answer: "Queued or sent",
  responses: {
    429: json(ErrorSchema, "Skipped: the daily limit is near for this priority"),
    ...adminErrors,
    400: json(ErrorSchema, "Invalid input, or a contact_id or project_id that does not exist (nothing was queued)"),
  },
});

export const emailUsageRoute = routeOf(endpoints.usage, {
  tags,
  summary: "E-mails sent today against the daily limit",
  answer: "Usage",
  responses: adminErrors,
});

export const outboxRoute = routeOf(endpoints.outbox, {
  tags,
  summary: "The outbox: every e-mail the site wrote, newest first, a page at a time (filters status, search)",
  answer: "A page of the outbox and how many match in all",
  responses: adminErrors,
});

export const retryEmailRoute = routeOf(endpoints.retry, {
  tags,
  summary: "Send a held, failed or retrying e-mail now (one past its use is dropped instead)",
  answer: "The e-mail after the attempt",
  responses: { ...adminErrors, 400: json(ErrorSchema, NO_SMTP), ...notFound },
});

export const discardEmailRoute = routeOf(endpoints.discard, {
  tags,
  summary: "Discard a held or failed e-mail: it will never be sent",
  answer: "The e-mail, discarded",
  responses: { ...adminErrors, 400: json(ErrorSchema, "The e-mail is neither held nor failed"), ...notFound },
});

export const sendHeldRoute = routeOf(endpoints.sendHeld, {
  tags,
  summary: "Send every held e-mail now (held mail is never sent by itself once SMTP is set up)",
  answer: "How many were handed to the mail server; they go out in the background",
  responses: { ...adminErrors, 400: json(ErrorSchema, NO_SMTP) },
});

export const outboxSummaryRoute = routeOf(endpoints.summary, {
  tags,
  summary: "Whether mail is set up, and how many e-mails are held, failed or being retried",
  answer: "The counts",
  responses: adminErrors,
});

export const testEmailRoute = routeOf(endpoints.test, {
  tags,
  summary: "Send a test e-mail at once and answer the mail server's reply, or what went wrong in plain words",
  answer: "The mail server took it",
  responses: {
    ...adminErrors,
    400: json(ErrorSchema, "Not a valid address, or no mail server is configured (SMTP_URL)"),
    502: json(ErrorSchema, "The mail server could not be reached or refused the message: `error` says why"),
  },
});
