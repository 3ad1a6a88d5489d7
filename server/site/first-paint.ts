import { criticalCssProcessor, loadCriticalCssPlans } from "./critical-css";

/**
 * A public page's HTML made ready for a fast first paint, the same at build (the
 * prerendered pages and page shells) and at render (pages the server renders):
 * - its critical CSS inlined, the stylesheet deferred (critical-css.ts);
 * - its JavaScript fetched and run after the first paint (hydrateAfterFirstPaint).
 * See docs/decisions/021-critical-css.md.
 */
export type FirstPaint = (html: string, nonce?: string) => string;

export function firstPaint(inlineCriticalCss: (html: string, nonce?: string) => string): FirstPaint {
  return (html, nonce) => hydrateAfterFirstPaint(inlineCriticalCss(html, nonce));
}

/** React Router's inline module script: the route modules as static imports, then the entry. */
const ROUTER_MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const ROUTE_IMPORT = /^\s*import \* as (route\d+) from ("[^"\n]+");\s*$/gm;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;

/**
 * The page's scripts are fetched and run after its first paint. React Router preloads every
 * module in the head and imports the route modules statically, so on a slow phone the browser
 * spends the connection and the processor on JavaScript before the page is first painted, and
 * Lighthouse counts every script that arrived before the paint as holding it back. Here the
 * module script first waits for a painted frame, then adds the same modulepreloads (all fetched
 * in parallel, as before), imports the same route modules and goes on as before. Without a route
 * import (no React Router script) the page is left as it is.
 */
export function hydrateAfterFirstPaint(html: string): string {
  let rewritten = false;
  const preloads: string[] = [];
  const out = html.replace(ROUTER_MODULE_SCRIPT, (whole, open: string, body: string, close: string) => {
    const imports = [...body.matchAll(ROUTE_IMPORT)];
    if (!imports.length || !body.includes("__reactRouterRouteModules")) return whole;
    rewritten = true;
    const names = imports.map((match) => match[1]).join(", ");
    const sources = imports.map((match) => `import(${match[2]})`).join(", ");
    const rest = body.replace(ROUTE_IMPORT, "");
    return `${open}${AFTER_PAINT}${PRELOAD_MARK}const [${names}] = await Promise.all([${sources}]);${rest}${close}`;
  });
  if (!rewritten) return html;
  const withoutPreloads = out.replace(MODULE_PRELOAD, (link) => {
    const href = HREF.exec(link)?.[1];
    if (href) preloads.push(href);
    return "";
  });
  return withoutPreloads.replace(PRELOAD_MARK, preloadScript(preloads));
}

/** Resolves once a frame has been painted: the timer set in a frame callback runs after that frame. */
const AFTER_PAINT = "await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));\n";
const PRELOAD_MARK = "/*modulepreloads*/";
/**
 * Each modulepreload is added in a task of its own: every request costs the main thread a little
 * (more with DevTools watching the network, as Lighthouse does), and a dozen in one task made a
 * long task right after the first paint.
 */
const preloadScript = (hrefs: string[]) =>
  hrefs.length
    ? `for (const href of ${JSON.stringify(hrefs)}) { document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href, fetchPriority: "low" })); await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0))); }\n`
    : "";

/** The first-paint treatment for a client build, or undefined when it has no critical CSS plans. */
export function loadFirstPaint(clientDir: string): FirstPaint | undefined {
  const plans = loadCriticalCssPlans(clientDir);
  return plans && firstPaint(criticalCssProcessor(plans, (message) => console.warn(`[critical-css] ${message}`)));
}
