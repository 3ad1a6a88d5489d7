import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import { applyCredit, creditTargets, refundCredit } from "../../services/billing/credits";
import { invoiceProjectOf } from "../../services/billing/invoices";
import { recordPayment, recordStripePayment } from "../../services/billing/payments";
import {
  checkoutCloser,
  createCheckout,
  readWebhook,
  WebhookAmountError,
  WebhookSignatureError,
} from "../../services/billing/stripe";
import { paymentProjectOf, receiptPdf } from "../../services/billing/receipt";
import { autopayDepsOf, depsOf, pdfAnswer, pdfDepsOf, pdfRefused, portalGate } from "../../lib/billing-http";
import { refused } from "../../lib/service-error";
import { saveAutopayCard } from "../../services/billing/care-plan-autopay";
import { chargeFailed, chargeSucceeded } from "../../services/billing/care-plan-charges";
import * as routes from "./payments.routes";

/** Payments and credits (docs/product/billing.md "Payments", "Credits", "The calls"; contracts in payments.routes.ts). */
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
      const { db, env } = c.var.deps;
      return c.json(await createCheckout({ db, env, closeCheckout: checkoutCloser(env, c.var.log) }, id), 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.clientReceiptPdfRoute, async (c) => {
    try {
      const id = c.req.valid("param").paymentId;
      const gate = await portalGate(c, () => paymentProjectOf(c.var.deps.db, id));
      if (gate) return gate;
      return pdfAnswer(c, await receiptPdf(pdfDepsOf(c), id));
    } catch (error) {
      return pdfRefused(c, error);
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
      if (error instanceof WebhookAmountError) {
        c.var.log.warn({ reason: error.message }, "a Stripe event with an amount that cannot be real was refused");
        return jsonError(c, 400, error.message);
      }
      throw error;
    }
    if (intent.kind === "none") return c.json({ received: true as const, recorded: false }, 200);
    // A care plan's saved card, or the outcome of its off-session charge (decision 062).
    if (intent.kind === "card_saved")
      return c.json({ received: true as const, recorded: await saveAutopayCard(autopayDepsOf(c), intent) }, 200);
    if (intent.kind === "charge_failed") {
      const recorded = await chargeFailed(autopayDepsOf(c), intent);
      if (recorded)
        c.var.log.warn({ event: intent.id, chargeId: intent.chargeId }, "a care plan's automatic payment failed");
      return c.json({ received: true as const, recorded }, 200);
    }
    const outcome =
      intent.kind === "charge_succeeded"
        ? await chargeSucceeded(autopayDepsOf(c), intent)
        : await recordStripePayment(depsOf(c), intent);
    if (!outcome.recorded) {
      if (outcome.reason === "refused")
        c.var.log.warn(
          { event: intent.id, invoiceId: intent.invoiceId, reason: outcome.message },
          "a card payment was not recorded",
        );
      return c.json({ received: true as const, recorded: false }, 200);
    }
    if (outcome.creditCents > 0)
      c.var.log.warn(
        {
          event: intent.id,
          invoiceId: intent.invoiceId,
          paymentCents: outcome.paymentCents,
          creditCents: outcome.creditCents,
          creditId: outcome.creditId,
        },
        "a card payment the invoice could not take was recorded as a credit: refund or credit due",
      );
    return c.json(
      {
        received: true as const,
        recorded: true,
        payment_cents: outcome.paymentCents,
        credit_cents: outcome.creditCents,
      },
      200,
    );
  });

  app.openapi(routes.creditTargetsRoute, async (c) => {
    try {
      return c.json({ invoices: await creditTargets(c.var.deps.db, c.req.valid("param").creditId) }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.refundCreditRoute, async (c) => {
    try {
      const answer = await refundCredit(c.var.deps.db, c.req.valid("param").creditId, c.req.valid("json").note);
      return c.json(answer, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.applyCreditRoute, async (c) => {
    try {
      const answer = await applyCredit(depsOf(c), c.req.valid("param").creditId, c.req.valid("json"));
      return c.json(answer, 201);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });
}
