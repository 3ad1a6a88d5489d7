import { site } from "~/config/site";
import { defaultProjectName } from "~/lib/project-terms";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { BUDGETS, optionLabel, READINESS, SITE_TYPES, TIMELINES } from "~/lib/forms/project-inquiry";
import { claimableSiteById } from "~/content/claimable-sites";
import type { ContactMessage } from "~/lib/forms/contact-message";
import { isDatabaseUnavailable } from "../../db/unavailable";
import { writeLeadNotice } from "../../emails/lead-notice";
import { writeSubmissionConfirmation } from "../../emails/submission-confirmation";
import type { AppEnv } from "../../lib/app-env";
import { scoreLead } from "../../services/lead-score";
import {
  addCommunication,
  createProjectForContact,
  inTransaction,
  projectTypeOfSiteType,
  upsertLeadContact,
} from "../../services/leads";
import * as routes from "./intake.routes";
import {
  isFormPost,
  screenValidInput,
  validationError,
  type PublicWriteError,
  type RefusalReason,
} from "./public-write";

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

export function registerIntakeRoutes(app: OpenAPIHono<AppEnv>) {
  // public-site spec 7: POST /api/submissions -> { success, projectId, error }
  app.openapi(
    routes.postSubmission,
    async (c) => {
      const input = c.req.valid("json");
      const refused = await screenValidInput(c, input, "submission");
      if (refused) return c.json(refused.error, refused.status);

      const { db, env, mailer } = c.var.deps;
      const leadScore = scoreLead({
        budget: input.budget,
        timeline: input.timeline,
        description: input.description,
        phone: input.phone,
        company: input.company,
      });
      // The lead, its project and its two e-mails are one transaction (docs/decisions/028-outbox.md).
      const projectId = await mailer.transaction(
        async (tx, queue) => {
          const { contact } = await upsertLeadContact(tx, {
            name: input.name,
            email: input.email,
            phone: input.phone,
            company: input.company,
            source: "website",
            status: "submitted",
            forceStatus: true,
            initialMessage: input.description,
            submissionData: {
              site_type: input.siteType,
              budget: input.budget,
              timeline: input.timeline,
              readiness: input.readiness,
            },
            leadScore,
            attribution: input.attribution,
          });
          const projectType = projectTypeOfSiteType(input.siteType);
          const newProjectId = await createProjectForContact(tx, contact.id, {
            name: defaultProjectName(input.name, projectType, new Date(), site.timeZone),
            description: input.description,
            projectType,
            budgetRange: input.budget || undefined,
            legacyData: { site_type: input.siteType, timeline: input.timeline, readiness: input.readiness },
            status: "submitted",
            attribution: input.attribution,
          });
          await queue(
            writeLeadNotice(
              {
                kind: "project inquiry",
                contactId: contact.id,
                name: input.name,
                email: input.email,
                projectId: newProjectId,
                details: [
                  ["Phone", input.phone],
                  ["Business", input.company],
                  ["Site type", optionLabel(SITE_TYPES, input.siteType)],
                  ["Budget", optionLabel(BUDGETS, input.budget)],
                  ["Timeline", optionLabel(TIMELINES, input.timeline)],
                  ["Readiness", optionLabel(READINESS, input.readiness)],
                  ["Lead score", String(leadScore)],
                ],
                message: input.description,
              },
              env.SITE_URL,
              env.OWNER_EMAIL,
            ),
          );
          await queue(
            writeSubmissionConfirmation(
              { name: input.name, email: input.email, projectId: newProjectId, contactId: contact.id },
              env.SITE_URL,
            ),
          );
          return newProjectId;
        },
        (work) => inTransaction(db, work),
      );
      return c.json({ success: true as const, projectId, emailSignIn: mailer.smtpConfigured }, 200);
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
        return await fileContactMessage(c, input, isForm);
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

      const claimed = claimableSiteById(input.siteId)!;
      const { db, env, mailer } = c.var.deps;
      const summary = `Claim of the prebuilt site for ${claimed.businessName} (${claimed.category}, ${claimed.location}).`;
      await mailer.transaction(
        async (tx, queue) => {
          const { contact } = await upsertLeadContact(tx, {
            name: input.name,
            email: input.email,
            phone: input.phone,
            company: claimed.businessName,
            websiteUrl: claimed.currentWebsiteUrl,
            source: "claim",
            status: "new",
            initialMessage: `${summary}\n\nVerification: ${input.verification}`,
            leadScore: scoreLead({ phone: input.phone, company: claimed.businessName }),
            attribution: input.attribution,
          });
          await addCommunication(tx, {
            contactId: contact.id,
            type: "note",
            direction: "inbound",
            content: `${summary}\nPhone: ${input.phone}\nVerification: ${input.verification}\nPreview: ${env.SITE_URL}${claimed.websiteUrl}`,
          });
          await queue(
            writeLeadNotice(
              {
                kind: "website claim",
                contactId: contact.id,
                name: input.name,
                email: input.email,
                details: [
                  ["Business", claimed.businessName],
                  ["Phone", input.phone],
                  ["Preview", `${env.SITE_URL}${claimed.websiteUrl}`],
                ],
                message: `Verification: ${input.verification}`,
              },
              env.SITE_URL,
              env.OWNER_EMAIL,
            ),
          );
        },
        (work) => inTransaction(db, work),
      );
      return c.json({ success: true as const }, 200);
    },
    (result, c) => {
      if (!result.success) return c.json(validationError(result.error), 400);
    },
  );
}

/** The contact form's lead: the contact, the message in its log and the owner's notice, in one transaction. */
async function fileContactMessage(c: Context<AppEnv>, input: ContactMessage, isForm: boolean) {
  const refused = await screenValidInput(c, input, "contact");
  if (refused) return isForm ? backToContactForm(c, refused.reason) : c.json(refused.error, refused.status);

  const { db, env, mailer } = c.var.deps;
  await mailer.transaction(
    async (tx, queue) => {
      const { contact } = await upsertLeadContact(tx, {
        name: input.name,
        email: input.email,
        source: input.source,
        status: "new",
        initialMessage: input.message,
        attribution: input.attribution,
      });
      await addCommunication(tx, {
        contactId: contact.id,
        type: "email",
        direction: "inbound",
        subject: input.subject || "Contact form message",
        content: input.message,
      });
      await queue(
        writeLeadNotice(
          {
            kind: "contact message",
            contactId: contact.id,
            name: input.name,
            email: input.email,
            details: [["Subject", input.subject || "(none)"]],
            message: input.message,
          },
          env.SITE_URL,
          env.OWNER_EMAIL,
        ),
      );
    },
    (work) => inTransaction(db, work),
  );
  return isForm ? c.redirect("/contact/thank-you", 303) : c.json({ success: true as const }, 200);
}
