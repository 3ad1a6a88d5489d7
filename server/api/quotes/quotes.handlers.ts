import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { keepSignedCopiesSoon, quotePdf } from "../../services/billing/documents";
import { acceptQuote, declineQuote, quoteProjectOf } from "../../services/billing/quote-decisions";
import {
  createQuote,
  deleteQuote,
  getQuote,
  listProjectQuotes,
  reviseQuote,
  sendQuote,
  setQuoteAutoInvoice,
  setQuoteStatus,
  updateQuote,
} from "../../services/billing/quotes";
import { acceptorOf, depsOf, pdfAnswer, pdfDepsOf, pdfRefused, portalGate } from "../../lib/billing-http";
import { refused } from "../../lib/service-error";
import * as routes from "./quotes.routes";

/** Quotes for the owner, and the client's decision (docs/product/billing.md "The calls"; contracts in quotes.routes.ts). */
export function registerQuoteRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listProjectQuotesRoute, async (c) => {
    try {
      return c.json({ quotes: await listProjectQuotes(c.var.deps.db, c.req.valid("param").id) }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.createQuoteRoute, async (c) => {
    try {
      return c.json({ quote: await createQuote(c.var.deps.db, c.req.valid("param").id, c.req.valid("json")) }, 201);
    } catch (error) {
      return refused(c, error, [400, 404]);
    }
  });

  app.openapi(routes.getQuoteRoute, async (c) => {
    try {
      return c.json({ quote: await getQuote(c.var.deps.db, c.req.valid("param").quoteId) }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.updateQuoteRoute, async (c) => {
    try {
      const quote = await updateQuote(c.var.deps.db, c.req.valid("param").quoteId, c.req.valid("json"));
      return c.json({ quote }, 200);
    } catch (error) {
      return refused(c, error, [400, 404, 409]);
    }
  });

  app.openapi(routes.deleteQuoteRoute, async (c) => {
    try {
      const id = c.req.valid("param").quoteId;
      await deleteQuote(c.var.deps.db, id);
      return c.json({ deleted: true as const, id }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.sendQuoteRoute, async (c) => {
    try {
      return c.json({ quote: await sendQuote(depsOf(c), c.req.valid("param").quoteId, c.var.admin.email) }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.reviseQuoteRoute, async (c) => {
    try {
      return c.json({ quote: await reviseQuote(c.var.deps.db, c.req.valid("param").quoteId) }, 201);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.setQuoteStatusRoute, async (c) => {
    try {
      const quote = await setQuoteStatus(c.var.deps.db, c.req.valid("param").quoteId, c.req.valid("json"));
      return c.json({ quote }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.setQuoteAutoInvoiceRoute, async (c) => {
    try {
      const quote = await setQuoteAutoInvoice(
        c.var.deps.db,
        c.req.valid("param").quoteId,
        c.req.valid("json").auto_invoice,
      );
      return c.json({ quote }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.quotePdfRoute, async (c) => {
    try {
      return pdfAnswer(c, await quotePdf(pdfDepsOf(c), c.req.valid("param").quoteId));
    } catch (error) {
      return pdfRefused(c, error);
    }
  });

  app.openapi(routes.acceptQuoteRoute, async (c) => {
    try {
      const id = c.req.valid("param").quoteId;
      const gate = await portalGate(c, async () => (await quoteProjectOf(c.var.deps.db, id)).projectId);
      if (gate) return gate;
      const quote = await acceptQuote(depsOf(c), id, c.req.valid("json"), acceptorOf(c));
      // The signed copy is made after the answer (decision 056): the client never waits for it.
      keepSignedCopiesSoon({ ...pdfDepsOf(c), log: c.var.log });
      return c.json({ quote }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.declineQuoteRoute, async (c) => {
    try {
      const id = c.req.valid("param").quoteId;
      const gate = await portalGate(c, async () => (await quoteProjectOf(c.var.deps.db, id)).projectId);
      if (gate) return gate;
      return c.json({ quote: await declineQuote(depsOf(c), id, c.req.valid("json") ?? {}) }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.clientQuotePdfRoute, async (c) => {
    try {
      const id = c.req.valid("param").quoteId;
      const gate = await portalGate(c, async () => (await quoteProjectOf(c.var.deps.db, id)).projectId);
      if (gate) return gate;
      return pdfAnswer(c, await quotePdf(pdfDepsOf(c), id));
    } catch (error) {
      return pdfRefused(c, error);
    }
  });
}
