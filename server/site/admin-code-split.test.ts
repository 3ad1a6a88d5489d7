import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientBuildDir } from "../lib/paths";
import { loadServerBuild } from "../../tests/support/server-build";

/**
 * The admin is code-split away from the public site: no module a public page
 * loads (its route module, its imports, the root and the entry) is one the
 * admin screens bring in for themselves.
 */
describe("the production build", () => {
  it("keeps the admin's code off public pages", async () => {
    const build = await loadServerBuild();
    const routes = Object.values(build.assets.routes).filter((r) => r !== undefined);
    const modulesOf = (route: NonNullable<(typeof routes)[number]>) => [route.module, ...(route.imports ?? [])];
    const chain = (id: string | undefined): string[] => {
      const route = id ? build.assets.routes[id] : undefined;
      return route ? [...modulesOf(route), ...chain(route.parentId)] : [];
    };
    const isAdmin = (id: string) => id.startsWith("routes/admin/");
    const publicModules = new Set([
      build.assets.entry.module,
      ...build.assets.entry.imports,
      ...routes.filter((r) => !isAdmin(r.id)).flatMap((r) => chain(r.id)),
    ]);
    const adminModules = new Set(routes.filter((r) => isAdmin(r.id)).flatMap((r) => chain(r.id)));
    const adminOnly = [...adminModules].filter((m) => !publicModules.has(m));
    expect(adminOnly.length, "the admin has modules of its own").toBeGreaterThan(3);
    for (const route of routes.filter((r) => isAdmin(r.id))) expect(publicModules.has(route.module)).toBe(false);
    // Nor do the admin's libraries or screens hide in a shared chunk.
    for (const module of publicModules) {
      const code = readFileSync(path.join(clientBuildDir, module), "utf8");
      expect(code, module).not.toContain("No QueryClient set");
      expect(code, module).not.toContain("Admin Login");
      expect(code, module).not.toContain("cm-editor");
    }
  });

  it("loads the markdown editor (CodeMirror) in a chunk of its own, only when a post form opens", async () => {
    const build = await loadServerBuild();
    const assets = path.join(clientBuildDir, "assets");
    const editorChunks = readdirSync(assets).filter(
      (file) => file.endsWith(".js") && readFileSync(path.join(assets, file), "utf8").includes("cm-editor"),
    );
    expect(editorChunks.length, "the editor is built").toBeGreaterThan(0);
    // No route module, admin ones included, loads it up front: it is a dynamic import.
    const upFront = Object.values(build.assets.routes).flatMap((r) => (r ? [r.module, ...(r.imports ?? [])] : []));
    for (const chunk of editorChunks) expect(upFront, chunk).not.toContain(`/assets/${chunk}`);
  });
});
