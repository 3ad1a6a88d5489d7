import { site } from "~/config/site";
import { claimableSiteById } from "~/content/claimable-sites";
import { BUDGETS, optionLabel, READINESS, SITE_TYPES, TIMELINES } from "~/contracts/form-options";
import type { QuestionType } from "~/contracts/inquiry-terms";
import type { Claim, ContactMessage, ProjectInquiry } from "~/contracts/intake";
import { defaultProjectName, projectTypeOfSiteType } from "~/contracts/project-terms";
import type { Database } from "../../db/client";
import { writeChatConfirmation } from "../../emails/chat-confirmation";
import { writeLeadNotice } from "../../emails/lead-notice";
import { writeSubmissionConfirmation } from "../../emails/submission-confirmation";
import type { Env } from "../../env";
import { toInquiryRecord, type InquiryRow } from "../inquiries";
import { answerInquiryIn, type AnswerResult, type FiledLead } from "../inquiry-chat";
import { scoreLead } from "./lead-score";
import { addCommunication, createProjectForContact, upsertLeadContact } from "./leads";
import { retryOnUniqueViolation, type Tx } from "../../db/tx";
import type { Mailer, QueueEmail } from "../mail";

/**
 * Every way a visitor becomes a lead, filed the same way (docs/decisions/041-intake-and-emails.md):
 * the contact (matched by e-mail), its project where the path makes one (decision 019), the entry
 * in its communication log and the e-mails that announce it are one transaction of the mailer's
 * outbox (decision 028), so a lead and its notice are kept or lost together. The handlers screen
 * the input first (server/lib/public-write.ts); these functions trust it.
 */
export interface IntakeDeps {
  db: Database;
  mailer: Mailer;
  env: Pick<Env, "SITE_URL" | "OWNER_EMAIL">;
}

/** The start-project form: the contact and its project, the owner's notice and the visitor's Project ID. */
export async function fileProjectInquiry(
  { db, env, mailer }: IntakeDeps,
  input: ProjectInquiry,
): Promise<{ success: true; projectId: string; emailSignIn: boolean }> {
  const leadScore = scoreLead({
    budget: input.budget,
    timeline: input.timeline,
    description: input.description,
    phone: input.phone,
    company: input.company,
  });
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
    (work) => retryOnUniqueViolation(db, work),
  );
  // Without SMTP no sign-in link can reach the visitor, so the confirmation offers only the Project ID.
  return { success: true, projectId, emailSignIn: mailer.smtpConfigured };
}

/** The contact form: the contact, the message in its log and the owner's notice. */
export async function fileContactMessage(
  { db, env, mailer }: IntakeDeps,
  input: ContactMessage,
): Promise<{ success: true }> {
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
    (work) => retryOnUniqueViolation(db, work),
  );
  return { success: true };
}

/** The claim of a prebuilt site (one of the claim list's, which the handler checked): the contact, a note and the owner's notice. */
export async function fileClaim({ db, env, mailer }: IntakeDeps, input: Claim): Promise<{ success: true }> {
  const claimed = claimableSiteById(input.siteId);
  if (!claimed) throw new Error(`A claim of ${input.siteId}, which is not on the claim list, reached the intake`);
  const summary = `Claim of the prebuilt site for ${claimed.businessName} (${claimed.category}, ${claimed.location}).`;
  const preview = `${env.SITE_URL}${claimed.websiteUrl}`;
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
        content: `${summary}\nPhone: ${input.phone}\nVerification: ${input.verification}\nPreview: ${preview}`,
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
              ["Preview", preview],
            ],
            message: `Verification: ${input.verification}`,
          },
          env.SITE_URL,
          env.OWNER_EMAIL,
        ),
      );
    },
    (work) => retryOnUniqueViolation(db, work),
  );
  return { success: true };
}

/**
 * A visitor's answer in the guided chat. The answer that completes the chat files its lead in the
 * same transaction (fileChatInquiry), so the chat, the lead and its e-mails commit together.
 */
export async function answerChat(
  { env, mailer }: IntakeDeps,
  inquiryId: string,
  input: { content: string; questionType?: QuestionType | null },
): Promise<AnswerResult> {
  return mailer.transaction((tx, queue) =>
    answerInquiryIn(tx, inquiryId, input, (inquiry) => fileChatInquiry(tx, queue, env, inquiry)),
  );
}

/**
 * The completed chat's lead: the contact, a project with status submitted as the project form
 * makes (decision 019), a note of what was asked, the owner's notice and the visitor's copy.
 */
async function fileChatInquiry(
  tx: Tx,
  queue: QueueEmail,
  env: IntakeDeps["env"],
  inquiry: InquiryRow,
): Promise<FiledLead> {
  const leadScore = scoreLead({
    budget: inquiry.budget ?? undefined,
    timeline: inquiry.timeline ?? undefined,
    description: inquiry.description ?? undefined,
  });
  const { contact } = await upsertLeadContact(tx, {
    name: inquiry.visitorName!,
    email: inquiry.visitorEmail!,
    source: "chat",
    status: "new",
    initialMessage: inquiry.description ?? undefined,
    leadScore,
    attribution: inquiry.attribution ?? undefined,
  });
  const projectType = projectTypeOfSiteType(inquiry.projectType ?? "");
  const projectId = await createProjectForContact(tx, contact.id, {
    name: defaultProjectName(inquiry.visitorName!, projectType, new Date(), site.timeZone),
    description: [inquiry.description, inquiry.additionalInfo && `Anything else: ${inquiry.additionalInfo}`]
      .filter(Boolean)
      .join("\n\n"),
    projectType,
    budgetRange: inquiry.budget || undefined,
    legacyData: {
      site_type: inquiry.projectType ?? "",
      timeline: inquiry.timeline ?? "",
      inquiry_id: inquiry.id,
    },
    status: "submitted",
    attribution: inquiry.attribution ?? undefined,
  });
  const details = chatDetails(inquiry);
  await addCommunication(tx, {
    contactId: contact.id,
    type: "note",
    direction: "inbound",
    content: [
      `Completed the guided chat inquiry ${inquiry.id}, which became project ${projectId}.`,
      ...details.map(([label, value]) => `${label}: ${value}`),
      "",
      `Project: ${inquiry.description ?? ""}`,
      `Anything else: ${inquiry.additionalInfo ?? ""}`,
    ].join("\n"),
  });
  const record = toInquiryRecord({ ...inquiry, contactId: contact.id, projectId });
  await queue(
    writeLeadNotice(
      {
        kind: "chat inquiry",
        contactId: contact.id,
        name: record.visitor_name ?? "",
        email: record.visitor_email ?? "",
        projectId,
        details: [
          ...details,
          ["Anything else", record.additional_info ?? ""],
          ["Lead score", String(leadScore)],
          ["Inquiry ID", record.id],
        ],
        message: record.description ?? undefined,
      },
      env.SITE_URL,
      env.OWNER_EMAIL,
    ),
  );
  await queue(writeChatConfirmation(record, contact.id, projectId, env.SITE_URL));
  return { contactId: contact.id, projectId, leadScore };
}

/** What the chat asked, as labels, for the owner's note and notice. */
function chatDetails(inquiry: Pick<InquiryRow, "projectType" | "budget" | "timeline">): [string, string][] {
  return [
    ["Project type", optionLabel(SITE_TYPES, inquiry.projectType ?? "")],
    ["Budget", optionLabel(BUDGETS, inquiry.budget ?? "")],
    ["Timeline", optionLabel(TIMELINES, inquiry.timeline ?? "")],
  ];
}
