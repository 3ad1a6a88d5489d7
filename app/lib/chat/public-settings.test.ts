import { describe, expect, it } from "vitest";
import { readPublicChatSettings } from "./public-settings";
import { PublicChatSettingsResponseSchema, PublicChatSettingsSchema } from "~/contracts/chat-settings";

const example = PublicChatSettingsSchema.meta()?.example as unknown;
const good = { settings: example };
const { appearance, auto_responses: autoResponses } = example as {
  appearance: Record<string, unknown>;
  auto_responses: Record<string, unknown>;
};

describe("readPublicChatSettings", () => {
  it("reads what the schema accepts into the same value", () => {
    expect(PublicChatSettingsResponseSchema.parse(good).settings).toEqual(readPublicChatSettings(good));
    const offline = { settings: { ...(example as object), offline_message: "Back at 9." } };
    expect(readPublicChatSettings(offline)).toEqual(PublicChatSettingsResponseSchema.parse(offline).settings);
  });

  it.each([
    ["no body", null],
    ["no settings", {}],
    ["enabled as text", { settings: { ...(example as object), enabled: "yes" } }],
    ["an unknown position", { settings: { ...(example as object), appearance: { ...appearance, position: "top" } } }],
    ["an unknown theme", { settings: { ...(example as object), appearance: { ...appearance, theme: "neon" } } }],
    ["no theme", { settings: { ...(example as object), appearance: { ...appearance, theme: undefined } } }],
    [
      "pages that are not text",
      { settings: { ...(example as object), appearance: { ...appearance, show_on_pages: [1] } } },
    ],
    [
      "a delay that is not a number",
      { settings: { ...(example as object), auto_responses: { ...autoResponses, response_delay: "800" } } },
    ],
    [
      "auto responses switched by text",
      { settings: { ...(example as object), auto_responses: { ...autoResponses, enabled: "no" } } },
    ],
    [
      "no fallback message",
      { settings: { ...(example as object), auto_responses: { ...autoResponses, fallback_message: undefined } } },
    ],
    ["no analytics", { settings: { ...(example as object), analytics: undefined } }],
    [
      "analytics switched by text",
      { settings: { ...(example as object), analytics: { track_interactions: "yes", track_inquiries: true } } },
    ],
    ["an offline message that is not text", { settings: { ...(example as object), offline_message: 3 } }],
  ])("refuses %s, as the schema does", (_, body) => {
    expect(PublicChatSettingsResponseSchema.safeParse(body).success).toBe(false);
    expect(readPublicChatSettings(body)).toBeNull();
  });
});
