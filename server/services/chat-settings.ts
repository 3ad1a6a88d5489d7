import { sql } from "drizzle-orm";
import type { z } from "zod";
import { site } from "~/config/site";
import {
  ChatSettingsSchema,
  WEEKDAYS,
  type ChatSettings,
  type ChatSettingsPatch,
  type PublicChatSettings,
  type PublicChatSettingsResponse,
  type Weekday,
} from "~/contracts/chat-settings";
import { isChatOffline, isWithinBusinessHours as withinHours } from "~/lib/chat/business-hours";
import type { Database } from "../db/client";
import { chatSettings } from "../db/schema";

/**
 * The assistant's settings (docs/product/settings.md "Chat settings entity"
 * and "Defaults"). Stored as one JSON document, always read merged over the
 * defaults, so a field added later has its default without a migration.
 */
export { ChatSettingsSchema, WEEKDAYS, type ChatSettings, type Weekday };

const day = (enabled: boolean, start: string, end: string) => ({ enabled, start, end });

export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  enabled: true,
  welcome_message:
    "Hi! I'm here to help answer questions about web design services or help you start a project inquiry. What can I help you with?",
  offline_message: `Thanks for stopping by! I'm away from my desk right now. Ask away or start a project inquiry, and I'll reply within ${site.replyPromise.standard}.`,
  business_hours_enabled: false,
  business_hours: {
    monday: day(true, "09:00", "17:00"),
    tuesday: day(true, "09:00", "17:00"),
    wednesday: day(true, "09:00", "17:00"),
    thursday: day(true, "09:00", "17:00"),
    friday: day(true, "09:00", "17:00"),
    saturday: day(false, "10:00", "15:00"),
    sunday: day(false, "10:00", "15:00"),
  },
  auto_responses: {
    enabled: true,
    response_delay: 800,
    fallback_message: `I'm not sure I understood that one. Call or text ${site.phone.display}, or e-mail ${site.email}, and I'll answer personally.`,
  },
  appearance: { position: "bottom-right", theme: "primary", show_on_pages: ["all"], hide_on_pages: ["/chat*"] },
  analytics: { track_interactions: true, track_inquiries: true },
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Objects merge key by key; anything else replaces. */
export function deepMerge<T>(base: T, patch: unknown): T {
  if (!isObject(base) || !isObject(patch)) return (patch === undefined ? base : patch) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || !(key in base)) continue; // unknown keys are dropped
    out[key] = deepMerge((base as Record<string, unknown>)[key], value);
  }
  return out as T;
}

/** A copy of `document` with the value at each path put back to the default's (the nearest one the defaults have). */
function revertToDefaults(document: unknown, paths: readonly (readonly PropertyKey[])[]): unknown {
  const out = structuredClone(document);
  for (const path of paths) {
    let target: unknown = out;
    let source: unknown = DEFAULT_CHAT_SETTINGS;
    for (const [index, step] of path.entries()) {
      if (!isObject(target) || !isObject(source) || !(String(step) in source)) break;
      const key = String(step);
      if (index === path.length - 1 || !isObject(source[key]) || !isObject(target[key])) {
        target[key] = structuredClone(source[key]);
        break;
      }
      target = target[key];
      source = source[key];
    }
  }
  return out;
}

/**
 * Stored settings over the defaults. A stored document that no longer validates (a rule
 * tightened since it was saved) falls back field by field: each failing field takes its
 * default, then the object holding it, and only then the whole document.
 */
export async function readChatSettings(db: Database): Promise<ChatSettings> {
  const [row] = await db.select().from(chatSettings).limit(1);
  if (!row) return DEFAULT_CHAT_SETTINGS;
  let document: unknown = deepMerge(DEFAULT_CHAT_SETTINGS, row.settings);
  for (const trim of [0, 1]) {
    const parsed = ChatSettingsSchema.safeParse(document);
    if (parsed.success) return parsed.data;
    document = revertToDefaults(
      document,
      parsed.error.issues.map((issue) => issue.path.slice(0, Math.max(1, issue.path.length - trim))),
    );
  }
  const parsed = ChatSettingsSchema.safeParse(document);
  return parsed.success ? parsed.data : DEFAULT_CHAT_SETTINGS;
}

/** Applies a (partial) settings document; answers the validation error or the saved settings. */
export async function saveChatSettings(
  db: Database,
  patch: ChatSettingsPatch,
): Promise<{ ok: true; settings: ChatSettings } | { ok: false; error: z.ZodError }> {
  const current = await readChatSettings(db);
  const parsed = ChatSettingsSchema.safeParse(deepMerge(current, patch));
  if (!parsed.success) return { ok: false, error: parsed.error };
  await db
    .insert(chatSettings)
    .values({ id: 1, settings: parsed.data })
    .onConflictDoUpdate({ target: chatSettings.id, set: { settings: parsed.data, updatedAt: sql`now()` } });
  return { ok: true, settings: parsed.data };
}

/** Inside the owner's hours, reckoned in the business's time zone (app/lib/chat/business-hours.ts). */
export function isWithinBusinessHours(settings: ChatSettings, now = new Date(), timeZone = site.timeZone): boolean {
  return withinHours(settings, now, timeZone);
}

/** What GET /api/chat-settings shows: what the widget follows, and the offline message when it applies. */
export function publicChatSettings(settings: ChatSettings, now = new Date()): PublicChatSettings {
  const { enabled, welcome_message, auto_responses, appearance, analytics } = settings;
  return {
    enabled,
    welcome_message,
    auto_responses,
    appearance,
    analytics,
    ...(isChatOffline(settings, now, site.timeZone) ? { offline_message: settings.offline_message } : {}),
  };
}

/** The response-cache key of GET /api/chat-settings (server/lib/cached-response.ts). */
export const CHAT_SETTINGS_CACHE_KEY = "chat-settings";

/** NOTIFY channel: the owner saved chat settings, cached public answers are stale. */
export const CHAT_SETTINGS_CHANNEL = "chat_settings_changed";

/** Tells every app process (LISTEN on CHAT_SETTINGS_CHANNEL) that the chat settings changed. */
export async function notifyChatSettingsChanged(db: Database) {
  await db.execute(sql`select pg_notify(${CHAT_SETTINGS_CHANNEL}, '')`);
}

/**
 * The body of GET /api/chat-settings, and until when it holds: with business
 * hours on, the offline message comes and goes with the clock, so the answer
 * is built again at the next minute.
 */
export async function publicChatSettingsAnswer(db: Database, now = new Date()) {
  const settings = await readChatSettings(db);
  const body: PublicChatSettingsResponse = { settings: publicChatSettings(settings, now) };
  return {
    body,
    expiresAt: settings.business_hours_enabled ? Math.floor(now.getTime() / 60_000 + 1) * 60_000 : undefined,
  };
}
