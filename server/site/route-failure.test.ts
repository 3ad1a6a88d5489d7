import type { ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createSiteHandler } from "./site-handler";
import { loadServerBuild } from "../../tests/support/server-build";

/**
 * A route whose loader throws, mounted under the real root of the production
 * build: the visitor gets the root error page with HTTP 500 and no stack trace.
 */
async function buildWithFailingRoute(error: unknown): Promise<ServerBuild> {
  const build = await loadServerBuild();
  const id = "routes/failing";
  return {
    ...build,
    routes: {
      ...build.routes,
      [id]: {
        id,
        parentId: "root",
        path: "failing",
        module: {
          loader: () => {
            throw error;
          },
          default: () => null,
        },
      } as unknown as ServerBuild["routes"][string],
    },
    assets: {
      ...build.assets,
      routes: {
        ...build.assets.routes,
        [id]: {
          id,
          parentId: "root",
          path: "failing",
          module: "/assets/failing.js",
          hasLoader: true,
          hasAction: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
        },
      },
    } as unknown as ServerBuild["assets"],
  };
}

describe("a route failure", () => {
  it("renders 'Unexpected Application Error!' with HTTP 500 and no stack trace", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const build = await buildWithFailingRoute(new Error("database connection refused at /srv/secret/path.ts:42"));
    const site = createSiteHandler({ getBuild: async () => build, mode: "production" });
    const res = await site.handle(new Request("http://localhost/failing"));
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Unexpected Server Error");
    expect(html).not.toContain("/srv/secret/path.ts");
    expect(html).not.toMatch(/at \S+ \(/); // no stack frames
    quiet.mockRestore();
  });

  it("shows the status of an error response", async () => {
    const build = await buildWithFailingRoute(new Response("Gone", { status: 410, statusText: "Gone" }));
    const site = createSiteHandler({ getBuild: async () => build, mode: "production" });
    const res = await site.handle(new Request("http://localhost/failing"));
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("410 Gone");
  });
});
