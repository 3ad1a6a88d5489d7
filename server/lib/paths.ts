import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root: the nearest folder above this module holding package.json. */
function findRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const buildDir = path.join(projectRoot, "build");
export const clientBuildDir = path.join(buildDir, "client");
export const serverBuildFile = path.join(buildDir, "server", "index.js");
export const migrationsDir = path.join(projectRoot, "server", "db", "migrations");
