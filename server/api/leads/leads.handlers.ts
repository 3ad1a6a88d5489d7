import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ClaimSchema } from "~/lib/forms/claim";
import { ContactMessageSchema } from "~/lib/forms/contact-message";
import {
  BUDGETS,
  optionLabel,
  ProjectInquirySchema,
  READINESS,
  SITE_TYPES,
  TIMELINES,
} from "~/lib/forms/project-inquiry";
import { claimableSiteById } from "~/content/claimable-sites";
import type { AppEnv } from "../../lib/app-env";
import { scoreLead } from "../../services/lead-score";
import { addCommunication, createProjectForContact, inTransaction, upsertLeadContact } from "../../services/leads";
import { ownerNotification, sendLeadEmails, submissionConfirmation } from "../../services/lead-notifications";
import { screenPublicWrite, type PublicWriteError } from "./public-write";

/** back-office spec 4 "Project types" for the form's site types. */
const PROJECT_TYPE_BY_SITE_TYPE: Record<string, string> = { business: "small_business", nonprofit: "cause_nonprofit" };

const fail = (c: Context<AppEnv>, body: PublicWriteError, status: 400 | 429 = 400) => c.json(body, status);

export function registerLeadRoutes(app: OpenAPIHono<AppEnv>) {
  // public-site spec 7: POST /api/submissions -> { success, projectId, error }
  app.post("/api/submissions", async (c) => {
    const screened = await screenPublicWrite(c, ProjectInquirySchema, "submission");
    if (!screened.ok) return fail(c, screened.error, screened.status);

    const { input } = screened;
    const { db, env, mailer, log } = c.var.deps;
    const leadScore = scoreLead({ budget: input.budget, timeline: input.timeline, description: input.description });
    const { contact, projectId } = await inTransaction(db, async (tx) => {
      const { contact: lead } = await upsertLeadContact(tx, {
        name: input.name,
        email: input.email,
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
      const newProjectId = await createProjectForContact(tx, lead.id, {
        name: `${input.name} Website Project`,
        description: input.description,
        projectType: PROJECT_TYPE_BY_SITE_TYPE[input.siteType] ?? "personal",
        budgetRange: input.budget || undefined,
        legacyData: { site_type: input.siteType, timeline: input.timeline, readiness: input.readiness },
        status: "submitted",
      });
      return { contact: lead, projectId: newProjectId };
    });

    await sendLeadEmails(
      mailer,
      [
        ownerNotification(
          {
            kind: "project inquiry",
            contactId: contact.id,
            name: input.name,
            email: input.email,
            projectId,
            details: [
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
        submissionConfirmation(
          { name: input.name, email: input.email, projectId, contactId: contact.id },
          env.SITE_URL,
        ),
      ],
      (error) => log.error({ err: error, projectId }, "could not queue the e-mails of a new submission"),
    );
    return c.json({ success: true, projectId }, 200);
  });

  // The contact form: JSON from the page, or a plain form post when JavaScript is off.
  app.post("/api/contact", async (c) => {
    const screened = await screenPublicWrite(c, ContactMessageSchema, "contact");
    if (!screened.ok) {
      const { body, reason } = screened;
      if (!body?.isForm || reason === "unreadable") return fail(c, screened.error, screened.status);
      // Back to the form with an error code (never free text) and what was typed.
      const query = new URLSearchParams({ error: reason });
      for (const key of ["name", "email", "subject", "message"]) {
        const value = body.data[key];
        if (typeof value === "string" && value) query.set(key, value.slice(0, 2000));
      }
      return c.redirect(`/contact?${query}`, 303);
    }

    const { input, body } = screened;
    const { db, env, mailer, log } = c.var.deps;
    const contact = await inTransaction(db, async (tx) => {
      const { contact: lead } = await upsertLeadContact(tx, {
        name: input.name,
        email: input.email,
        source: input.source,
        status: "new",
        initialMessage: input.message,
        attribution: input.attribution,
      });
      await addCommunication(tx, {
        contactId: lead.id,
        type: "email",
        direction: "inbound",
        subject: input.subject || "Contact form message",
        content: input.message,
      });
      return lead;
    });
    await sendLeadEmails(
      mailer,
      [
        ownerNotification(
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
      ],
      (error) => log.error({ err: error, contactId: contact.id }, "could not queue the e-mail of a contact message"),
    );
    return body.isForm ? c.redirect("/contact/thank-you", 303) : c.json({ success: true }, 200);
  });

  // Claim a prebuilt site: recorded as a lead (the old site kept claims in the browser only).
  app.post("/api/claims", async (c) => {
    const screened = await screenPublicWrite(c, ClaimSchema, "claim", (claim) =>
      claimableSiteById(claim.siteId)
        ? undefined
        : {
            success: false,
            error: "That site is not on the claim list.",
            fields: { siteId: "Choose one of the listed sites" },
          },
    );
    if (!screened.ok) return fail(c, screened.error, screened.status);

    const { input } = screened;
    const claimed = claimableSiteById(input.siteId)!;
    const { db, env, mailer, log } = c.var.deps;
    const summary = `Claim of the prebuilt site for ${claimed.businessName} (${claimed.category}, ${claimed.location}).`;
    const contact = await inTransaction(db, async (tx) => {
      const { contact: lead } = await upsertLeadContact(tx, {
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
        contactId: lead.id,
        type: "note",
        direction: "inbound",
        content: `${summary}\nPhone: ${input.phone}\nVerification: ${input.verification}\nPreview: ${env.SITE_URL}${claimed.websiteUrl}`,
      });
      return lead;
    });
    await sendLeadEmails(
      mailer,
      [
        ownerNotification(
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
      ],
      (error) => log.error({ err: error, contactId: contact.id }, "could not queue the e-mail of a claim"),
    );
    return c.json({ success: true }, 200);
  });
}
