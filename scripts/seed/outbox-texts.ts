import { site } from "~/config/site";
import type { InquiryRecord } from "~/contracts/inquiries";
import { writeChatConfirmation } from "../../server/emails/chat-confirmation";
import { writeLeadNotice } from "../../server/emails/lead-notice";
import { writePortalSignIn } from "../../server/emails/portal-sign-in";
import { writeProjectUpdate } from "../../server/emails/project-update";
import { writeSignInAlert } from "../../server/emails/sign-in-alert";
import { writeSubmissionConfirmation } from "../../server/emails/submission-confirmation";
import { describeSmtpError } from "../../server/services/smtp-errors";

/**
 * The outbox's messages exactly as the app words them: its own e-mail functions, called once
 * with {placeholders} that the seed's SQL fills per row. A contact's id in a link is the
 * number CONTACT_ID, replaced the same way.
 */
export const CONTACT_ID = 987654321;
const SITE_URL = site.productionUrl;
const SMTP_URL = "smtp://hello%40websitesbytyler.com:secret@smtp.fastmail.com:587";

const inquiry: InquiryRecord = {
  id: "{iid}",
  status: "completed",
  completion_percentage: 100,
  created_at: "",
  completed_at: "",
  project_id: "{pid}",
  visitor_name: "{first}",
  visitor_email: "{email}",
  project_type: "",
  budget: "",
  timeline: "",
  description: "",
  additional_info: "",
  contact_id: CONTACT_ID,
  updated_at: "",
};

const notice = (
  kind: Parameters<typeof writeLeadNotice>[0]["kind"],
  details: [string, string][],
  extra: { projectId?: string; message?: string },
) =>
  writeLeadNotice(
    { kind, contactId: CONTACT_ID, name: "{name}", email: "{email}", details, ...extra },
    SITE_URL,
    site.email,
  );

/** A placeholder that went through encodeURIComponent (the portal's #project= link) comes back whole. */
const whole = <T extends { subject: string; text: string }>(email: T): T => ({
  ...email,
  subject: email.subject.replace(/%7B(\w+)%7D/g, "{$1}"),
  text: email.text.replace(/%7B(\w+)%7D/g, "{$1}"),
});

const TEXTS = {
  projectInquiry: notice(
    "project inquiry",
    [
      ["Phone", "{phone}"],
      ["Business", "{company}"],
      ["Site type", "{site_type}"],
      ["Budget", "{budget}"],
      ["Timeline", "{timeline}"],
      ["Readiness", "{readiness}"],
      ["Lead score", "{score}"],
    ],
    { projectId: "{pid}", message: "{message}" },
  ),
  chatInquiry: notice(
    "chat inquiry",
    [
      ["Project type", "{site_type}"],
      ["Budget", "{budget}"],
      ["Timeline", "{timeline}"],
      ["Anything else", "{additional}"],
      ["Lead score", "{score}"],
      ["Inquiry ID", "{iid}"],
    ],
    { projectId: "{pid}", message: "{message}" },
  ),
  contactMessage: notice("contact message", [["Subject", "{subject}"]], { message: "{message}" }),
  claim: notice(
    "website claim",
    [
      ["Business", "{company}"],
      ["Phone", "{phone}"],
      ["Preview", "{preview}"],
    ],
    { message: "{message}" },
  ),
  submission: writeSubmissionConfirmation(
    { name: "{first}", email: "{email}", projectId: "{pid}", contactId: CONTACT_ID },
    SITE_URL,
  ),
  chat: writeChatConfirmation(inquiry, CONTACT_ID, "{pid}", SITE_URL),
  signIn: writePortalSignIn("{email}", "{link}", new Date()),
  update: writeProjectUpdate(
    {
      project: { id: "{pid}", name: "{project}" },
      update: { title: "{title}", content: "{content}" },
      contact: { id: CONTACT_ID, name: "{first}", email: "{email}" },
    },
    SITE_URL,
  ),
  alert: writeSignInAlert({ email: site.email, addresses: 37, limit: 50, windowMinutes: 15, siteUrl: SITE_URL }),
};

export const OUTBOX_TEXTS = Object.fromEntries(Object.entries(TEXTS).map(([name, email]) => [name, whole(email)])) as {
  [K in keyof typeof TEXTS]: (typeof TEXTS)[K];
};

/** What the outbox shows for a message that failed for good, as describeSmtpError words it. */
export const FAILURES = [
  describeSmtpError(
    { code: "EENVELOPE", responseCode: 550, response: "550 5.1.1 <{to}>: Recipient address rejected: User unknown" },
    SMTP_URL,
  ),
  describeSmtpError({ responseCode: 552, response: "552 5.2.2 Mailbox full" }, SMTP_URL),
  describeSmtpError({ responseCode: 554, response: "554 5.7.1 Message rejected as spam" }, SMTP_URL),
];

/** A retry's last error: the mail server was away for a moment. */
export const TRANSIENT_FAILURES = [
  describeSmtpError({ code: "ETIMEDOUT", message: "Connection timeout" }, SMTP_URL),
  describeSmtpError({ responseCode: 421, response: "421 4.7.0 Try again later" }, SMTP_URL),
];
