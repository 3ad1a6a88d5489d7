import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "./app-env";
import { clientIp } from "./client-ip";
import { jsonError } from "./http-errors";
import { errorResponses } from "./openapi";
import { mediaStoreFor } from "../services/media/store";
import type { AutopayDeps } from "../services/billing/care-plan-autopay";
import type { CheckoutDeps } from "../services/billing/common";
import { PdfBusyError, pdfPoolFor } from "../services/billing/pdf-pool";
import type { PdfDeps, PdfFile } from "../services/billing/pdf-renders";
import type { BillingDeps } from "../services/billing/quotes";
import { checkoutCloser } from "../services/billing/stripe";
import { canAccessProject } from "../services/portal-access";
import { PORTAL_NOT_YOURS, PORTAL_SIGN_IN_REQUIRED, portalAccessOfRequest } from "./portal-auth";
import { refused } from "./service-error";

/**
 * What the quotes, invoices, payments and billing handlers share (docs/product/billing.md "The
 * calls"): a refused change as its declared status, the portal token's gate, and the services'
 * dependencies from the request (with the closing of a Checkout session at Stripe after a commit).
 */

export const depsOf = (c: Context<AppEnv>): BillingDeps & CheckoutDeps => ({
  db: c.var.deps.db,
  mailer: c.var.deps.mailer,
  siteUrl: c.var.deps.env.SITE_URL,
  ownerEmail: c.var.deps.env.OWNER_EMAIL,
  closeCheckout: checkoutCloser(c.var.deps.env, c.var.log),
});

/** What a care plan's automatic payment needs of the request: the billing's deps, Stripe's settings and the log. */
export const autopayDepsOf = (c: Context<AppEnv>): AutopayDeps => ({
  ...depsOf(c),
  env: c.var.deps.env,
  log: c.var.log,
});

/**
 * Whether the request's portal token opens the project: null when it does, else the answer
 * (401 without a valid token, 404 for an unknown record or one whose project was deleted, 403 for
 * a project it does not open).
 */
export async function portalGate(c: Context<AppEnv>, projectOf: () => Promise<string | null>) {
  const access = await portalAccessOfRequest(c);
  if (!access) {
    c.header("WWW-Authenticate", 'Bearer realm="client-portal"');
    return jsonError(c, 401, PORTAL_SIGN_IN_REQUIRED);
  }
  // Read after the token: without one, nothing says whether the record exists.
  const projectId = await projectOf();
  if (projectId === null) return jsonError(c, 404, "Not found: this record's project no longer exists.");
  if (!(await canAccessProject(c.var.deps.db, access, projectId))) return jsonError(c, 403, PORTAL_NOT_YOURS);
  return null;
}

/** Whom the acceptance came from: the client's address (TRUST_PROXY, as everywhere) and browser. */
export const acceptorOf = (c: Context<AppEnv>) => ({
  ip: ((ip) => (ip && ip !== "unknown" ? ip : null))(clientIp(c, c.var.deps.env.TRUST_PROXY)),
  userAgent: c.req.header("user-agent") ?? null,
});

/** What the PDF services need from the request: the database, the kept renders' store, the render pool. */
export const pdfDepsOf = (c: Context<AppEnv>): PdfDeps => ({
  db: c.var.deps.db,
  store: mediaStoreFor(c.var.deps.env),
  pool: pdfPoolFor(c.var.deps.env),
  log: c.var.log,
});

/** A PDF answer: shown in the browser, never cached. */
export function pdfAnswer(c: Context<AppEnv>, file: PdfFile) {
  return c.body(file.body, 200, {
    "Content-Type": "application/pdf",
    "Content-Length": String(file.size),
    "Content-Disposition": `inline; filename="${file.filename}"`,
    "Cache-Control": "private, no-store",
  });
}

/** A PDF refused: 429 with Retry-After while the render pool is full, else as `refused` (404). */
export function pdfRefused(c: Context<AppEnv>, error: unknown) {
  if (!(error instanceof PdfBusyError)) return refused(c, error, [404]);
  c.header("Retry-After", String(error.retryAfterSeconds));
  return jsonError(c, 429, error.message);
}

/** The answer of a PDF call while the render pool is full (docs/decisions/045-pdfs-rendered-once.md). */
export const pdfBusy = {
  429: {
    ...errorResponses([429], {
      429: "Many documents are being prepared right now: try again after Retry-After seconds",
    })[429],
    headers: z.object({
      "Retry-After": z.string().meta({ description: "Seconds to wait before trying again", example: "2" }),
    }),
  },
};

/** The errors of a portal call. */
export const portalErrors = errorResponses([400, 401, 403, 404, 409], {
  401: "No valid portal token: look the project up again",
  403: "The portal token does not open this project",
});
