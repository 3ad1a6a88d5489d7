import type { PublicChatSettings } from "~/contracts/chat-settings";

/**
 * Reads the answer of GET /api/chat-settings without zod. The launcher that asks for it is on every
 * public page, and zod would add about 24 KB (compressed) to each of them. The types checked here
 * are PublicChatSettingsSchema's (app/contracts/chat-settings.ts), field by field (its length
 * limits and the delay's range are the server's to keep); public-settings.test.ts holds the two
 * together. Anything else is null: the widget then keeps its defaults (docs/product/chat.md
 * "Reading the settings").
 */
export function readPublicChatSettings(answer: unknown): PublicChatSettings | null {
  if (!isRecord(answer) || !isRecord(answer.settings)) return null;
  const { enabled, welcome_message, auto_responses, appearance, analytics, offline_message } = answer.settings;
  if (typeof enabled !== "boolean" || typeof welcome_message !== "string") return null;
  if (!isRecord(auto_responses) || !isDelay(auto_responses.response_delay)) return null;
  if (typeof auto_responses.enabled !== "boolean" || typeof auto_responses.fallback_message !== "string") return null;
  if (!isRecord(appearance)) return null;
  const { position, theme, show_on_pages, hide_on_pages } = appearance;
  if (position !== "bottom-right" && position !== "bottom-left") return null;
  if (theme !== "primary" && theme !== "dark" && theme !== "light") return null;
  if (!isStringList(show_on_pages) || !isStringList(hide_on_pages)) return null;
  if (!isRecord(analytics)) return null;
  const { track_interactions, track_inquiries } = analytics;
  if (typeof track_interactions !== "boolean" || typeof track_inquiries !== "boolean") return null;
  if (offline_message !== undefined && typeof offline_message !== "string") return null;
  return {
    enabled,
    welcome_message,
    auto_responses: {
      enabled: auto_responses.enabled,
      response_delay: auto_responses.response_delay,
      fallback_message: auto_responses.fallback_message,
    },
    appearance: { position, theme, show_on_pages, hide_on_pages },
    analytics: { track_interactions, track_inquiries },
    ...(offline_message === undefined ? {} : { offline_message }),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");
const isDelay = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
