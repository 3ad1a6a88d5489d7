import { sql } from "drizzle-orm";
import { Client } from "pg";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import {
  CHAT_SETTINGS_CHANNEL,
  DEFAULT_CHAT_SETTINGS,
  publicChatSettings,
  publicChatSettingsAnswer,
  readChatSettings,
} from "../../services/chat-settings";

/** GET /api/chat-settings from memory: compressed once, cleared when the owner saves, on every process. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(() => ctx.close());

const get = (headers: Record<string, string> = {}) => ctx.app.request("/api/chat-settings", { headers });
const put = (settings: unknown) =>
  ctx.app.request("/api/admin/chat-settings", {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...auth },
    body: JSON.stringify({ settings }),
  });

describe("cached GET /api/chat-settings", () => {
  it("answers the JSON of a fresh read, brotli and gzip decoding to the same bytes, with 304s", async () => {
    const plain = await get();
    const text = await plain.text();
    expect(text).toBe(JSON.stringify({ settings: publicChatSettings(await readChatSettings(ctx.db)) }));
    const br = await get({ "Accept-Encoding": "br, gzip" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
    const gz = await get({ "Accept-Encoding": "gzip" });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
    const etag = plain.headers.get("etag")!;
    expect((await get({ "If-None-Match": etag })).status).toBe(304);
  });

  it("keeps its answer until the owner saves, then answers the new settings and tells other processes", async () => {
    const etag = (await get()).headers.get("etag")!;
    await ctx.db.execute(
      sql`insert into chat_settings (id, settings) values (1, ${JSON.stringify({ welcome_message: "Behind the API's back" })}::jsonb)
          on conflict (id) do update set settings = excluded.settings`,
    );
    expect((await (await get()).json()).settings.welcome_message).toBe(DEFAULT_CHAT_SETTINGS.welcome_message);

    const listener = new Client({ connectionString: ctx.databaseUrl });
    await listener.connect();
    try {
      const notified = new Promise<string>((resolve) => listener.on("notification", (msg) => resolve(msg.channel)));
      await listener.query(`LISTEN "${CHAT_SETTINGS_CHANNEL}"`);
      expect((await put({ welcome_message: "Saved by the owner" })).status).toBe(200);
      expect(await notified).toBe(CHAT_SETTINGS_CHANNEL);
    } finally {
      await listener.end();
    }
    const after = await get({ "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect((await after.json()).settings.welcome_message).toBe("Saved by the owner");
    await put({ welcome_message: DEFAULT_CHAT_SETTINGS.welcome_message });
  });

  it("is built again every minute while business hours decide the offline message", async () => {
    const now = new Date("2026-11-23T15:04:30.000Z");
    expect((await publicChatSettingsAnswer(ctx.db, now)).expiresAt).toBeUndefined();
    expect((await put({ business_hours_enabled: true })).status).toBe(200);
    try {
      expect((await publicChatSettingsAnswer(ctx.db, now)).expiresAt).toBe(Date.parse("2026-11-23T15:05:00.000Z"));
    } finally {
      await put({ business_hours_enabled: false });
    }
  });
});
