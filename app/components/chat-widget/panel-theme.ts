import type { WidgetTheme } from "~/contracts/chat-settings";

/**
 * The open panel's look per theme (docs/product/settings.md "Chat settings": appearance.theme):
 * primary in the brand's blue, dark on slate, light with a white header. Every pair of text and
 * background keeps WCAG AA contrast. Used by the panel and the back office's preview.
 */
export interface PanelTheme {
  panel: string;
  header: string;
  subtitle: string;
  iconButton: string;
  minimized: string;
  minimizedButton: string;
  offline: string;
  log: string;
  botBubble: string;
  userBubble: string;
  link: string;
  typing: string;
  quickQuestion: string;
  footer: string;
  /** The message box: its frame, its text (with focus), and the placeholder's colour alone. */
  inputFrame: string;
  inputText: string;
  placeholder: string;
  footerText: string;
}

const iconButton = "rounded-md p-1.5 focus-visible:outline-offset-0";

export const PANEL_THEME: Record<WidgetTheme, PanelTheme> = {
  primary: {
    panel: "border-slate-200 bg-white",
    header: "bg-brand-800 text-white",
    subtitle: "text-brand-100",
    iconButton: `${iconButton} text-white/90 hover:bg-white/15 hover:text-white focus-visible:outline-white`,
    minimized: "bg-brand-800 text-white",
    minimizedButton: "hover:bg-white/10 focus-visible:outline-white",
    offline: "border-amber-200 bg-amber-50 text-amber-900",
    log: "bg-slate-50",
    botBubble: "bg-white text-slate-800",
    userBubble: "bg-brand-700 text-white",
    link: "text-brand-700 hover:text-brand-900",
    typing: "bg-white",
    quickQuestion: "border-brand-300 bg-white text-brand-800 hover:border-brand-500 hover:bg-brand-50",
    footer: "border-slate-200 bg-white",
    inputFrame: "border-slate-300 bg-white",
    inputText: "text-slate-900 placeholder:text-slate-500 focus:border-brand-500",
    placeholder: "text-slate-500",
    footerText: "text-slate-600",
  },
  dark: {
    panel: "border-slate-700 bg-slate-900",
    header: "bg-slate-950 text-white",
    subtitle: "text-slate-300",
    iconButton: `${iconButton} text-white/90 hover:bg-white/15 hover:text-white focus-visible:outline-white`,
    minimized: "bg-slate-950 text-white ring-1 ring-white/25",
    minimizedButton: "hover:bg-white/10 focus-visible:outline-white",
    offline: "border-amber-800 bg-amber-950 text-amber-100",
    log: "bg-slate-900",
    botBubble: "bg-slate-800 text-slate-100",
    userBubble: "bg-brand-600 text-white",
    link: "text-brand-300 hover:text-brand-200",
    typing: "bg-slate-800",
    quickQuestion: "border-slate-600 bg-slate-800 text-slate-100 hover:border-brand-300 hover:bg-slate-700",
    footer: "border-slate-700 bg-slate-900",
    inputFrame: "border-slate-600 bg-slate-800",
    inputText: "text-slate-100 placeholder:text-slate-400 focus:border-brand-300",
    placeholder: "text-slate-400",
    footerText: "text-slate-300",
  },
  light: {
    panel: "border-slate-200 bg-white",
    header: "border-b border-slate-200 bg-white text-slate-900",
    subtitle: "text-slate-600",
    iconButton: `${iconButton} text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-700`,
    minimized: "bg-white text-slate-900 ring-1 ring-slate-300",
    minimizedButton: "hover:bg-slate-100 focus-visible:outline-brand-700",
    offline: "border-amber-200 bg-amber-50 text-amber-900",
    log: "bg-white",
    botBubble: "bg-slate-100 text-slate-800",
    userBubble: "bg-brand-50 text-brand-900 ring-1 ring-brand-200",
    link: "text-brand-700 hover:text-brand-900",
    typing: "bg-slate-100",
    quickQuestion: "border-brand-300 bg-white text-brand-800 hover:border-brand-500 hover:bg-brand-50",
    footer: "border-slate-200 bg-white",
    inputFrame: "border-slate-300 bg-white",
    inputText: "text-slate-900 placeholder:text-slate-500 focus:border-brand-500",
    placeholder: "text-slate-500",
    footerText: "text-slate-600",
  },
};
