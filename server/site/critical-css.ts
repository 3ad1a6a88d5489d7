import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createProcessor, type CompactPlan } from "beasties/runtime";

/**
 * Critical CSS for every public page (docs/decisions/021-critical-css.md). The
 * build compiles the stylesheet once into a match plan (beasties' compiler,
 * scripts/critical-css-plans.ts) written beside the client build; this module applies it
 * to a page's HTML: the rules its markup can use go into a <style> in the head,
 * and the stylesheet's <link> gets media="print" (fetched without blocking the
 * first paint) until one small script at the end of the body restores its media
 * (beasties' "media-script" loading, with a <noscript> fallback). No inline event
 * handler is added: the script and the style are allowed by hash (prerendered
 * and cached pages) or nonce (a fresh render), so the CSP keeps 'unsafe-inline'
 * out. The same function serves the build (prerendered pages and shells) and the
 * server (pages rendered per request or kept in memory), through first-paint.ts; it
 * takes 1-3 ms a page and remembers the CSS of pages that use the same classes.
 */
export const CRITICAL_CSS_PLAN_FILE = "critical-css.json";

/** Where the build writes the plans: beside the client build, outside what is served. */
export const criticalCssPlanPath = (clientDir: string) => path.join(path.dirname(clientDir), CRITICAL_CSS_PLAN_FILE);

/** A page's HTML with its critical CSS inlined; `nonce` goes on the inserted <style> and <script>. */
export type CriticalCss = (html: string, nonce?: string) => string;

export function criticalCssProcessor(plans: CompactPlan[], onWarning?: (message: string) => void): CriticalCss {
  const processor = createProcessor(plans, {
    preload: "media-script",
    noscriptFallback: true,
    // Every @keyframes (four, under 0.5 KB): Tailwind names an animation through a variable
    // (animation: var(--animate-spin)), which beasties cannot follow, so "critical" kept none and
    // a loading spinner or skeleton stood still until the stylesheet came.
    keyframes: "all",
    logger: { warn: onWarning },
  });
  return (html, nonce) => processor.process(plainClassAttributes(html), nonce ? { nonce } : undefined);
}

/**
 * Class attributes with their character references written as the characters.
 * beasties (0.5.4) matches class names as written in the HTML, so Tailwind's
 * arbitrary variants, which React writes with references ([&amp;_p]:my-5), never
 * matched their rules (.\[\&_p\]\:my-5 p) and a post's prose was left unstyled
 * until the stylesheet came. In a double-quoted attribute "&" (before anything
 * that can't start a reference), "<", ">" and "'" mean the same written plainly,
 * so the browser reads the same classes.
 */
export function plainClassAttributes(html: string): string {
  return html.replace(/(\sclass=")([^"]*)"/g, (attribute, start: string, value: string) =>
    value.includes("&")
      ? `${start}${value
          .replace(/&amp;(?![a-zA-Z0-9#])/g, "&")
          .replace(/&gt;/g, ">")
          .replace(/&lt;/g, "<")
          .replace(/&#x27;|&#39;/g, "'")}"`
      : attribute,
  );
}

/** The plans the build wrote beside a client build, or undefined when it has none (a build from before them). */
export function loadCriticalCssPlans(clientDir: string): CompactPlan[] | undefined {
  const file = criticalCssPlanPath(clientDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as CompactPlan[]) : undefined;
}

/** Whether a page's HTML already carries critical CSS (its stylesheet deferred). */
export const hasCriticalCss = (html: string) => html.includes("data-beasties-media=");
