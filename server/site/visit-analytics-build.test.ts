import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build as esbuild } from "esbuild";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { clientBuildDir, projectRoot } from "../lib/paths";
import { loadServerBuild } from "../../tests/support/server-build";

/**
 * Visit counting costs public pages almost nothing until the visitor says yes
 * (docs/decisions/024-analytics.md):
 * - what loads with a public page can make no analytics call: the calls are only in the capture
 *   chunk, which no route loads up front (it is imported once consent is given);
 * - what the counting adds to a page's first load is at most 2 KB gzip;
 * - the admin's charting library loads with the analytics chart only.
 */
const FIRST_LOAD_BUDGET_BYTES = 2 * 1024;

const assets = path.join(clientBuildDir, "assets");
const chunksContaining = (marker: string) =>
  readdirSync(assets).filter(
    (file) => file.endsWith(".js") && readFileSync(path.join(assets, file), "utf8").includes(marker),
  );

/** Every module a route loads up front: its own, its imports, and those of its parents. */
function upFrontModules(build: ServerBuild, keep: (id: string) => boolean) {
  const routes = Object.values(build.assets.routes).filter((r) => r !== undefined);
  const chain = (id: string | undefined): string[] => {
    const route = id ? build.assets.routes[id] : undefined;
    return route ? [route.module, ...(route.imports ?? []), ...chain(route.parentId)] : [];
  };
  return new Set([
    build.assets.entry.module,
    ...build.assets.entry.imports,
    ...routes.filter((r) => keep(r.id)).flatMap((r) => chain(r.id)),
  ]);
}

describe("visit counting in the production build", () => {
  it("makes no analytics call from what a public page loads: the calls wait in a chunk loaded after consent", async () => {
    const build = await loadServerBuild();
    const publicModules = upFrontModules(build, (id) => !id.startsWith("routes/admin/"));
    const allUpFront = upFrontModules(build, () => true);
    expect(publicModules.size).toBeGreaterThan(5);
    for (const module of publicModules) {
      const code = readFileSync(path.join(clientBuildDir, module), "utf8");
      expect(code, module).not.toContain("/api/analytics/");
    }
    // The capture code, by a name only it uses (its addresses are shared with the admin's
    // descriptors, app/contracts/analytics-paths.ts, and may sit in a chunk of their own).
    const capture = chunksContaining("analytics-previous-page");
    expect(capture, "the capture code is built, in one chunk").toHaveLength(1);
    expect(allUpFront.has(`/assets/${capture[0]}`), "no route loads it up front").toBe(false);
    // The site's layout is what imports it, on demand.
    const layout = build.assets.routes["routes/site/layout"]!;
    const layoutCode = readFileSync(path.join(clientBuildDir, layout.module), "utf8");
    expect(layoutCode).toMatch(new RegExp(`import\\(["'\`][^"'\`]*${capture[0]!.replace(/[.]/g, "\\.")}`));
  });

  it(`adds at most ${FIRST_LOAD_BUDGET_BYTES} bytes gzip to a public page's first load`, async () => {
    // The hook the layout runs, with what it brings: the consent check, the host check, the
    // values it reads. React, React Router, the consent store and the site's settings load with
    // every public page anyway (the cookie banner, the header); the capture chunk comes later.
    const result = await esbuild({
      entryPoints: [path.join(projectRoot, "app/lib/visit-analytics/use-visit-analytics.ts")],
      bundle: true,
      minify: true,
      format: "esm",
      write: false,
      logLevel: "silent",
      alias: { "~": path.join(projectRoot, "app") },
      define: { "import.meta.env.VITE_SITE_URL": '"https://websitesbytyler.com"' },
      external: ["react", "react-router", "./capture"],
      plugins: [
        {
          name: "already-loaded",
          setup(build) {
            // The consent store and the site's settings are on every public page already.
            build.onResolve({ filter: /^~\/(lib\/consent|config\/site)$/ }, (args) => ({
              path: args.path,
              external: true,
            }));
          },
        },
      ],
    });
    const code = result.outputFiles[0]!.contents;
    const gzipped = gzipSync(code, { level: 9 }).byteLength;
    expect(Buffer.from(code).toString("utf8")).not.toContain("/api/analytics/");
    expect(gzipped, `${gzipped} bytes gzip`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it("loads the charting library (recharts) only with the analytics chart, never up front", async () => {
    const build = await loadServerBuild();
    const chartChunks = chunksContaining("recharts-wrapper");
    expect(chartChunks.length, "the chart is built").toBeGreaterThan(0);
    const upFront = upFrontModules(build, () => true);
    for (const chunk of chartChunks) expect(upFront.has(`/assets/${chunk}`), chunk).toBe(false);
  });
});
