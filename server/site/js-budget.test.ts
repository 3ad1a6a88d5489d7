import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { clientBuildDir } from "../lib/paths";
import { loadServerBuild } from "../../tests/support/server-build";

/** Most JavaScript, gzipped, a public page may load before anyone does anything on it. */
const FIRST_LOAD_JS_BUDGET = 130 * 1024;

/**
 * First-load JavaScript of every public page: the entry, the route chain's modules and
 * their static imports, exactly what the page's HTML preloads. Chunks loaded on a visitor's
 * action (a form's schemas, a chat's conversation, a confirmation) are not part of it.
 */
describe("first-load JavaScript of public pages", () => {
  it(`stays at or under ${FIRST_LOAD_JS_BUDGET / 1024} KB gzip on every public route`, async () => {
    const build = await loadServerBuild();
    const routes = build.assets.routes;
    const sizes = new Map<string, number>();
    const gzipped = (module: string) => {
      let size = sizes.get(module);
      if (size === undefined) {
        size = gzipSync(readFileSync(path.join(clientBuildDir, module)), { level: 9 }).length;
        sizes.set(module, size);
      }
      return size;
    };
    const chain = (id: string | undefined): string[] => {
      const route = id ? routes[id] : undefined;
      return route ? [route.module, ...(route.imports ?? []), ...chain(route.parentId)] : [];
    };
    const publicRoutes = Object.keys(routes).filter((id) => id !== "root" && !id.startsWith("routes/admin/"));
    expect(publicRoutes.length, "the public routes are found").toBeGreaterThan(20);
    const over: string[] = [];
    for (const id of publicRoutes) {
      const modules = new Set([build.assets.entry.module, ...build.assets.entry.imports, ...chain(id)]);
      const total = [...modules].reduce((sum, module) => sum + gzipped(module), 0);
      if (total > FIRST_LOAD_JS_BUDGET) over.push(`${id}: ${(total / 1024).toFixed(1)} KB`);
    }
    expect(over, "public routes over the first-load budget").toEqual([]);
  });
});

/**
 * The entry and its imports run on every page load: their first line asks Chromium to compile
 * them whole while they download (vite.config.ts, compileHints), not one function at a time on
 * the main thread after the first paint.
 */
describe("compile hints", () => {
  it("open the browser entry and every chunk it imports, and no other chunk", async () => {
    const build = await loadServerBuild();
    const hinted = [build.assets.entry.module, ...build.assets.entry.imports];
    const firstLine = (module: string) => readFileSync(path.join(clientBuildDir, module), "utf8").split("\n", 1)[0];
    for (const module of hinted) expect(firstLine(module), module).toBe("//# allFunctionsCalledOnLoad");
    const routeModules = Object.values(build.assets.routes).map((route) => route!.module);
    for (const module of routeModules.filter((candidate) => !hinted.includes(candidate)))
      expect(firstLine(module), module).not.toContain("allFunctionsCalledOnLoad");
  });
});
