import { useQuery } from "@tanstack/react-query";
import { chatSettingsEndpoints } from "~/contracts/chat-settings";
import { adminCall } from "~/lib/admin/call";
import type { ChatSettings } from "~/contracts/chat-settings";

/**
 * The chat settings' calls (docs/product/settings.md "The calls"): read merged over the defaults,
 * save the whole document.
 */
export const chatSettingsQueryKey = ["admin", "chat-settings"] as const;

export function useChatSettings() {
  return useQuery({
    queryKey: chatSettingsQueryKey,
    queryFn: ({ signal }) =>
      adminCall(chatSettingsEndpoints.get, { signal, fallbackError: "Failed to load the chat settings" }),
  });
}

/** Answers the settings as stored (trimmed). Throws ApiError with the server's message. */
export async function saveChatSettings(settings: ChatSettings): Promise<ChatSettings> {
  const answer = await adminCall(chatSettingsEndpoints.save, { body: { settings }, fallbackError: "Save failed" });
  return answer.settings;
}
