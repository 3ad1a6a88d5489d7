import type { OpenAPIHono } from "@hono/zod-openapi";
import { site } from "~/config/site";
import type { AppEnv } from "../../lib/app-env";
import { invoicePdf } from "../../services/billing/documents";
import { getInvoice, invoiceProjectOf, listProjectInvoices } from "../../services/billing/invoices";
import {
  createInvoice,
  createInvoiceFromQuote,
  sendInvoice,
  updateInvoice,
  voidInvoice,
} from "../../services/billing/invoice-writes";
import {
  INVOICE_CSV_HEADER,
  invoiceCsvBatches,
  listInvoicePage,
  PAYMENT_CSV_HEADER,
  paymentCsvBatches,
} from "../../services/billing/invoice-list";
import { attachmentName, csvStream } from "../../services/list-pages";
import { depsOf, pdfAnswer, pdfDepsOf, pdfRefused, portalGate } from "../../lib/billing-http";
import { refused } from "../../lib/service-error";
import * as routes from "./invoices.routes";
import { jsonAnswer } from "../../lib/json-answer";

/** Invoices (docs/product/billing.md "Invoices", "The calls"; contracts in invoices.routes.ts). */
export function registerInvoiceRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.listInvoicesRoute, async (c) => {
    const { limit, offset, ...filter } = c.req.valid("query");
    const page = await listInvoicePage(c.var.deps.db, { ...filter, limit, offset });
    // The rows as PostgreSQL wrote them (json-answer.ts).
    return jsonAnswer(c, { ...page, limit, offset }, 200);
  });

  // On the reports' pool: an export never holds a connection the visitors need.
  app.openapi(routes.invoicesCsvRoute, async (c) => {
    const { rows, ...filter } = c.req.valid("query");
    const db = c.var.deps.reportDb;
    const onError = (err: unknown) => c.var.log.error({ err, route: c.req.routePath }, "the invoices export stopped");
    const body =
      rows === "payments"
        ? await csvStream(PAYMENT_CSV_HEADER, paymentCsvBatches(db, filter), onError)
        : await csvStream(INVOICE_CSV_HEADER, invoiceCsvBatches(db, filter), onError);
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentName(rows, site.timeZone),
      "Cache-Control": "no-store",
    });
  });

  app.openapi(routes.listProjectInvoicesRoute, async (c) => {
    try {
      return c.json({ invoices: await listProjectInvoices(c.var.deps.db, c.req.valid("param").id) }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.createInvoiceRoute, async (c) => {
    try {
      const invoice = await createInvoice(c.var.deps.db, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ invoice }, 201);
    } catch (error) {
      return refused(c, error, [400, 404]);
    }
  });

  app.openapi(routes.invoiceFromQuoteRoute, async (c) => {
    try {
      const invoice = await createInvoiceFromQuote(c.var.deps.db, c.req.valid("param").quoteId, c.req.valid("json"));
      return c.json({ invoice }, 201);
    } catch (error) {
      return refused(c, error, [400, 404, 409]);
    }
  });

  app.openapi(routes.getInvoiceRoute, async (c) => {
    try {
      return c.json({ invoice: await getInvoice(c.var.deps.db, c.req.valid("param").invoiceId) }, 200);
    } catch (error) {
      return refused(c, error, [404]);
    }
  });

  app.openapi(routes.updateInvoiceRoute, async (c) => {
    try {
      const invoice = await updateInvoice(c.var.deps.db, c.req.valid("param").invoiceId, c.req.valid("json"));
      return c.json({ invoice }, 200);
    } catch (error) {
      return refused(c, error, [400, 404, 409]);
    }
  });

  app.openapi(routes.sendInvoiceRoute, async (c) => {
    try {
      const invoice = await sendInvoice(depsOf(c), c.req.valid("param").invoiceId, c.var.admin.email);
      return c.json({ invoice }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.voidInvoiceRoute, async (c) => {
    try {
      const body = c.req.valid("json");
      const invoice = await voidInvoice(depsOf(c), c.req.valid("param").invoiceId, body?.reason);
      return c.json({ invoice }, 200);
    } catch (error) {
      return refused(c, error, [404, 409]);
    }
  });

  app.openapi(routes.invoicePdfRoute, async (c) => {
    try {
      return pdfAnswer(c, await invoicePdf(pdfDepsOf(c), c.req.valid("param").invoiceId));
    } catch (error) {
      return pdfRefused(c, error);
    }
  });

  app.openapi(routes.clientInvoicePdfRoute, async (c) => {
    try {
      const id = c.req.valid("param").invoiceId;
      const gate = await portalGate(c, () => invoiceProjectOf(c.var.deps.db, id));
      if (gate) return gate;
      return pdfAnswer(c, await invoicePdf(pdfDepsOf(c), id));
    } catch (error) {
      return pdfRefused(c, error);
    }
  });
}
