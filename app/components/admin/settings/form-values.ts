import type { ChatSettings } from "~/contracts/chat-settings";

/**
 * The chat settings as the form holds them (docs/product/settings.md "Chat settings entity"): the
 * document itself, except what is typed as text: the response delay (a number input may hold ""
 * while being typed) and the page lists (one pattern a line). Pure: tested alone.
 */
export type SettingsFormValues = Omit<ChatSettings, "auto_responses" | "appearance"> & {
  auto_responses: Omit<ChatSettings["auto_responses"], "response_delay"> & { response_delay: string };
  appearance: Omit<ChatSettings["appearance"], "show_on_pages" | "hide_on_pages"> & {
    show_on_pages: string;
    hide_on_pages: string;
  };
};

/** One pattern a line; blank lines and surrounding spaces go. */
export const parsePageList = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

export function toFormValues(settings: ChatSettings): SettingsFormValues {
  const { auto_responses, appearance } = settings;
  return {
    ...settings,
    auto_responses: { ...auto_responses, response_delay: String(auto_responses.response_delay) },
    appearance: {
      ...appearance,
      show_on_pages: appearance.show_on_pages.join("\n"),
      hide_on_pages: appearance.hide_on_pages.join("\n"),
    },
  };
}

/**
 * The document to save. A delay that is no number stays NaN, which goes out as null: the
 * server refuses it by name (the input does not let it through in the first place).
 */
export function toSettings(values: SettingsFormValues): ChatSettings {
  const { auto_responses, appearance } = values;
  const delay = auto_responses.response_delay.trim();
  return {
    ...values,
    auto_responses: { ...auto_responses, response_delay: delay === "" ? Number.NaN : Number(delay) },
    appearance: {
      ...appearance,
      show_on_pages: parsePageList(appearance.show_on_pages),
      hide_on_pages: parsePageList(appearance.hide_on_pages),
    },
  };
}

/** Whether the form differs from the saved settings in anything that would be saved. */
export const differsFrom = (values: SettingsFormValues, saved: ChatSettings) =>
  JSON.stringify(toSettings(values)) !== JSON.stringify(saved);
