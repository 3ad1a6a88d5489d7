import { z } from "@hono/zod-openapi";
import { intakeEndpoints as endpoints } from "~/contracts/intake";
import { PublicFormErrorSchema } from "~/contracts/intake";
import { json } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";
import { publicBody } from "../../lib/public-write";

/**
 * The public lead forms (docs/product/lead-paths.md "The calls", "Spam guards and limits"). Each
 * answers its refusals in the public forms' shape `{ success: false, error, fields? }`, checked in
 * this order: the body is read (a JSON object; for the contact form also a plain form post),
 * validated against the schema below, the honeypot, then the per-address rate limit, so a mistyped
 * form never uses up the visitor's allowance (server/lib/public-write.ts). The first step is
 * each route's middleware; the schema check's failures are answered by the handlers' hooks.
 */

const RetryAfter = z.object({
  "Retry-After": z.string().meta({ description: "Seconds until this address may send again", example: "540" }),
});

const publicFormErrors = {
  400: json(
    PublicFormErrorSchema,
    "Refused: an unreadable body, a field at fault (`fields` names each one), or an automated-looking post",
  ),
  429: {
    ...json(PublicFormErrorSchema, "Too many submissions from this address: see Retry-After"),
    headers: RetryAfter,
  },
};

export const postSubmission = routeOf(endpoints.submit, {
  tags: ["Leads"],
  summary: "Project inquiry from /start-project",
  middleware: [publicBody("json")],
  description:
    "Stores the contact and its project together, queues the owner's notification and the visitor's confirmation, and answers the Project ID.",
  bodyDescription: "The start-project form",
  answer: "Stored: the contact and its project",
  responses: publicFormErrors,
});

export const postContact = routeOf(endpoints.contact, {
  tags: ["Leads"],
  summary: "Contact form message (JSON, or a plain form post answered by a redirect)",
  middleware: [publicBody("json-or-form")],
  description:
    "JSON from the page answers JSON. The plain form post (JavaScript off) is answered by a 303: to /contact/thank-you, or back to /contact with an error code (`invalid`, `spam`, `rate_limited`) and the typed values in the query string.",
  // The body is required all the same: the route's first step refuses a request without one.
  bodyDescription: "The contact form, as JSON or as a plain form post; one of the two is required",
  answer: "Stored (JSON)",
  responses: {
    303: {
      description:
        "Form post: stored, to /contact/thank-you; refused (other than an unreadable body), back to /contact?error=<code>&name=…&email=…&subject=…&message=…",
      headers: z.object({
        Location: z.string().meta({ example: "/contact/thank-you" }),
      }),
    },
    ...publicFormErrors,
  },
});

export const postClaim = routeOf(endpoints.claim, {
  tags: ["Leads"],
  summary: "Claim of a prebuilt website",
  middleware: [publicBody("json")],
  description: "Recorded as a lead with the business, the phone and the verification text; the owner is notified.",
  bodyDescription: "The claim form; `siteId` is one of the sites on the claim list",
  answer: "Stored as a lead",
  responses: publicFormErrors,
});
