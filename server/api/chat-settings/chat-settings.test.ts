import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import {
  ChatSettingsResponseSchema,
  PublicChatSettingsResponseSchema,
  SavedChatSettingsSchema,
} from "~/contracts/chat-settings";
import { DEFAULT_CHAT_SETTINGS, isWithinBusinessHours, publicChatSettings } from "../../services/chat-settings";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(() => ctx.close());

const put = (settings: unknown, headers = auth) =>
  ctx.app.request("/api/admin/chat-settings", {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ settings }),
  });

describe("GET /api/chat-settings", () => {
  it("answers only what the widget needs, with the defaults of docs/product/settings.md", async () => {
    const res = await ctx.app.request("/api/chat-settings");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(PublicChatSettingsResponseSchema.parse(body)).toEqual(body);
    const { settings } = body;
    expect(settings).toEqual({
      enabled: true,
      welcome_message:
        "Hi! I'm here to help answer questions about web design services or help you start a project inquiry. What can I help you with?",
      auto_responses: {
        enabled: true,
        response_delay: 800,
        fallback_message: DEFAULT_CHAT_SETTINGS.auto_responses.fallback_message,
      },
      appearance: { position: "bottom-right", theme: "primary", show_on_pages: ["all"], hide_on_pages: ["/chat*"] },
      analytics: { track_interactions: true, track_inquiries: true },
    });
  });

  it("sends an ETag and answers 304 when it still matches", async () => {
    const first = await ctx.app.request("/api/chat-settings");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await ctx.app.request("/api/chat-settings", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });
});

describe("/api/admin/chat-settings", () => {
  it("needs a token to read or write", async () => {
    expect((await ctx.app.request("/api/admin/chat-settings")).status).toBe(401);
    expect((await put({ enabled: false }, {})).status).toBe(401);
  });

  it("reads every field merged over the defaults", async () => {
    const res = await ctx.app.request("/api/admin/chat-settings", { headers: auth });
    const body = await res.json();
    expect(ChatSettingsResponseSchema.parse(body)).toEqual(body);
    const { settings } = body;
    expect(Object.keys(settings).sort()).toEqual(
      [
        "analytics",
        "appearance",
        "auto_responses",
        "business_hours",
        "business_hours_enabled",
        "enabled",
        "offline_message",
        "welcome_message",
      ].sort(),
    );
    expect(settings.business_hours.monday).toEqual({ enabled: true, start: "09:00", end: "17:00" });
    expect(settings.business_hours.saturday).toEqual({ enabled: false, start: "10:00", end: "15:00" });
    expect(settings.analytics).toEqual({ track_interactions: true, track_inquiries: true });
  });

  it("saves a partial change, keeps the rest, and the public answer (and its ETag) follows", async () => {
    const before = (await ctx.app.request("/api/chat-settings")).headers.get("etag");
    const res = await put({ welcome_message: "Hello from Providence!", auto_responses: { response_delay: 1200 } });
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(SavedChatSettingsSchema.parse(saved)).toEqual(saved);
    const { settings } = saved;
    expect(settings.welcome_message).toBe("Hello from Providence!");
    expect(settings.auto_responses).toMatchObject({ enabled: true, response_delay: 1200 });
    const pub = await ctx.app.request("/api/chat-settings");
    expect(pub.headers.get("etag")).not.toBe(before);
    expect((await pub.json()).settings).toMatchObject({
      welcome_message: "Hello from Providence!",
      auto_responses: { response_delay: 1200 },
    });
    await put({ welcome_message: DEFAULT_CHAT_SETTINGS.welcome_message, auto_responses: { response_delay: 800 } });
  });

  it("refuses a delay outside 0-5000 ms and bad hours, saving nothing", async () => {
    for (const bad of [
      { auto_responses: { response_delay: 5001 } },
      { auto_responses: { response_delay: -1 } },
      { auto_responses: { response_delay: "fast" } },
      { business_hours: { monday: { start: "25:00" } } },
      { welcome_message: "   " },
      { appearance: { position: "top-left" } },
    ]) {
      const res = await put(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await res.json()).error).toMatch(/^Invalid request: /);
    }
    const { settings } = await (await ctx.app.request("/api/admin/chat-settings", { headers: auth })).json();
    expect(settings.auto_responses.response_delay).toBe(800);
  });
});

describe("PUT /api/admin/chat-settings refusals", () => {
  it("names each field as it sits in the settings, and a missing settings object", async () => {
    const res = await put({ auto_responses: { response_delay: 5001 }, welcome_message: " " });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error:
        "Invalid request: welcome_message: The welcome message cannot be empty; auto_responses.response_delay: The response delay must be 0 to 5000 ms, in steps of 100",
      fields: {
        welcome_message: "The welcome message cannot be empty",
        "auto_responses.response_delay": "The response delay must be 0 to 5000 ms, in steps of 100",
      },
    });
    const missing = await ctx.app.request("/api/admin/chat-settings", {
      method: "PUT",
      headers: { "Content-Type": "application/json", ...auth },
      body: JSON.stringify({ enabled: false }),
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe(
      "Invalid request: settings: Invalid input: expected record, received undefined",
    );
  });
});

describe("business hours", () => {
  const withHours = { ...DEFAULT_CHAT_SETTINGS, business_hours_enabled: true };
  // 2026-11-23 is a Monday; Providence is UTC-5 in November.
  const mondayAt = (utcHour: number) => new Date(Date.UTC(2026, 10, 23, utcHour, 30));

  it("reckons hours in the business's time zone", () => {
    expect(isWithinBusinessHours(withHours, mondayAt(14))).toBe(true); // 9:30 in Providence
    expect(isWithinBusinessHours(withHours, mondayAt(13))).toBe(false); // 8:30
    expect(isWithinBusinessHours(withHours, mondayAt(22))).toBe(false); // 17:30
    expect(isWithinBusinessHours(withHours, new Date(Date.UTC(2026, 10, 21, 16)))).toBe(false); // Saturday, disabled
  });

  it("adds the offline message only when hours are on and it is outside them", () => {
    expect(publicChatSettings(withHours, mondayAt(22)).offline_message).toBe(DEFAULT_CHAT_SETTINGS.offline_message);
    expect(publicChatSettings(withHours, mondayAt(14)).offline_message).toBeUndefined();
    expect(publicChatSettings(DEFAULT_CHAT_SETTINGS, mondayAt(22)).offline_message).toBeUndefined();
  });
});
