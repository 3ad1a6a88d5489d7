import { billingEndpoints as endpoints } from "~/contracts/billing";
import { adminErrors } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";
import { portalErrors } from "../../lib/billing-http";

/** The owner's figures and billing settings, and the client's Billing section (docs/product/billing.md "The calls"). */
const tags = ["Admin: billing"];

export const billingSummaryRoute = routeOf(endpoints.summary, {
  tags,
  summary: "Outstanding, overdue, and paid this month and this year (the business's time zone), for the dashboard",
  answer: "The figures, in cents",
  responses: adminErrors,
});

export const billingSettingsRoute = routeOf(endpoints.settings, {
  tags,
  summary:
    "The billing settings: terms template, deposit, quote validity, invoice due days, moving projects on a paid deposit",
  answer: "The settings (stored values over the defaults)",
  responses: adminErrors,
});

export const updateBillingSettingsRoute = routeOf(endpoints.updateSettings, {
  tags,
  summary: "Change some billing settings (the fields sent)",
  answer: "The saved settings",
  responses: adminErrors,
});

export const clientBillingRoute = routeOf(endpoints.client, {
  tags: ["Client portal: billing"],
  summary:
    "The client's Billing section of a project: its sent quotes (each with its content hash) and invoices, how to pay; the first look marks sent quotes viewed",
  answer: "The project's quotes and invoices",
  responses: portalErrors,
});
