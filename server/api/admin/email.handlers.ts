import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { SendEmailSchema } from "~/lib/admin/email";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import { EmailError, emailUsage, listOutbox, retryOutboxEmail, sendAdminEmail } from "../../services/admin-email";
import { adminErrors, ErrorSchema, IdParam, json, jsonBody, Loose, notFound } from "../../lib/openapi";

const tags = ["Admin: e-mail"];
const security = [{ bearerAuth: [] }];

const routes = {
  send: createRoute({
    method: "post",
    path: "/api/admin/send-email",
    tags,
    security,
    summary:
      "Send an e-mail (priority: low may be skipped near the daily limit, normal to the primary contact, high to all)",
    request: jsonBody(SendEmailSchema),
    responses: {
      200: json(
        z.object({ success: z.literal(true), sent_to: z.array(z.string()), status: z.string() }),
        "Queued or sent",
      ),
      429: json(ErrorSchema, "Skipped: the daily limit is near for this priority"),
      ...adminErrors,
      400: json(ErrorSchema, "Invalid input, or a contact_id or project_id that does not exist (nothing was queued)"),
    },
  }),
  usage: createRoute({
    method: "get",
    path: "/api/admin/email-usage",
    tags,
    security,
    summary: "E-mails sent today against the daily limit",
    responses: {
      200: json(
        z.object({
          emails_sent: z.number(),
          daily_limit: z.number(),
          remaining: z.number(),
          percentage_used: z.number(),
        }),
        "Usage",
      ),
      ...adminErrors,
    },
  }),
  outbox: createRoute({
    method: "get",
    path: "/api/admin/emails",
    tags,
    security,
    summary: "The outbox: every e-mail the site wrote, newest first",
    request: {
      query: z.object({
        status: z.enum(["pending", "sent", "failed", "held"]).optional(),
        limit: z.coerce.number().int().min(1).max(200).optional().default(50),
        offset: z.coerce.number().int().min(0).optional().default(0),
      }),
    },
    responses: { 200: json(z.object({ emails: z.array(Loose), total: z.number() }), "The outbox"), ...adminErrors },
  }),
  retry: createRoute({
    method: "post",
    path: "/api/admin/emails/{id}/retry",
    tags,
    security,
    summary: "Send a held or failed e-mail now",
    request: { params: IdParam },
    responses: { 200: json(z.object({ email: Loose }), "The e-mail after the attempt"), ...adminErrors, ...notFound },
  }),
};

export function registerEmailRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.send, async (c) => {
    const { db, mailer, env } = c.var.deps;
    try {
      const result = await sendAdminEmail(
        { db, mailer, dailyLimit: env.EMAIL_DAILY_LIMIT },
        c.req.valid("json"),
        c.var.admin.email,
      );
      return c.json({ success: true as const, ...result }, 200);
    } catch (error) {
      if (error instanceof EmailError && error.status === 429) return jsonError(c, 429, error.message);
      // An unknown contact or project: refused before anything was queued.
      if (error instanceof EmailError) return jsonError(c, 400, error.message);
      throw error;
    }
  });

  app.openapi(routes.usage, async (c) =>
    c.json(await emailUsage(c.var.deps.db, c.var.deps.env.EMAIL_DAILY_LIMIT), 200),
  );

  app.openapi(routes.outbox, async (c) => c.json(await listOutbox(c.var.deps.db, c.req.valid("query")), 200));

  app.openapi(routes.retry, async (c) => {
    try {
      return c.json({ email: await retryOutboxEmail(c.var.deps.db, c.var.deps.mailer, c.req.valid("param").id) }, 200);
    } catch (error) {
      if (error instanceof EmailError) return jsonError(c, error.status === 429 ? 400 : error.status, error.message);
      throw error;
    }
  });
}
