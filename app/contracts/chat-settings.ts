import {
  ChatSettingsResponseSchema,
  PublicChatSettingsResponseSchema,
  SaveChatSettingsBodySchema,
  SavedChatSettingsSchema,
} from "~/lib/chat/settings";
import { endpoint } from "./endpoint";
import { CHAT_SETTINGS_PATH } from "./public-paths";

/** The assistant's settings: what the public widget follows, and the owner's whole set. */
export const chatSettingsEndpoints = {
  /** With an ETag: the widget's repeat visits get 304. */
  getPublic: endpoint({
    method: "get",
    path: CHAT_SETTINGS_PATH,
    access: "public",
    answer: PublicChatSettingsResponseSchema,
  }),
  get: endpoint({
    method: "get",
    path: "/api/admin/chat-settings",
    access: "admin",
    answer: ChatSettingsResponseSchema,
  }),
  /** Any subset of the fields; the rest keep their values. */
  save: endpoint({
    method: "put",
    path: "/api/admin/chat-settings",
    access: "admin",
    body: SaveChatSettingsBodySchema,
    answer: SavedChatSettingsSchema,
  }),
};
