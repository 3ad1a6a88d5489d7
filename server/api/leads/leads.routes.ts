import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { ClaimSchema } from "~/lib/forms/claim";
import { ContactMessageSchema } from "~/lib/forms/contact-message";
import { ProjectInquirySchema } from "~/lib/forms/project-inquiry";
import type { AppEnv } from "../../lib/app-env";

/**
 * The OpenAPI description of the public lead routes. Their handlers read JSON
 * or plain form posts themselves (the contact form works without JavaScript),
 * so the routes are documented here rather than through createRoute.
 */
const ErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
const errors = {
  400: {
    description: "Invalid input: the error names each field",
    content: { "application/json": { schema: ErrorSchema } },
  },
  429: {
    description: "Too many submissions from this address; see Retry-After",
    content: { "application/json": { schema: ErrorSchema } },
  },
};

export function documentLeadRoutes(app: OpenAPIHono<AppEnv>) {
  const registry = app.openAPIRegistry;
  registry.registerPath({
    method: "post",
    path: "/api/submissions",
    tags: ["Leads"],
    summary: "Project inquiry from /start-project",
    request: { body: { content: { "application/json": { schema: ProjectInquirySchema } } } },
    responses: {
      200: {
        description: "Stored: the contact and its project",
        content: { "application/json": { schema: z.object({ success: z.literal(true), projectId: z.string() }) } },
      },
      ...errors,
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/contact",
    tags: ["Leads"],
    summary: "Contact form message (JSON, or a plain form post answered by a redirect)",
    request: {
      body: {
        content: {
          "application/json": { schema: ContactMessageSchema },
          "application/x-www-form-urlencoded": { schema: ContactMessageSchema },
        },
      },
    },
    responses: {
      200: {
        description: "Stored",
        content: { "application/json": { schema: z.object({ success: z.literal(true) }) } },
      },
      303: { description: "Form post: to /contact/thank-you, or back to /contact with the error and the typed values" },
      ...errors,
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/claims",
    tags: ["Leads"],
    summary: "Claim of a prebuilt website",
    request: { body: { content: { "application/json": { schema: ClaimSchema } } } },
    responses: {
      200: {
        description: "Stored as a lead",
        content: { "application/json": { schema: z.object({ success: z.literal(true) }) } },
      },
      ...errors,
    },
  });
}
