import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import {
  ChatSettingsResponseSchema,
  PublicChatSettingsResponseSchema,
  SavedChatSettingsSchema,
  type ChatSettings,
} from "~/contracts/chat-settings";
import { DEFAULT_CHAT_SETTINGS, readChatSettings } from "../../services/chat-settings";

/**
 * PUT /api/admin/chat-settings as the settings screen sends it: the whole document
 * (docs/product/settings.md "Chat settings entity", "Validation": delay 0-5000 ms in steps of 100).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(() => ctx.close());
// Each test starts from the defaults.
afterEach(async () => {
  await ctx.db.execute(sql`delete from chat_settings`);
});

const put = (settings: unknown, headers: Record<string, string> = auth) =>
  ctx.app.request("/api/admin/chat-settings", {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ settings }),
  });
const readAdmin = async () =>
  ChatSettingsResponseSchema.parse(await (await ctx.app.request("/api/admin/chat-settings", { headers: auth })).json())
    .settings;
const withDelay = (response_delay: unknown) => ({
  ...DEFAULT_CHAT_SETTINGS,
  auto_responses: { ...DEFAULT_CHAT_SETTINGS.auto_responses, response_delay },
});

/** Every field other than its default. */
const EVERYTHING_CHANGED: ChatSettings = {
  enabled: false,
  welcome_message: "Morning! Ask me anything about a website for your shop.",
  offline_message: "I'm out on a site visit. Leave a question and I'll answer tonight.",
  business_hours_enabled: true,
  business_hours: {
    monday: { enabled: true, start: "08:00", end: "16:30" },
    tuesday: { enabled: false, start: "08:00", end: "16:30" },
    wednesday: { enabled: true, start: "10:00", end: "18:00" },
    thursday: { enabled: true, start: "00:00", end: "23:59" },
    friday: { enabled: true, start: "08:00", end: "12:00" },
    saturday: { enabled: true, start: "09:00", end: "13:00" },
    sunday: { enabled: false, start: "11:00", end: "14:00" },
  },
  auto_responses: { enabled: false, response_delay: 2500, fallback_message: "Call me and I'll explain in person." },
  appearance: { position: "bottom-left", theme: "dark", show_on_pages: ["/", "/pricing", "/blog*"], hide_on_pages: [] },
  analytics: { track_interactions: false, track_inquiries: false },
};

describe("the response delay (0 to 5000 ms, in steps of 100)", () => {
  it.each([
    ["below 0", -1],
    ["above 5000", 5001],
    ["off the 100 ms steps", 150],
    ["a fraction", 800.5],
  ])("refuses a delay %s with a 400 naming the field, and saves nothing", async (_, delay) => {
    const res = await put(withDelay(delay));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe(
      "Invalid request: auto_responses.response_delay: The response delay must be 0 to 5000 ms, in steps of 100",
    );
    expect(body.fields).toEqual({
      "auto_responses.response_delay": "The response delay must be 0 to 5000 ms, in steps of 100",
    });
    expect((await readAdmin()).auto_responses.response_delay).toBe(800);
  });

  it("refuses a delay that is no number", async () => {
    const res = await put({ auto_responses: { response_delay: null } });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      "auto_responses.response_delay": "The response delay must be a number of milliseconds",
    });
  });

  it.each([0, 100, 4900, 5000])("accepts %i ms", async (delay) => {
    const res = await put(withDelay(delay));
    expect(res.status).toBe(200);
    expect((await res.json()).settings.auto_responses.response_delay).toBe(delay);
  });
});

describe("business hours", () => {
  it.each([
    ["after", "18:00"],
    ["at", "17:00"],
  ])("refuses a day that opens %s its closing time, naming that day", async (_, start) => {
    const hours = { ...DEFAULT_CHAT_SETTINGS.business_hours, wednesday: { enabled: true, start, end: "17:00" } };
    const res = await put({ ...DEFAULT_CHAT_SETTINGS, business_hours: hours });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields).toEqual({
      "business_hours.wednesday.end": "The closing time must be after the opening time",
    });
    expect(body.error).toContain("business_hours.wednesday.end");
    expect((await readAdmin()).business_hours.wednesday).toEqual({ enabled: true, start: "09:00", end: "17:00" });
  });

  it("checks a change of one time against the stored other", async () => {
    const res = await put({ business_hours: { friday: { end: "08:30" } } });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      "business_hours.friday.end": "The closing time must be after the opening time",
    });
  });
});

describe("a whole document", () => {
  it("round-trips every field through the admin read, and the public read shows what the widget follows", async () => {
    const res = await put(EVERYTHING_CHANGED);
    expect(res.status).toBe(200);
    const saved = SavedChatSettingsSchema.parse(await res.json());
    expect(saved).toEqual({ success: true, settings: EVERYTHING_CHANGED });
    expect(await readAdmin()).toEqual(EVERYTHING_CHANGED);

    const pub = PublicChatSettingsResponseSchema.parse(await (await ctx.app.request("/api/chat-settings")).json());
    const { enabled, welcome_message, auto_responses, appearance, analytics } = EVERYTHING_CHANGED;
    expect(pub.settings).toMatchObject({ enabled, welcome_message, auto_responses, appearance, analytics });
  });

  it("trims the messages and page patterns it stores", async () => {
    const res = await put({
      ...DEFAULT_CHAT_SETTINGS,
      welcome_message: "  Hello there!  ",
      appearance: { ...DEFAULT_CHAT_SETTINGS.appearance, hide_on_pages: ["  /chat*  ", " /admin* "] },
    });
    expect(res.status).toBe(200);
    const { settings } = await res.json();
    expect(settings.welcome_message).toBe("Hello there!");
    expect(settings.appearance.hide_on_pages).toEqual(["/chat*", "/admin*"]);
  });

  it("gives the public answer a new ETag after each save that changes it, and the old one no longer matches", async () => {
    // A save also empties the server's cache of the public answer, which the other tests filled.
    expect((await put(DEFAULT_CHAT_SETTINGS)).status).toBe(200);
    const first = await ctx.app.request("/api/chat-settings");
    const before = first.headers.get("etag")!;
    expect(before).toMatch(/^"[^"]+"$/);

    expect((await put({ appearance: { theme: "light" } })).status).toBe(200);
    const afterTheme = await ctx.app.request("/api/chat-settings", { headers: { "If-None-Match": before } });
    expect(afterTheme.status).toBe(200);
    const themeTag = afterTheme.headers.get("etag")!;
    expect(themeTag).not.toBe(before);
    expect((await afterTheme.json()).settings.appearance.theme).toBe("light");

    expect((await put({ analytics: { track_inquiries: false } })).status).toBe(200);
    const afterAnalytics = await ctx.app.request("/api/chat-settings");
    expect(afterAnalytics.headers.get("etag")).not.toBe(themeTag);
    expect((await afterAnalytics.json()).settings.analytics.track_inquiries).toBe(false);

    // Back to the defaults: the defaults' answer, byte for byte, and so its ETag.
    expect((await put(DEFAULT_CHAT_SETTINGS)).status).toBe(200);
    expect((await ctx.app.request("/api/chat-settings")).headers.get("etag")).toBe(before);
  });
});

describe("without the owner's token", () => {
  it("answers 401 to a read or a save, with or without a made-up token, and changes nothing", async () => {
    const bogus = { Authorization: "Bearer not-a-real-session-token" };
    for (const headers of [{}, bogus]) {
      const read = await ctx.app.request("/api/admin/chat-settings", { headers });
      expect(read.status).toBe(401);
      expect(typeof (await read.json()).error).toBe("string");
      const save = await put(EVERYTHING_CHANGED, headers);
      expect(save.status).toBe(401);
      expect(typeof (await save.json()).error).toBe("string");
    }
    expect(await readAdmin()).toEqual(DEFAULT_CHAT_SETTINGS);
  });
});

describe("a stored document saved under older rules", () => {
  it("keeps every valid field and takes the default only for the one that no longer passes", async () => {
    const stored = {
      ...EVERYTHING_CHANGED,
      auto_responses: { ...EVERYTHING_CHANGED.auto_responses, response_delay: 850 },
    };
    await ctx.db.execute(
      sql`insert into chat_settings (id, settings) values (1, ${JSON.stringify(stored)}::jsonb)
          on conflict (id) do update set settings = excluded.settings`,
    );
    expect(await readChatSettings(ctx.db)).toEqual({
      ...EVERYTHING_CHANGED,
      auto_responses: { ...EVERYTHING_CHANGED.auto_responses, response_delay: 800 },
    });
  });

  it("puts back a whole day whose hours cross", async () => {
    const hours = { ...EVERYTHING_CHANGED.business_hours, monday: { enabled: true, start: "18:00", end: "09:00" } };
    await ctx.db.execute(
      sql`insert into chat_settings (id, settings) values (1, ${JSON.stringify({ ...EVERYTHING_CHANGED, business_hours: hours })}::jsonb)
          on conflict (id) do update set settings = excluded.settings`,
    );
    const read = await readChatSettings(ctx.db);
    expect(read.business_hours).toEqual({ ...hours, monday: DEFAULT_CHAT_SETTINGS.business_hours.monday });
    expect(read.welcome_message).toBe(EVERYTHING_CHANGED.welcome_message);
  });
});
