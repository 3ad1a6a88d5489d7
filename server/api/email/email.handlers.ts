import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import { EmailError, emailUsage, listOutbox, retryOutboxEmail, sendAdminEmail } from "../../services/admin-email";
import { emailUsageRoute, outboxRoute, retryEmailRoute, sendEmailRoute } from "./email.routes";

export function registerEmailRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(sendEmailRoute, async (c) => {
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

  app.openapi(emailUsageRoute, async (c) =>
    c.json(
      {
        ...(await emailUsage(c.var.deps.db, c.var.deps.env.EMAIL_DAILY_LIMIT)),
        smtp_configured: c.var.deps.mailer.smtpConfigured,
      },
      200,
    ),
  );

  app.openapi(outboxRoute, async (c) => c.json(await listOutbox(c.var.deps.db, c.req.valid("query")), 200));

  app.openapi(retryEmailRoute, async (c) => {
    try {
      return c.json({ email: await retryOutboxEmail(c.var.deps.db, c.var.deps.mailer, c.req.valid("param").id) }, 200);
    } catch (error) {
      if (error instanceof EmailError) return jsonError(c, error.status === 429 ? 400 : error.status, error.message);
      throw error;
    }
  });
}
