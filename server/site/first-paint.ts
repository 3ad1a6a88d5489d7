import { criticalCssProcessor, loadCriticalCssPlans } from "./critical-css";

/**
 * A public page's HTML made ready for a fast first paint, the same at build (the
 * prerendered pages and page shells) and at render (pages the server renders):
 * - its critical CSS inlined, the stylesheet deferred (critical-css.ts);
 * - its JavaScript preloaded at low priority. React Router preloads every module of
 *   the page (`<link rel="modulepreload">`, high priority by default). Module scripts
 *   never hold the first paint back, yet at high priority they compete with the page's
 *   own images on a slow connection, and Lighthouse counts a high-priority script that
 *   arrived before the first paint as render-blocking (it simulated 130 KB of scripts
 *   before every first paint). Hydration waits for them either way.
 * See docs/decisions/021-critical-css.md.
 */
export type FirstPaint = (html: string, nonce?: string) => string;

export function firstPaint(inlineCriticalCss: (html: string, nonce?: string) => string): FirstPaint {
  return (html, nonce) => lowPriorityModulePreloads(inlineCriticalCss(html, nonce));
}

/** Every `<link rel="modulepreload">` without a priority of its own gets fetchpriority="low". */
export function lowPriorityModulePreloads(html: string): string {
  return html.replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, (link) =>
    /\bfetchpriority=/i.test(link) ? link : link.replace(/\s*\/?>$/, (end) => ` fetchpriority="low"${end.trim()}`),
  );
}

/** The first-paint treatment for a client build, or undefined when it has no critical CSS plans. */
export function loadFirstPaint(clientDir: string): FirstPaint | undefined {
  const plans = loadCriticalCssPlans(clientDir);
  return plans && firstPaint(criticalCssProcessor(plans, (message) => console.warn(`[critical-css] ${message}`)));
}
