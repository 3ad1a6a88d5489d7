/** The window property LAUNCHER_EARLY_TAP_SCRIPT sets when the launcher is tapped before hydration. */
const TAPPED = "__chatLauncherTapped";

/**
 * An inline script of the launcher's (run from the server's HTML, before the first paint): until
 * the page has hydrated (the root layout marks <html> `data-hydrated`), a tap on the launcher
 * (marked `data-chat-launcher`) is remembered on `window`. On a phone the page's scripts run a
 * few hundred milliseconds after its first paint; the widget opens the chat for that tap as soon
 * as it runs (takeEarlyLauncherTap), rather than dropping it.
 */
export const LAUNCHER_EARLY_TAP_SCRIPT = `document.addEventListener("click",function(e){var t=e.target;if(!document.documentElement.hasAttribute("data-hydrated")&&t&&t.closest&&t.closest("[data-chat-launcher]"))window.${TAPPED}=1},true)`;

/**
 * Runs `open` if the launcher was tapped before hydration, and forgets the tap (also one that
 * `open` itself makes while the page is still marked as hydrating).
 */
export function takeEarlyLauncherTap(open: () => void) {
  const page = window as { [TAPPED]?: number };
  if (page[TAPPED]) open();
  delete page[TAPPED];
}
