import { z } from "~/contracts/zod";
import { LIMITS } from "~/contracts/form-options";
import { LOOKUP_TYPES, PROJECT_ID_MAX } from "~/contracts/portal-terms";
import {
  MILESTONE_STATUSES,
  PROJECT_CONTACT_ROLES,
  PROJECT_STATUSES,
  type MilestoneStatus,
  type ProjectContactRole,
  type ProjectStatus,
} from "~/contracts/project-terms";
import { endpoint } from "./endpoint";

/**
 * The client portal's payloads (docs/product/client-portal.md "Client-portal project",
 * "Lookup response", "The calls"; decision 017), shared through the endpoint table
 * (app/contracts/client-portal.ts) by the server's routes and the portal's pages
 * (app/lib/portal/portal-api.ts: every answer is checked with them).
 */

/**
 * docs/product/client-portal.md "Statuses shown": the statuses, milestone statuses and contact
 * roles the portal shows (app/contracts/project-terms.ts).
 */
export const PORTAL_PROJECT_STATUSES = PROJECT_STATUSES;

export type PortalProjectStatus = ProjectStatus;

export const PORTAL_MILESTONE_STATUSES = MILESTONE_STATUSES;

export type PortalMilestoneStatus = MilestoneStatus;

export const PORTAL_CONTACT_ROLES = PROJECT_CONTACT_ROLES;

export type PortalContactRole = ProjectContactRole;

/** POST /api/client-portal/lookup: the identifier is required and trimmed (docs/product/client-portal.md "Lookup"). */
export const PortalLookupSchema = z
  .object({
    type: z.enum(LOOKUP_TYPES, { error: "Choose e-mail or Project ID" }).meta({ example: "project-id" }),
    identifier: z
      .string({ error: "Enter your e-mail address or Project ID" })
      .trim()
      .min(1, { error: "Enter your e-mail address or Project ID" })
      .max(LIMITS.email, { error: `At most ${LIMITS.email} characters` })
      .meta({ example: "WBT-2026-7KQ4MZ" }),
  })
  .superRefine((input, ctx) => {
    if (input.type === "email" && !z.email().safeParse(input.identifier).success)
      ctx.addIssue({
        code: "custom",
        path: ["identifier"],
        message: "Enter a valid email address, like name@example.com",
      });
    if (input.type === "project-id" && input.identifier.length > PROJECT_ID_MAX)
      ctx.addIssue({
        code: "custom",
        path: ["identifier"],
        message: "A Project ID looks like WBT-2026-7KQ4MZ",
      });
  })
  .meta({ id: "PortalLookup", example: { type: "project-id", identifier: "WBT-2026-7KQ4MZ" } });

export type PortalLookupInput = z.input<typeof PortalLookupSchema>;

const isoDateTime = (example: string) => z.string().meta({ format: "date-time", example });

const isoDate = (example: string | null) => z.string().nullable().meta({ format: "date", example });

const contactExample = { name: "Maria Santos", email: "maria@example.com", role: "client", is_primary: true };

const milestoneExample = {
  id: 12,
  title: "Design approved",
  description: "Home page and menu page mock-ups.",
  status: "completed",
  due_date: "2026-12-01",
  completed_date: "2026-11-28",
};

const updateExample = {
  id: 7,
  title: "First draft is up",
  content: "Have a look at the home page and tell me what you think.",
  created_at: "2026-11-20T15:04:00.000Z",
};

export const PortalContactSchema = z
  .object({
    name: z.string().meta({ example: "Maria Santos" }),
    email: z.string().nullable().meta({ example: "maria@example.com" }),
    role: z.enum(PORTAL_CONTACT_ROLES).meta({ example: "client" }),
    is_primary: z.boolean().meta({ example: true }),
  })
  .meta({ id: "PortalContact", example: contactExample });

export type PortalContact = z.infer<typeof PortalContactSchema>;

export const PortalMilestoneSchema = z
  .object({
    id: z.int().meta({ example: 12 }),
    title: z.string().meta({ example: "Design approved" }),
    description: z.string().nullable().meta({ example: "Home page and menu page mock-ups." }),
    status: z.enum(PORTAL_MILESTONE_STATUSES).meta({ example: "completed" }),
    due_date: isoDate("2026-12-01"),
    completed_date: isoDate("2026-11-28"),
  })
  .meta({ id: "PortalMilestone", example: milestoneExample });

export type PortalMilestone = z.infer<typeof PortalMilestoneSchema>;

export const PortalUpdateSchema = z
  .object({
    id: z.int().meta({ example: 7 }),
    title: z.string().meta({ example: "First draft is up" }),
    content: z.string().meta({ example: "Have a look at the home page and tell me what you think." }),
    created_at: isoDateTime("2026-11-20T15:04:00.000Z"),
  })
  .meta({ id: "PortalUpdate", example: updateExample });

export type PortalUpdate = z.infer<typeof PortalUpdateSchema>;

const projectExample = {
  id: "WBT-2026-7KQ4MZ",
  name: "Maria Santos Website Project",
  status: "design",
  created_at: "2026-11-02T14:30:00.000Z",
  project_type: "small_business",
  budget_range: "500-plus",
  target_completion: "2026-12-15",
  description: "A site for my bakery with our menu, hours and a way to pre-order holiday trays.",
  legacy_data: { timeline: "asap", readiness: "ready" },
  contact_role: "client",
  contact_name: "Maria Santos",
  contact_email: "maria@example.com",
  is_primary: true,
  all_contacts: [contactExample],
  milestones: [milestoneExample],
  updates: [updateExample],
  client_notes: "Photos of the trays are due by December 1.",
};

/**
 * docs/product/client-portal.md "Client-portal project". contact_role, contact_name, contact_email
 * and is_primary describe the viewer: the contact with the signed-in address, or (opened by Project
 * ID) the project's primary contact. Milestones come in the owner's order, updates newest first.
 */
export const PortalProjectSchema = z
  .object({
    id: z.string().meta({ example: "WBT-2026-7KQ4MZ" }),
    name: z.string().meta({ example: "Maria Santos Website Project" }),
    status: z.enum(PORTAL_PROJECT_STATUSES).meta({ example: "design" }),
    created_at: isoDateTime("2026-11-02T14:30:00.000Z"),
    project_type: z.string().nullable().meta({ example: "small_business" }),
    budget_range: z.string().nullable().meta({ example: "500-plus" }),
    target_completion: isoDate("2026-12-15"),
    description: z.string().nullable().meta({ example: projectExample.description }),
    legacy_data: z
      .object({
        timeline: z.string().nullable().meta({ example: "asap" }),
        readiness: z.string().nullable().meta({ example: "ready" }),
      })
      .meta({ description: "The start-project form's answers that have no field of their own" }),
    contact_role: z.enum(PORTAL_CONTACT_ROLES).nullable().meta({ example: "client" }),
    contact_name: z.string().nullable().meta({ example: "Maria Santos" }),
    contact_email: z.string().nullable().meta({ example: "maria@example.com" }),
    is_primary: z.boolean().meta({ example: true }),
    all_contacts: z.array(PortalContactSchema),
    milestones: z.array(PortalMilestoneSchema),
    updates: z.array(PortalUpdateSchema),
    client_notes: z.string().nullable().meta({ example: projectExample.client_notes }),
  })
  .meta({ id: "PortalProject", example: projectExample });

export type PortalProject = z.infer<typeof PortalProjectSchema>;

const tokenExample = "q8Zk3VtN0xR7yB2mC5dF9gH1jK4lP6sT8wA0eU3iO7c";

const portalToken = z.string().meta({
  description: "The portal session: send it as 'Authorization: Bearer <token>' to the portal's other calls",
  example: tokenExample,
});

const expiresAt = z
  .string()
  .meta({ format: "date-time", description: "When the portal session ends", example: "2026-12-07T14:30:00.000Z" });

/** The lookup by Project ID: that project, and a portal session opened on it alone. */
export const LookupFoundSchema = z
  .object({
    success: z.literal(true),
    projects: z.array(PortalProjectSchema),
    total_projects: z.int().meta({ example: 1 }),
    portal_token: portalToken,
    expires_at: expiresAt,
  })
  .meta({
    id: "PortalLookupFound",
    example: {
      success: true,
      projects: [projectExample],
      total_projects: 1,
      portal_token: tokenExample,
      expires_at: "2026-12-07T14:30:00.000Z",
    },
  });

/**
 * The lookup by e-mail: the same answer for every address (decision 017). A sign-in link goes
 * to the address only when a project's contact has it.
 */
export const LookupLinkSentSchema = z
  .object({
    success: z.literal(true),
    projects: z.array(PortalProjectSchema).max(0).meta({ example: [] }),
    total_projects: z.literal(0),
    message: z.string().meta({ example: "Check your inbox" }),
  })
  .meta({
    id: "PortalLookupLinkSent",
    example: {
      success: true,
      projects: [],
      total_projects: 0,
      message:
        "If that address belongs to a project, a sign-in link is on its way to it. Check your inbox (and spam folder): the link works once, for 30 minutes.",
    },
  });

/** docs/product/client-portal.md "Lookup response": success, projects, total_projects (and `error` on a refusal). */
export const PortalLookupAnswerSchema = z.union([LookupFoundSchema, LookupLinkSentSchema]);

export type PortalLookupAnswer = z.infer<typeof PortalLookupAnswerSchema>;

/** POST /api/client-portal/sign-in: the token of the e-mailed link. */
export const PortalSignInSchema = z
  .object({
    token: z
      .string({ error: "The sign-in link is incomplete" })
      .trim()
      .min(1, { error: "The sign-in link is incomplete" })
      .max(200, { error: "The sign-in link is not valid" })
      .meta({ example: "Jx0d8Wm2QeR5tY7uI9oP1aS3dF6gH8jK0lZ2xC4vB6n" }),
  })
  .meta({ id: "PortalSignIn", example: { token: "Jx0d8Wm2QeR5tY7uI9oP1aS3dF6gH8jK0lZ2xC4vB6n" } });

export const PortalSignInAnswerSchema = z
  .object({ success: z.literal(true), portal_token: portalToken, expires_at: expiresAt })
  .meta({
    id: "PortalSignInAnswer",
    example: { success: true, portal_token: tokenExample, expires_at: "2026-12-07T14:30:00.000Z" },
  });

export type PortalSignInAnswer = z.infer<typeof PortalSignInAnswerSchema>;

/** GET /api/client-portal/projects: every project the portal session opens, newest first. */
export const PortalProjectsAnswerSchema = z
  .object({
    success: z.literal(true),
    projects: z.array(PortalProjectSchema),
    total_projects: z.int().meta({ example: 1 }),
  })
  .meta({ id: "PortalProjects", example: { success: true, projects: [projectExample], total_projects: 1 } });

export type PortalProjectsAnswer = z.infer<typeof PortalProjectsAnswerSchema>;

/** GET /api/client-portal/projects/{id} */
export const PortalProjectAnswerSchema = z
  .object({ success: z.literal(true), project: PortalProjectSchema })
  .meta({ id: "PortalProjectAnswer", example: { success: true, project: projectExample } });

/** POST /api/client-portal/logout */
export const PortalSignedOutSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: "PortalSignedOut", example: { success: true } });

/** A Project ID in the path: WBT-{year}-{6 characters}, older ones shorter. */
export const ProjectIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(40)
    .meta({ param: { name: "id", in: "path" }, example: "WBT-2026-7KQ4MZ" }),
});

/**
 * The client portal (docs/product/client-portal.md "Lookup", "Sign-in links", "The calls"; decision
 * 017): the lookup and the e-mailed link's sign-in open a portal session; the other calls take it
 * as the bearer token.
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
  /**
   * Ends the portal session: the token it carries stops working at once. Open to anyone: it answers
   * success for a token already ended, or none, so a sign-out never fails.
   */
  logout: endpoint({
    method: "post",
    path: "/api/client-portal/logout",
    access: "public",
    answer: PortalSignedOutSchema,
  }),
};
