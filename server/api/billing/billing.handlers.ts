import type { OpenAPIHono } from "@hono/zod-openapi";
import { site } from "~/config/site";
import type { AppEnv } from "../../lib/app-env";
import { howToPay, readBillingSettings, saveBillingSettings } from "../../services/billing/common";
import { clientInvoices } from "../../services/billing/invoices";
import { clientQuotes } from "../../services/billing/quote-decisions";
import { cardPaymentsOn } from "../../services/billing/stripe";
import { billingSummary } from "../../services/billing/summary";
import { normalizeProjectId } from "../../services/client-portal";
import { portalGate } from "../../lib/billing-http";
import * as routes from "./billing.routes";

/** The owner's figures and settings, and the client's Billing section (docs/product/billing.md "The calls"). */
export function registerBillingRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.billingSummaryRoute, async (c) => c.json(await billingSummary(c.var.deps.db), 200));

  app.openapi(routes.billingSettingsRoute, async (c) =>
    c.json({ settings: await readBillingSettings(c.var.deps.db) }, 200),
  );

  app.openapi(routes.updateBillingSettingsRoute, async (c) =>
    c.json({ settings: await saveBillingSettings(c.var.deps.db, c.req.valid("json")) }, 200),
  );

  app.openapi(routes.clientBillingRoute, async (c) => {
    const { db, env } = c.var.deps;
    const id = normalizeProjectId(c.req.valid("param").id);
    const gate = await portalGate(c, async () => id);
    if (gate) return gate;
    const quotes = await clientQuotes(db, id);
    // The client sees the money they paid beyond what was due, not the owner's words on it.
    const invoices = (await clientInvoices(db, id)).map((invoice) => ({
      ...invoice,
      credits: invoice.credits.map((credit) => ({ ...credit, resolution_note: null })),
    }));
    return c.json(
      {
        project_id: id,
        quotes,
        invoices,
        card_payments: cardPaymentsOn(env),
        how_to_pay: howToPay(),
        contact_email: site.email,
      },
      200,
    );
  });
}
