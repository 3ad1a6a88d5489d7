/**
 * Production build: the React Router client and server builds (with the
 * static pages prerendered), the Node server bundle, and brotli/gzip copies
 * of every compressible client file so the server never compresses them per
 * request. Writes build/stamp.json for `npm start`'s staleness check.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { computeStamp, root, stampFile } from "./build-stamp.mjs";
import { writeSocialCards } from "./social-cards";

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

step("server bundle");
await build({
  entryPoints: [path.join(root, "server/index.ts")],
  outfile: path.join(root, "build/server-app/index.js"),
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
