import { site } from "~/config/site";
import { REVIEW_TARGET_PARAM } from "~/contracts/review-terms";
import type { OutgoingEmail } from "../services/mail";
import { signature } from "./signature";

/**
 * The one e-mail that asks a client to review the work (docs/product/reviews.md "The request"), in
 * the owner's own voice. Its link opens the portal on the project's review form: the Project ID
 * rides in the fragment (never sent to a server), the form's name in the query, which the portal
 * keeps through its usual sign-in (docs/product/client-portal.md "Reviews").
 */
export const reviewFormUrl = (siteUrl: string, projectId: string) =>
  `${siteUrl}/client-portal?${REVIEW_TARGET_PARAM}=1#project=${encodeURIComponent(projectId)}`;

export function writeReviewRequest(
  input: {
    project: { id: string; name: string };
    contact: { id: number; name: string; email: string };
    launched: boolean;
  },
  siteUrl: string,
): OutgoingEmail {
  const firstName = input.contact.name.trim().split(/\s+/)[0] || input.contact.name;
  const text = [
    `Hi ${firstName},`,
    "",
    input.launched
      ? `Your new site has been live for a little while now, and I hope it's been pulling its weight.`
      : `"${input.project.name}" is finished. Thank you for trusting me with it.`,
    "",
    "Would you take two minutes to tell me how it went? A few honest words and a star rating help",
    "other Rhode Island business owners decide whether I'm the right fit, and they help me see what to",
    "keep doing and what to do better.",
    "",
    `Leave your review here: ${reviewFormUrl(siteUrl, input.project.id)}`,
    "",
    "It opens your project in the client portal. You choose the name and business shown with it, and",
    "nothing is published unless you tick the box that says it may be. I read every one myself before",
    "it goes on the site.",
    "",
    "If something wasn't right, please just reply to this e-mail: I'd much rather fix it.",
    "",
    signature(),
  ].join("\n");
  return {
    kind: "review_request",
    to: input.contact.email,
    replyTo: site.email,
    subject: `How did your website project go? - ${site.brand}`,
    text,
    contactId: input.contact.id,
    projectId: input.project.id,
  };
}
