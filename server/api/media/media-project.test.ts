import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, projects } from "../../db/schema";
import { runMigrations } from "../../db/migrate";
import type { MediaItem } from "../../services/media/media";
import { createTestApp } from "../../../tests/support/app";
import { createDatabaseBefore } from "../../../tests/support/db";
import { createAdminToken } from "../../../tests/support/admin";

/** media.project_id references projects(id) ON DELETE SET NULL (migration 0005). */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-media-project-"));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const projectIdLike = () => `WBT-2026-${Array.from(randomBytes(6), (b) => ALPHABET[b % ALPHABET.length]).join("")}`;
async function newProject(): Promise<string> {
  const [row] = await ctx.db.insert(projects).values({ id: projectIdLike(), name: "Harbor Bakery site" }).returning();
  return row!.id;
}
function upload(fields: Record<string, string>, name = "brief.txt") {
  const form = new FormData();
  form.set("file", new File([Buffer.from("project brief")], name, { type: "text/plain" }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return ctx.app.request("/api/admin/media/upload", { method: "POST", headers: auth, body: form });
}
const put = (id: number, body: unknown) =>
  ctx.app.request(`/api/admin/media/${id}`, {
    method: "PUT",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const storedFiles = async () => (await readdir(path.join(dataDir, "media", "files")).catch(() => [])).length;

describe("media and projects", () => {
  it("answers 400 with a clear error when an upload names an unknown project, and keeps no bytes", async () => {
    const before = await storedFiles();
    const unknown = projectIdLike();
    const res = await upload({ project_id: unknown, description: "kept?" });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = await res.json();
    expect(body.error).toContain(`Unknown project "${unknown}"`);
    expect(await storedFiles()).toBe(before);
    expect((await ctx.db.select().from(media).where(eq(media.description, "kept?"))).length).toBe(0);
  });

  it("links an upload to an existing project (ID case does not matter)", async () => {
    const projectId = await newProject();
    const res = await upload({ project_id: ` ${projectId.toLowerCase()} ` });
    expect(res.status).toBe(201);
    expect(((await res.json()).media as MediaItem).project_id).toBe(projectId);
  });

  it("answers 400 when a change names an unknown project and leaves the item as it was", async () => {
    const projectId = await newProject();
    const item: MediaItem = (await (await upload({ project_id: projectId })).json()).media;
    const unknown = projectIdLike();
    const res = await put(item.id, { project_id: unknown, description: "not saved" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toContain(`Unknown project "${unknown}"`);
    const [row] = await ctx.db.select().from(media).where(eq(media.id, item.id));
    expect(row).toMatchObject({ projectId, description: null });

    const other = await newProject();
    const moved = await put(item.id, { project_id: other });
    expect(moved.status).toBe(200);
    expect((await moved.json()).media.project_id).toBe(other);
    expect((await put(item.id, { project_id: null })).status).toBe(200);
  });

  it("keeps a project's files and clears their link when the project is deleted", async () => {
    const projectId = await newProject();
    const item: MediaItem = (await (await upload({ project_id: projectId })).json()).media;
    await ctx.db.delete(projects).where(eq(projects.id, projectId));
    const [row] = await ctx.db.select().from(media).where(eq(media.id, item.id));
    expect(row?.projectId).toBeNull();
    expect((await ctx.app.request(item.url)).status).toBe(200);
  });
});

describe("migration 0005 (media.project_id foreign key)", () => {
  it("clears unknown project IDs, fixes their case, and then adds the key", async () => {
    const { url, client, close } = await createDatabaseBefore("0005_");
    try {
      await client.query(`insert into projects (id, name) values ('WBT-2026-ABCDEF', 'Kept')`);
      const row = (projectId: string | null) =>
        client.query<{ id: string }>(
          `insert into media (filename, original_name, file_type, mime_type, file_size, storage_key, project_id)
           values ('a.txt', 'a.txt', 'document', 'text/plain', 1, 'files/a.txt', $1) returning id`,
          [projectId],
        );
      const kept = (await row("WBT-2026-ABCDEF")).rows[0]!.id;
      const recased = (await row("wbt-2026-abcdef")).rows[0]!.id;
      const unknown = (await row("WBT-2026-ZZZZZZ")).rows[0]!.id;
      const none = (await row(null)).rows[0]!.id;

      await runMigrations(url);
      const { rows } = await client.query<{ id: string; project_id: string | null }>(
        `select id, project_id from media order by id`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.id, r.project_id]))).toEqual({
        [kept]: "WBT-2026-ABCDEF",
        [recased]: "WBT-2026-ABCDEF",
        [unknown]: null,
        [none]: null,
      });
      await expect(
        client.query(`update media set project_id = 'WBT-2026-ZZZZZZ' where id = $1`, [kept]),
      ).rejects.toMatchObject({ code: "23503", constraint: "media_project_id_projects_id_fk" });
      await client.query(`delete from projects where id = 'WBT-2026-ABCDEF'`);
      const after = await client.query(`select count(*)::int as n from media where project_id is not null`);
      expect(after.rows[0].n).toBe(0);
    } finally {
      await close();
    }
  });
});
