import type { PublicChatSettings } from "~/contracts/chat-settings";

/** "/blog*" matches every path starting with "/blog"; anything else must match exactly. */
const matches = (path: string, pattern: string) =>
  pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : path === pattern;

/**
 * Whether the widget shows on a path: hide_on_pages always wins; a non-empty
 * show_on_pages other than ["*"] or ["all"] limits it to those pages.
 */
export function isShownOnPath(
  path: string,
  appearance: Partial<Pick<PublicChatSettings["appearance"], "show_on_pages" | "hide_on_pages">>,
): boolean {
  const { show_on_pages: show = [], hide_on_pages: hide = [] } = appearance;
  if (hide.some((p) => matches(path, p))) return false;
  const everywhere = !show.length || show.some((p) => p === "*" || p === "all");
  return everywhere || show.some((p) => matches(path, p));
}
