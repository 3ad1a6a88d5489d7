import type { WidgetTheme } from "~/contracts/chat-settings";

/**
 * The launcher's look per theme (docs/product/settings.md "Chat settings": appearance.theme). Apart
 * from the panel's (panel-theme.ts): only these few classes are in every page's first load.
 */
export const LAUNCHER_THEME: Record<WidgetTheme, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  dark: "bg-slate-900 text-white ring-1 ring-white/25 hover:bg-slate-800",
  light: "bg-white text-brand-800 ring-1 ring-slate-300 hover:bg-brand-50",
};

/** The launcher's shape, whatever its theme. */
export const LAUNCHER_CLASS = "flex items-center gap-2 rounded-full p-4 font-semibold shadow-lg sm:px-5";
