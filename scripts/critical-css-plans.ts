import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileSheet, encodePlan, type CompactPlan } from "beasties/compiler";

/**
 * The match plan of one stylesheet (beasties' compiler), as server/site/critical-css.ts
 * applies it. Build-time only: the compiler needs PostCSS, the server only the plans.
 */
export function compileCriticalCssPlan(css: string, href: string, onWarning?: (message: string) => void): CompactPlan {
  const sheet = compileSheet(css, { href });
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
