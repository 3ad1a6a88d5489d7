import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileSheet, encodePlan, type CompactPlan } from "beasties/compiler";
import { parse } from "postcss";

/**
 * The match plan of one stylesheet (beasties' compiler), as server/site/critical-css.ts
 * applies it. Build-time only: the compiler needs PostCSS, the server only the plans.
 */
export function compileCriticalCssPlan(css: string, href: string, onWarning?: (message: string) => void): CompactPlan {
  const where = matchableSelectors(css);
  const sheet = compileSheet(where.css, { href, allowRules: where.always });
  const rewritten = [...where.originals.keys()];
  for (const rule of sheet.rules) {
    if (rule.selectors) rule.selectors = rule.selectors.map((selector) => where.originals.get(selector) ?? selector);
    if (rule.css && rewritten.some((selector) => rule.css!.includes(selector)))
      throw new Error(`critical CSS: a nested rule holds an unwrapped :where() selector (${rule.css.slice(0, 80)})`);
  }
  for (const warning of sheet.warnings) onWarning?.(warning);
  // beasties 0.5.4's compiler ends an at-rule block of declarations (Tailwind's @property
  // rules) with a ";", which at the top of a stylesheet turns the next rule into an invalid
  // one: the browser dropped every @property after the first (borders, shadows, gradients).
  for (const rule of sheet.rules) if (rule.css?.endsWith("};")) rule.css = rule.css.slice(0, -1);
  return encodePlan(sheet);
}

/** The plans of every stylesheet of a client build (build/client/assets/*.css). */
export function compileCriticalCssPlans(clientDir: string, onWarning?: (message: string) => void): CompactPlan[] {
  return readdirSync(path.join(clientDir, "assets"))
    .filter((name) => name.endsWith(".css"))
    .map((name) =>
      compileCriticalCssPlan(readFileSync(path.join(clientDir, "assets", name), "utf8"), `/assets/${name}`, (warning) =>
        onWarning?.(`${name}: ${warning}`),
      ),
    );
}

/**
 * Selectors beasties 0.5.4 cannot match as written, rewritten for matching only: each is mapped
 * back to its own text after compiling, so the inlined rule is the stylesheet's, specificity and
 * all.
 *
 * - It strips every pseudo-class before matching, and its pattern takes `:where(...)` whole: a
 *   selector that begins with one (Tailwind's `space-y-*` and `divide-*`,
 *   `:where(.space-y-4>:not(:last-child))`, and a few preflight rules) matched nothing, so pages
 *   were drawn without those margins and borders until the stylesheet arrived, which then moved
 *   everything below them. Such a selector is matched by its inside
 *   (`.space-y-4>:not(:last-child)`, the same elements). One whose inside is a list or only
 *   pseudo-classes (`:where([type=button],[type=reset])`, `:where(:not(iframe))`) is always inlined.
 * - A selector that begins with a data attribute of the document (`html[data-cookie-banner] .x`,
 *   `[data-chat-open-right] .x`) depends on state a script sets before the first paint or later,
 *   which the server's markup never has: it is matched without that attribute.
 */
export function matchableSelectors(css: string): { css: string; originals: Map<string, string>; always: string[] } {
  const root = parse(css);
  const selectorsInSheet = new Set<string>();
  root.walkRules((rule) => rule.selectors.forEach((selector) => selectorsInSheet.add(selector)));
  const originals = new Map<string, string>();
  const always: string[] = [];
  const rewrite = (selector: string): string | "always" | undefined => {
    const documentState = /^(html)?(?:\[data-[\w-]+(?:=[^\]]*)?\])+\s+(?=\S)/.exec(selector);
    if (documentState) return (documentState[1] ? "html " : "") + selector.slice(documentState[0].length);
    if (!selector.startsWith(":where(")) return undefined;
    const close = closingParen(selector, ":where(".length - 1);
    const inside = selector.slice(":where(".length, close);
    const unwrapped = inside + selector.slice(close + 1);
    return close < 0 || hasTopLevelComma(inside) || unwrapped.startsWith(":") ? "always" : unwrapped;
  };
  root.walkRules((rule) => {
    rule.selectors = rule.selectors.map((selector) => {
      const rewritten = rewrite(selector);
      if (rewritten === undefined) return selector;
      if (
        rewritten === "always" ||
        selectorsInSheet.has(rewritten) ||
        (originals.has(rewritten) && originals.get(rewritten) !== selector)
      ) {
        always.push(selector);
        return selector;
      }
      originals.set(rewritten, selector);
      return rewritten;
    });
  });
  return { css: root.toString(), originals, always };
}

/** The index of the parenthesis that closes the one at `open`, or -1. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return -1;
}

function hasTopLevelComma(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "(" || text[i] === "[") depth++;
    else if (text[i] === ")" || text[i] === "]") depth--;
    else if (text[i] === "," && depth === 0) return true;
  }
  return false;
}
