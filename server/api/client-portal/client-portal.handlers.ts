import type { OpenAPIHono } from "@hono/zod-openapi";
import { PORTAL_MESSAGES } from "~/contracts/portal-terms";
import type { AppEnv } from "../../lib/app-env";
import { bearerToken } from "../../lib/bearer-token";
import { normalizeProjectId, readPortalProjects, requestSignInLink } from "../../services/client-portal";
import {
  accessibleProjectIds,
  canAccessProject,
  createPortalSession,
  endPortalSession,
  redeemSignInLink,
} from "../../services/portal-access";
import { checkRateLimit, validationError } from "../../lib/public-write";
import * as routes from "./client-portal.routes";
import { PORTAL_NOT_YOURS, PORTAL_SIGN_IN_REQUIRED, portalAccessOfRequest } from "../../lib/portal-auth";

const noProjects = { projects: [], total_projects: 0 as const };

export function registerClientPortalRoutes(app: OpenAPIHono<AppEnv>) {
  // docs/product/client-portal.md "The calls": POST /api/client-portal/lookup { type, identifier }
  // -> { success, projects, total_projects, error }
  app.openapi(
    routes.lookup,
    async (c) => {
      const input = c.req.valid("json");
      const { db, env, mailer } = c.var.deps;
      const limited = await checkRateLimit(c, "portal-lookup", env.PORTAL_LOOKUP_LIMIT);
      if (limited) return c.json({ ...limited, ...noProjects }, 429);

      if (input.type === "email") {
        // No mail server: no link could arrive, so nobody is told to wait for one.
        if (!mailer.smtpConfigured)
          return c.json({ success: false as const, error: PORTAL_MESSAGES.emailUnavailable, ...noProjects }, 503);
        await requestSignInLink(
          { db, mailer },
          { email: input.identifier, siteUrl: env.SITE_URL, windowMs: env.RATE_LIMIT_WINDOW_MINUTES * 60_000 },
        );
        return c.json({ success: true as const, ...noProjects, message: PORTAL_MESSAGES.linkSent }, 200);
      }

      const projectId = normalizeProjectId(input.identifier);
      const ids = await accessibleProjectIds(db, { email: null, projectId });
      if (ids.length === 0)
        return c.json({ success: false as const, error: PORTAL_MESSAGES.notFound, ...noProjects }, 404);
      const [session, projects] = await Promise.all([
        createPortalSession(db, { email: null, projectId }),
        readPortalProjects(db, ids, null),
      ]);
      return c.json(
        {
          success: true as const,
          projects,
          total_projects: projects.length,
          portal_token: session.token,
          expires_at: session.expiresAt.toISOString(),
        },
        200,
      );
    },
    (result, c) => {
      if (!result.success) return c.json({ ...validationError(result.error), ...noProjects }, 400);
    },
  );

  // The e-mailed link's page posts its token here (decision 017): spent once, within 30 minutes.
  app.openapi(
    routes.signIn,
    async (c) => {
      const { token } = c.req.valid("json");
      const session = await redeemSignInLink(c.var.deps.db, token);
      if (!session) return c.json({ success: false as const, error: PORTAL_MESSAGES.linkExpired }, 410);
      return c.json(
        { success: true as const, portal_token: session.token, expires_at: session.expiresAt.toISOString() },
        200,
      );
    },
    (result, c) => {
      if (!result.success) return c.json(validationError(result.error), 400);
    },
  );

  app.openapi(routes.listProjects, async (c) => {
    const access = await portalAccessOfRequest(c);
    if (!access) return signInRequired(c);
    const { db } = c.var.deps;
    const projects = await readPortalProjects(db, await accessibleProjectIds(db, access), access.email);
    return c.json({ success: true as const, projects, total_projects: projects.length }, 200);
  });

  app.openapi(routes.getProject, async (c) => {
    const access = await portalAccessOfRequest(c);
    if (!access) return signInRequired(c);
    const { db } = c.var.deps;
    const id = normalizeProjectId(c.req.valid("param").id);
    if (!(await canAccessProject(db, access, id)))
      return c.json({ success: false as const, error: PORTAL_NOT_YOURS }, 403);
    const [project] = await readPortalProjects(db, [id], access.email);
    if (!project) return c.json({ success: false as const, error: PORTAL_MESSAGES.notFound }, 404);
    return c.json({ success: true as const, project }, 200);
  });

  app.openapi(routes.logout, async (c) => {
    const token = bearerToken(c.req.header("authorization"));
    if (token) await endPortalSession(c.var.deps.db, token);
    return c.json({ success: true as const }, 200);
  });
}

function signInRequired(c: Parameters<typeof portalAccessOfRequest>[0]) {
  c.header("WWW-Authenticate", 'Bearer realm="client-portal"');
  return c.json({ success: false as const, error: PORTAL_SIGN_IN_REQUIRED }, 401);
}
