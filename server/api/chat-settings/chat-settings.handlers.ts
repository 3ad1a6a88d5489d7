import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "../../lib/app-env";
import { createResponseCache, serveCachedJson, type ResponseCache } from "../../lib/cached-response";
import { validationErrorBody } from "../../lib/http-errors";
import {
  CHAT_SETTINGS_CACHE_KEY,
  notifyChatSettingsChanged,
  publicChatSettingsAnswer,
  readChatSettings,
  saveChatSettings,
} from "../../services/chat-settings";
import * as routes from "./chat-settings.routes";

/**
 * A refused change names each field as it sits in the settings document
 * (`auto_responses.response_delay`), not under the body's `settings` key, and
 * a `settings` that is no object is "expected record": the same answers as
 * when only the merged document was checked.
 */
const asDocumentErrors = (error: z.ZodError) =>
  new z.ZodError(
    error.issues.map((issue) => {
      if (issue.path[0] !== "settings") return issue;
      if (issue.path.length > 1) return { ...issue, path: issue.path.slice(1) };
      return issue.code === "invalid_type"
        ? { ...issue, message: issue.message.replace("expected object", "expected record") }
        : issue;
    }),
  );

/** `cache` answers the public settings from memory until the owner saves new ones. */
export function registerChatSettingsRoutes(app: OpenAPIHono<AppEnv>, cache: ResponseCache = createResponseCache()) {
  app.openapi(routes.getPublicChatSettings, async (c) => {
    const { db } = c.var.deps;
    const entry = await cache.get(CHAT_SETTINGS_CACHE_KEY, () => publicChatSettingsAnswer(db));
    return serveCachedJson(c, entry!);
  });

  app.openapi(routes.getChatSettings, async (c) => c.json({ settings: await readChatSettings(c.var.deps.db) }, 200));

  app.openapi(
    routes.saveChatSettings,
    async (c) => {
      const saved = await saveChatSettings(c.var.deps.db, c.req.valid("json").settings);
      if (!saved.ok) return c.json(validationErrorBody(saved.error), 400);
      // This process forgets its cached public answer now; the others when the NOTIFY reaches them.
      cache.clear(CHAT_SETTINGS_CACHE_KEY);
      const { db, log } = c.var.deps;
      await notifyChatSettingsChanged(db).catch((error: unknown) =>
        log.warn({ err: error }, "could not tell other processes the chat settings changed"),
      );
      return c.json({ success: true as const, settings: saved.settings }, 200);
    },
    (result, c) => {
      if (!result.success) return c.json(validationErrorBody(asDocumentErrors(result.error)), 400);
    },
  );
}
