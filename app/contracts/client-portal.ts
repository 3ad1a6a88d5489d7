import { z } from "~/lib/zod";
import {
  PortalLookupAnswerSchema,
  PortalLookupSchema,
  PortalProjectAnswerSchema,
  PortalProjectsAnswerSchema,
  PortalSignedOutSchema,
  PortalSignInAnswerSchema,
  PortalSignInSchema,
} from "~/lib/portal/client-portal";
import { endpoint } from "./endpoint";

/** A Project ID in the path: WBT-{year}-{6 characters}, older ones shorter. */
export const ProjectIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(40)
    .meta({ param: { name: "id", in: "path" }, example: "WBT-2026-7KQ4MZ" }),
});

/**
 * The client portal (public-site spec 2.12, 7; decision 017): the lookup and the e-mailed link's
 * sign-in open a portal session; the other calls take it as the bearer token.
 */
export const clientPortalEndpoints = {
  /** By Project ID: the project and a portal session; by e-mail: 'check your inbox' (a link is sent). */
  lookup: endpoint({
    method: "post",
    path: "/api/client-portal/lookup",
    access: "public",
    body: PortalLookupSchema,
    answer: PortalLookupAnswerSchema,
  }),
  /** Spends an e-mailed sign-in link: a portal session for its address's projects. */
  signIn: endpoint({
    method: "post",
    path: "/api/client-portal/sign-in",
    access: "public",
    body: PortalSignInSchema,
    answer: PortalSignInAnswerSchema,
  }),
  listProjects: endpoint({
    method: "get",
    path: "/api/client-portal/projects",
    access: "portal",
    answer: PortalProjectsAnswerSchema,
  }),
  getProject: endpoint({
    method: "get",
    path: "/api/client-portal/projects/{id}",
    access: "portal",
    params: ProjectIdParam,
    answer: PortalProjectAnswerSchema,
  }),
  /** Ends the portal session: its token stops working at once. */
  logout: endpoint({
    method: "post",
    path: "/api/client-portal/logout",
    access: "portal",
    answer: PortalSignedOutSchema,
  }),
};
