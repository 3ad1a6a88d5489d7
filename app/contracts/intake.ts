import { FormSentSchema } from "~/lib/forms/answers";
import { ClaimSchema } from "~/lib/forms/claim";
import { ContactMessageSchema } from "~/lib/forms/contact-message";
import { ProjectInquirySchema, SubmissionAnswerSchema } from "~/lib/forms/project-inquiry";
import { endpoint } from "./endpoint";
import { CONTACT_PATH } from "./public-paths";

/**
 * The public lead forms (public-site spec 7). Each refuses in the public forms' shape
 * `{ success: false, error, fields? }`; the pages load this table when the visitor starts on a
 * form, so Zod stays out of their first load.
 */
export const intakeEndpoints = {
  /** The start-project form: the contact and its project, answered with the Project ID. */
  submit: endpoint({
    method: "post",
    path: "/api/submissions",
    access: "public",
    body: ProjectInquirySchema,
    answer: SubmissionAnswerSchema,
  }),
  /** The contact form: JSON from the page, or a plain form post (JavaScript off) answered by a redirect. */
  contact: endpoint({
    method: "post",
    path: CONTACT_PATH,
    access: "public",
    body: ContactMessageSchema,
    bodyType: "json-or-form",
    answer: FormSentSchema,
  }),
  /** The claim of a prebuilt website, recorded as a lead. */
  claim: endpoint({
    method: "post",
    path: "/api/claims",
    access: "public",
    body: ClaimSchema,
    answer: FormSentSchema,
  }),
};
