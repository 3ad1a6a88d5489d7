import { useQuery } from "@tanstack/react-query";
import { adminApi } from "~/lib/admin/api-client";
import { ChatSettingsResponseSchema, SavedChatSettingsSchema, type ChatSettings } from "~/lib/chat/settings";

/** The chat settings' calls (back-office spec 7): read merged over the defaults, save the whole document. */
export const chatSettingsQueryKey = ["admin", "chat-settings"] as const;

export function useChatSettings() {
  return useQuery({
    queryKey: chatSettingsQueryKey,
    queryFn: ({ signal }) =>
      adminApi("/api/admin/chat-settings", {
        schema: ChatSettingsResponseSchema,
        signal,
        fallbackError: "Failed to load the chat settings",
      }),
  });
}

/** PUT /api/admin/chat-settings; answers the settings as stored (trimmed). Throws ApiError with the server's message. */
export async function saveChatSettings(settings: ChatSettings): Promise<ChatSettings> {
  const answer = await adminApi("/api/admin/chat-settings", {
    method: "PUT",
    body: { settings },
    schema: SavedChatSettingsSchema,
    fallbackError: "Save failed",
  });
  return answer.settings;
}
