import { createRoute } from "@hono/zod-openapi";
import {
  ChatSettingsResponseSchema,
  PublicChatSettingsResponseSchema,
  SaveChatSettingsBodySchema,
  SavedChatSettingsSchema,
} from "~/lib/chat/settings";
import { adminErrors, errorResponses, json, jsonBody } from "../../lib/openapi";

/** The assistant's settings (public-site spec 7, back-office spec 3 "Chat settings"). */
export const getPublicChatSettings = createRoute({
  method: "get",
  path: "/api/chat-settings",
  tags: ["Chat"],
  summary: "What the public assistant widget needs (with ETag)",
  responses: {
    200: json(PublicChatSettingsResponseSchema, "The public settings"),
    304: { description: "Not modified since the ETag sent in If-None-Match" },
  },
});

export const getChatSettings = createRoute({
  method: "get",
  path: "/api/admin/chat-settings",
  tags: ["Admin: chat"],
  summary: "All chat settings, merged over the defaults",
  security: [{ bearerAuth: [] }],
  responses: {
    200: json(ChatSettingsResponseSchema, "The settings"),
    ...adminErrors,
  },
});

export const saveChatSettings = createRoute({
  method: "put",
  path: "/api/admin/chat-settings",
  tags: ["Admin: chat"],
  summary: "Save chat settings (any subset of fields; the rest keep their values)",
  security: [{ bearerAuth: [] }],
  request: jsonBody(SaveChatSettingsBodySchema),
  responses: {
    200: json(SavedChatSettingsSchema, "Saved"),
    ...adminErrors,
    ...errorResponses([415], { 415: "The body is not JSON" }),
  },
});
