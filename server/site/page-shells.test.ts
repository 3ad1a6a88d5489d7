import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp } from "../../tests/support/app";
import { createAdminToken } from "../../tests/support/admin";

/** Pages served from memory whatever their address holds: a chat's shell and search results (production build). */
describe("pages from memory", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ site: true });
  });
  afterAll(() => ctx.close());

  const get = (path: string, headers: Record<string, string> = {}) => ctx.app.request(path, { headers });

  /** The stored copy of a server-rendered page: asked again until it comes precompressed. */
  async function stored(path: string): Promise<Response> {
    let res = await get(path, { "Accept-Encoding": "br" });
    await vi.waitUntil(
      async () => (res = await get(path, { "Accept-Encoding": "br" })).headers.get("content-encoding") === "br",
      { timeout: 5000 },
    );
    return res;
  }

  it("answers two different /chat/{id} addresses with the same prerendered shell, noindex", async () => {
    const created = await ctx.app.request("/api/inquiries/create", { method: "POST" });
    expect(created.status).toBe(201);
    const { inquiryId } = (await created.json()) as { inquiryId: string };
    const a = await get(`/chat/${inquiryId}`, { "Accept-Encoding": "br" });
    const b = await get("/chat/not-a-real-id", { "Accept-Encoding": "br" });
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe("br");
      expect(res.headers.get("content-security-policy")).not.toContain("'nonce-");
    }
    expect(a.headers.get("etag")).toBe(b.headers.get("etag"));
    const html = brotliDecompressSync(Buffer.from(await a.arrayBuffer())).toString();
    expect(brotliDecompressSync(Buffer.from(await b.arrayBuffer())).toString()).toBe(html);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("<h1");
    expect(html).not.toContain(inquiryId);
    expect((await get(`/chat/${inquiryId}`, { "If-None-Match": a.headers.get("etag")! })).status).toBe(304);
    // A trailing slash is the same chat; a deeper path is not a chat.
    expect((await get(`/chat/${inquiryId}/`)).headers.get("etag")).toBe(a.headers.get("etag"));
    expect((await get(`/chat/${inquiryId}/more`)).status).toBe(404);
  });

  it("keeps a search results page per query, finding a post published later once it is saved", async () => {
    const word = `zq${Date.now().toString(36)}`;
    const before = await stored(`/search?q=${word}`);
    expect(before.headers.get("content-encoding")).toBe("br");
    const etag = before.headers.get("etag")!;
    expect(brotliDecompressSync(Buffer.from(await before.arrayBuffer())).toString()).toContain(`Nothing matched`);
    // Other parameters and spaces around the words ask for the same stored page.
    expect((await get(`/search?q=%20${word}%20&utm_source=x`, { "If-None-Match": etag })).status).toBe(304);

    const { auth } = await createAdminToken(ctx.db);
    const title = `Shellfish stand ${word}`;
    const created = await ctx.app.request("/api/admin/posts", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ title, content: `A Wakefield ${word} stand.`, status: "published" }),
    });
    expect(created.status).toBe(201);
    const after = await get(`/search?q=${word}`, { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(title);
  });
});
