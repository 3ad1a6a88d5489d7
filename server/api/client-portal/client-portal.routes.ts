import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { clientPortalEndpoints as endpoints } from "~/contracts/client-portal";
import { PublicFormErrorSchema } from "~/contracts/intake";
import { PortalProjectSchema } from "~/contracts/client-portal";
import type { AppEnv } from "../../lib/app-env";
import { json } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";
import { publicBody, readBody } from "../../lib/public-write";

/**
 * The client portal (docs/product/client-portal.md, its "Lookup", "Sign-in links", "Sessions" and
 * "The calls"; decision 017). The lookup keeps its documented contract
 * `{ type, identifier } -> { success, projects, total_projects, error }`: by Project ID it answers
 * that project and a portal session opened on it (`portal_token`); by e-mail it answers the same
 * 'check your inbox' for every address and e-mails a one-time sign-in link only to an address with
 * projects. The other calls take the portal session as `Authorization: Bearer <portal_token>`.
 * Refusals are the public forms' `{ success: false, error }`.
 */

/**
 * A refused lookup: the answer shape of docs/product/client-portal.md "Lookup response", with no
 * projects, and why.
 */
export const PortalLookupFailedSchema = PublicFormErrorSchema.extend({
  projects: z.array(PortalProjectSchema).max(0).meta({ example: [] }),
  total_projects: z.literal(0),
}).meta({
  id: "PortalLookupFailed",
  example: {
    success: false,
    projects: [],
    total_projects: 0,
    error: "No projects found with that information. Please check and try again.",
  },
});

/** The lookup's first step: an unreadable body answers in the lookup's own shape. */
export const lookupBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const body = await readBody(c, "json");
  if ("success" in body) return c.json({ ...body, projects: [], total_projects: 0 }, 400);
  await next();
};

const RetryAfter = z.object({
  "Retry-After": z.string().meta({ description: "Seconds until this address may look up again", example: "540" }),
});

const portalErrors = {
  401: json(PublicFormErrorSchema, "No valid portal session: look the project up again"),
} as const;

const tags = ["Client portal"];

export const lookup = routeOf(endpoints.lookup, {
  tags,
  summary: "Look up projects by e-mail (a sign-in link is e-mailed) or by Project ID",
  middleware: [lookupBody],
  description:
    "By Project ID: that project and a portal session opened on it alone (`portal_token`, 14 days). By e-mail: always the same answer, `projects` empty and `message` saying to check the inbox; a sign-in link (30 minutes, one use) goes to the address only when a project's contact has it. Counted per visitor address (PORTAL_LOOKUP_LIMIT per RATE_LIMIT_WINDOW_MINUTES) after the input is valid.",
  bodyDescription: "What the visitor typed, and what it is",
  answer: "The project (by Project ID) or the 'check your inbox' answer (by e-mail)",
  responses: {
    400: json(PortalLookupFailedSchema, "The identifier is missing or not valid for its type: `fields` names it"),
    404: json(PortalLookupFailedSchema, "No project has that Project ID"),
    429: {
      ...json(PortalLookupFailedSchema, "Too many lookups from this address: see Retry-After"),
      headers: RetryAfter,
    },
    503: json(
      PortalLookupFailedSchema,
      "By e-mail while the site sends no e-mail (no SMTP_URL): the same answer for every address, to use the Project ID",
    ),
  },
});

export const signIn = routeOf(endpoints.signIn, {
  tags,
  summary: "Spend an e-mailed sign-in link: a portal session for the projects of its address",
  middleware: [publicBody("json")],
  description:
    "The page the link opens posts its token when the visitor presses 'Sign in to your projects', so a mail scanner that fetches the page does not spend it. A link works once, within 30 minutes.",
  bodyDescription: "The token of the link",
  answer: "Signed in: the portal session for the address's projects",
  responses: {
    400: json(PublicFormErrorSchema, "No token was sent"),
    410: json(PublicFormErrorSchema, "The link is unknown, expired or already used: ask for a new one"),
  },
});

export const listProjects = routeOf(endpoints.listProjects, {
  tags,
  summary: "The projects the portal session opens, newest first",
  answer: "The session's projects",
  responses: portalErrors,
});

export const getProject = routeOf(endpoints.getProject, {
  tags,
  summary: "One project of the portal session",
  answer: "The project",
  responses: {
    ...portalErrors,
    403: json(PublicFormErrorSchema, "The project is not among the session's projects"),
    404: json(PublicFormErrorSchema, "No such project"),
  },
});

export const logout = routeOf(endpoints.logout, {
  tags,
  summary: "End the portal session: its token stops working at once",
  answer: "Signed out (also when the token was already invalid)",
});
