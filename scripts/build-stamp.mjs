// The fingerprint of everything a build depends on. `npm start` rebuilds when
// it differs from the one written by the last build (build/stamp.json).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const stampFile = path.join(root, "build", "stamp.json");

const INPUTS = [
  "app",
  "server",
  "public",
  "scripts/build.ts",
  "scripts/social-cards.ts",
  "content/blog",
  "scripts/critical-css-plans.ts",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

/** Written by the build itself (the social cards), so not an input of it. */
const GENERATED = new Set([path.join("public", "images", "social")]);

function files(entry) {
  const full = path.join(root, entry);
  if (GENERATED.has(entry) || !existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { withFileTypes: true })
    .filter((d) => !d.name.endsWith(".test.ts") && d.name !== "node_modules")
    .flatMap((d) => files(path.join(entry, d.name)));
}

export function computeStamp(env = process.env) {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  hash.update(`SITE_URL=${env.SITE_URL ?? ""}`);
  return hash.digest("hex");
}

export function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, "utf8")).inputs;
  } catch {
    return undefined;
  }
}
