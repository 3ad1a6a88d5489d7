import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { claimableSiteById } from "~/content/claimable-sites";
import { isDatabaseUnavailable } from "../../db/unavailable";
import type { AppEnv } from "../../lib/app-env";
import { fileClaim, fileContactMessage, fileProjectInquiry } from "../../services/intake/intake";
import * as routes from "./intake.routes";
import {
  isFormPost,
  screenValidInput,
  validationError,
  type PublicWriteError,
  type RefusalReason,
} from "../../lib/public-write";

/** A plain contact-form post that was refused: back to the form with an error code (never free text) and what was typed. */
async function backToContactForm(c: Context<AppEnv>, reason: RefusalReason) {
  const typed = await c.req.parseBody();
  const query = new URLSearchParams({ error: reason });
  for (const key of ["name", "email", "subject", "message"]) {
    const value = typed[key];
    if (typeof value === "string" && value) query.set(key, value.slice(0, 2000));
  }
  return c.redirect(`/contact?${query}`, 303);
}

const notOnClaimList = (siteId: string): PublicWriteError | undefined =>
  claimableSiteById(siteId)
    ? undefined
    : {
        success: false,
        error: "That site is not on the claim list.",
        fields: { siteId: "Choose one of the listed sites" },
      };

/** The lead paths of the public forms: each screens its input, then the intake service files the lead. */
export function registerIntakeRoutes(app: OpenAPIHono<AppEnv>) {
  // docs/product/lead-paths.md "The calls": POST /api/submissions
  // -> { success, projectId, emailSignIn }, or { success: false, error, fields }
  app.openapi(
    routes.postSubmission,
    async (c) => {
      const input = c.req.valid("json");
      const refused = await screenValidInput(c, input, "submission");
      if (refused) return c.json(refused.error, refused.status);
      return c.json(await fileProjectInquiry(c.var.deps, input), 200);
    },
    (result, c) => {
      if (!result.success) return c.json(validationError(result.error), 400);
    },
  );

  // The contact form: JSON from the page, or a plain form post when JavaScript is off.
  app.openapi(
    routes.postContact,
    async (c) => {
      const isForm = isFormPost(c);
      const input = isForm ? c.req.valid("form") : c.req.valid("json");
      try {
        const refused = await screenValidInput(c, input, "contact");
        if (refused) return isForm ? backToContactForm(c, refused.reason) : c.json(refused.error, refused.status);
        const sent = await fileContactMessage(c.var.deps, input);
        return isForm ? c.redirect("/contact/thank-you", 303) : c.json(sent, 200);
      } catch (error) {
        // A plain form post goes back to the form with what was typed (JSON answers 503 in app.onError).
        if (!isForm || !isDatabaseUnavailable(error)) throw error;
        return backToContactForm(c, "unavailable");
      }
    },
    (result, c) => {
      if (result.success) return;
      if (result.target === "form") return backToContactForm(c, "invalid");
      return c.json(validationError(result.error), 400);
    },
  );

  // Claim a prebuilt site: recorded as a lead (the old site kept claims in the browser only).
  app.openapi(
    routes.postClaim,
    async (c) => {
      const input = c.req.valid("json");
      const refused = await screenValidInput(c, input, "claim", (claim) => notOnClaimList(claim.siteId));
      if (refused) return c.json(refused.error, refused.status);
      return c.json(await fileClaim(c.var.deps, input), 200);
    },
    (result, c) => {
      if (!result.success) return c.json(validationError(result.error), 400);
    },
  );
}
