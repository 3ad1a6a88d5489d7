import { chatSettingsEndpoints as endpoints } from "~/contracts/chat-settings";
import { adminErrors, errorResponses } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/**
 * The assistant's settings (docs/product/chat.md "Reading the settings"; docs/product/settings.md
 * "Chat settings entity", "The calls").
 */
export const getPublicChatSettings = routeOf(endpoints.getPublic, {
  tags: ["Chat"],
  summary: "What the public assistant widget needs (with ETag)",
  answer: "The public settings",
  responses: { 304: { description: "Not modified since the ETag sent in If-None-Match" } },
});

export const getChatSettings = routeOf(endpoints.get, {
  tags: ["Admin: chat"],
  summary: "All chat settings, merged over the defaults",
  answer: "The settings",
  responses: adminErrors,
});

export const saveChatSettings = routeOf(endpoints.save, {
  tags: ["Admin: chat"],
  summary: "Save chat settings (any subset of fields; the rest keep their values)",
  answer: "Saved",
  responses: { ...adminErrors, ...errorResponses([415], { 415: "The body is not JSON" }) },
});
