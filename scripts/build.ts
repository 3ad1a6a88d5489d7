/**
 * Production build: the React Router client and server builds (with the
 * static pages prerendered), the critical CSS of every prerendered page (its
 * stylesheet compiled once into build/critical-css.json, which the server
 * applies to the pages it renders; server/site/first-paint.ts), the Node server bundle
 * with the PDF render worker's beside it, and brotli/gzip copies of every
 * compressible client file so the server never compresses them per request.
 * Writes build/stamp.json for `npm start`'s staleness check.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { prerenderPaths } from "../app/content/registry";
import { criticalCssPlanPath, criticalCssProcessor, hasCriticalCss } from "../server/site/critical-css";
import { firstPaint } from "../server/site/first-paint";
import { computeStamp, root, stampFile } from "./build-stamp.mjs";
import { writeSocialCards } from "./social-cards";
import { compileCriticalCssPlans } from "./critical-css-plans";

const started = Date.now();
const step = (label: string) => console.log(`[build] ${label} (${((Date.now() - started) / 1000).toFixed(1)}s)`);

const inputs = computeStamp();
step("social cards");
const cards = await writeSocialCards();
console.log(`[build] social cards: ${cards.drawn} drawn, ${cards.kept} unchanged`);

step("react-router build");
execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
  cwd: root,
  stdio: "inherit",
});

step("critical CSS and script priority");
const clientDir = path.join(root, "build/client");
const plans = compileCriticalCssPlans(clientDir, (warning) => console.warn(`[build] ${warning}`));
writeFileSync(criticalCssPlanPath(clientDir), JSON.stringify(plans));
const prepare = firstPaint(
  criticalCssProcessor(plans, (message) => {
    throw new Error(`critical CSS: ${message}`);
  }),
);
// Every prerendered page and page shell; the demo sites under public/ keep their own stylesheets.
for (const page of prerenderPaths()) {
  const file = path.join(clientDir, page, "index.html");
  const html = prepare(readFileSync(file, "utf8"));
  if (!hasCriticalCss(html)) throw new Error(`critical CSS: ${page} has no stylesheet to defer`);
  writeFileSync(file, html);
}

step("server bundle");
// The billing PDFs' render worker is a bundle of its own beside the server's: its threads load
// build/server-app/pdf-worker.js (server/services/billing/pdf-pool.ts).
await build({
  entryPoints: {
    index: path.join(root, "server/index.ts"),
    "pdf-worker": path.join(root, "server/services/billing/pdf-worker.ts"),
  },
  outdir: path.join(root, "build/server-app"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  tsconfig: path.join(root, "tsconfig.json"),
});

step("precompressing client files");
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|ico|map|data)$/;
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)],
  );
}
let count = 0;
for (const file of walk(path.join(root, "build/client"))) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < 512) continue;
  const body = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
writeFileSync(stampFile, JSON.stringify({ inputs, builtAt: new Date().toISOString() }, null, 2));
step(`done: ${count} files precompressed`);
