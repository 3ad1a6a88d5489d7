import { describe, expect, it } from "vitest";
import { readPublicChatSettings } from "./public-settings";
import { PublicChatSettingsResponseSchema, PublicChatSettingsSchema } from "./settings";

const example = PublicChatSettingsSchema.meta()?.example as unknown;
const good = { settings: example };

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
    [
      "an unknown position",
      { settings: { ...(example as object), appearance: { position: "top", show_on_pages: [], hide_on_pages: [] } } },
    ],
    [
      "pages that are not text",
      {
        settings: {
          ...(example as object),
          appearance: { position: "bottom-left", show_on_pages: [1], hide_on_pages: [] },
        },
      },
    ],
    [
      "a delay that is not a number",
      { settings: { ...(example as object), auto_responses: { response_delay: "800" } } },
    ],
    ["an offline message that is not text", { settings: { ...(example as object), offline_message: 3 } }],
  ])("refuses %s, as the schema does", (_, body) => {
    expect(PublicChatSettingsResponseSchema.safeParse(body).success).toBe(false);
    expect(readPublicChatSettings(body)).toBeNull();
  });
});
