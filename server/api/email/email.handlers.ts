import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import {
  discardOutboxEmail,
  EmailError,
  emailUsage,
  listOutbox,
  outboxSummary,
  retryOutboxEmail,
  sendAdminEmail,
  sendAllHeld,
} from "../../services/admin-email";
import { sendTestEmail } from "../../services/test-email";
import {
  discardEmailRoute,
  emailUsageRoute,
  outboxRoute,
  outboxSummaryRoute,
  retryEmailRoute,
  sendEmailRoute,
  sendHeldRoute,
  testEmailRoute,
} from "./email.routes";
import { jsonAnswer } from "../../lib/json-answer";

const NO_SMTP_FOR_TEST =
  "No mail server is configured: set SMTP_URL (see the README's e-mail set-up) and restart the site, then send the test.";

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

  app.openapi(outboxRoute, async (c) => jsonAnswer(c, await listOutbox(c.var.deps.db, c.req.valid("query")), 200));

  app.openapi(retryEmailRoute, async (c) => {
    try {
      return c.json({ email: await retryOutboxEmail(c.var.deps.db, c.var.deps.mailer, c.req.valid("param").id) }, 200);
    } catch (error) {
      if (error instanceof EmailError) return jsonError(c, error.status === 429 ? 400 : error.status, error.message);
      throw error;
    }
  });

  app.openapi(discardEmailRoute, async (c) => {
    try {
      return c.json({ email: await discardOutboxEmail(c.var.deps.db, c.req.valid("param").id) }, 200);
    } catch (error) {
      if (error instanceof EmailError) return jsonError(c, error.status === 429 ? 400 : error.status, error.message);
      throw error;
    }
  });

  app.openapi(sendHeldRoute, async (c) => {
    try {
      return c.json({ success: true as const, ...(await sendAllHeld(c.var.deps.db, c.var.deps.mailer)) }, 200);
    } catch (error) {
      if (error instanceof EmailError) return jsonError(c, 400, error.message);
      throw error;
    }
  });

  app.openapi(outboxSummaryRoute, async (c) =>
    c.json({ smtp_configured: c.var.deps.mailer.smtpConfigured, ...(await outboxSummary(c.var.deps.db)) }, 200),
  );

  app.openapi(testEmailRoute, async (c) => {
    const { env } = c.var.deps;
    if (!env.SMTP_URL) return jsonError(c, 400, NO_SMTP_FOR_TEST);
    const result = await sendTestEmail(env.SMTP_URL, env.MAIL_FROM, c.req.valid("json").to);
    if (!result.ok) return jsonError(c, 502, result.error);
    return c.json({ success: true as const, response: result.response }, 200);
  });
}
