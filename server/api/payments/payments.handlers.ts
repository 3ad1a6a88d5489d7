import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import { invoiceProjectOf } from "../../services/billing/invoices";
import { recordPayment, recordStripePayment } from "../../services/billing/payments";
import { createCheckout, readWebhook, WebhookSignatureError } from "../../services/billing/stripe";
import { paymentProjectOf, receiptPdf } from "../../services/billing/receipt";
import { depsOf, pdfAnswer, portalGate, refused } from "../billing/billing-http";
import * as routes from "./payments.routes";

/** Payments (docs/product/billing.md "Payments", "The calls"; contracts in payments.routes.ts). */
export function registerPaymentRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.recordPaymentRoute, async (c) => {
    try {
      const answer = await recordPayment(depsOf(c), c.req.valid("param").invoiceId, c.req.valid("json"));
      return c.json(answer, 201);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.checkoutRoute, async (c) => {
    try {
      const id = c.req.valid("param").invoiceId;
      const gate = await portalGate(c, () => invoiceProjectOf(c.var.deps.db, id));
      if (gate) return gate;
      return c.json(await createCheckout(c.var.deps.db, c.var.deps.env, id), 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.clientReceiptPdfRoute, async (c) => {
    try {
      const id = c.req.valid("param").paymentId;
      const gate = await portalGate(c, () => paymentProjectOf(c.var.deps.db, id));
      if (gate) return gate;
      const { bytes, filename } = await receiptPdf(c.var.deps.db, id);
      return pdfAnswer(c, bytes, filename);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  // The raw body as Stripe signed it: read as text, never parsed before it is verified.
  app.openapi(routes.stripeWebhookRoute, async (c) => {
    const raw = await c.req.text();
    let intent: Awaited<ReturnType<typeof readWebhook>>;
    try {
      intent = await readWebhook(c.var.deps.env, raw, c.req.header("stripe-signature"));
    } catch (error) {
      if (error instanceof WebhookSignatureError) return jsonError(c, 400, error.message);
      throw error;
    }
    if (intent.kind === "none") return c.json({ received: true as const, recorded: false }, 200);
    const outcome = await recordStripePayment(depsOf(c), intent);
    if (!outcome.recorded && outcome.reason === "refused")
      c.var.log.warn(
        { event: intent.id, invoiceId: intent.invoiceId, reason: outcome.message },
        "a card payment was not recorded",
      );
    return c.json({ received: true as const, recorded: outcome.recorded }, 200);
  });
}
