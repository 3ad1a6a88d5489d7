import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { clientBuildDir } from "../lib/paths";
import { createSiteHandler } from "./site-handler";
import { loadServerBuild } from "../../tests/support/server-build";

/**
 * ANALYTICS_HOSTS reaches every page, prerendered or rendered, as a <meta> the visit counting
 * reads (docs/decisions/024-analytics.md); without it every page is served exactly as built.
 */
async function site(analyticsHosts?: string[]) {
  const build = await loadServerBuild();
  return createSiteHandler({
    clientDir: clientBuildDir,
    getBuild: async () => build,
    mode: "production",
    analyticsHosts,
  });
}

const get = (handler: Awaited<ReturnType<typeof site>>, url: string, encoding?: string) =>
  handler.handle(new Request(`http://localhost${url}`, { headers: encoding ? { "Accept-Encoding": encoding } : {} }));

const TAG = '<meta name="analytics-hosts" content="staging.example.com,localhost:4204">';

describe("the analytics hosts in the pages", () => {
  it("are absent without the setting: a prerendered page is the built file, byte for byte", async () => {
    const handler = await site();
    const html = await (await get(handler, "/pricing")).text();
    expect(html).toBe(readFileSync(path.join(clientBuildDir, "pricing", "index.html"), "utf8"));
    expect(html).not.toContain("analytics-hosts");
  });

  it("are in the head of prerendered and rendered pages, in every encoding, with the setting", async () => {
    const handler = await site(["staging.example.com", "localhost:4204"]);
    const plain = await (await get(handler, "/pricing")).text();
    expect(plain).toContain(`${TAG}</head>`);
    const br = await get(handler, "/pricing", "br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await get(handler, "/pricing", "gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    // A page the server renders (the not-found page), and one served from a page shell.
    expect(await (await get(handler, "/no-such-page")).text()).toContain(TAG);
    expect(await (await get(handler, "/chat/any-inquiry")).text()).toContain(TAG);
    // The demo sites' own HTML is left alone.
    const demo = await get(handler, "/demo-sites/car-detailing/");
    expect(demo.status).toBe(200);
    expect(await demo.text()).not.toContain("analytics-hosts");
  });
});
