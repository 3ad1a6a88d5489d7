import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaListSchema, MediaProjectListSchema, type MediaItem } from "~/contracts/media";
import { projects } from "../../db/schema";
import { mediaPageQueries } from "../../services/media/list";
import { indexesRead } from "./list-test-support";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";

/**
 * The library's list on a library of thousands (GET /api/admin/media, docs/product/media.md
 * "The calls"): paged, searched, filtered and sorted by the server, with the total. Rows are made
 * in SQL (generate_series); the bytes behind them are never read.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
const FILES = 3000;
const T = `lib${Math.random().toString(36).slice(2, 8)}`;
const P1 = "WBT-2026-AAAAA2";
const P2 = "WBT-2026-BBBBB3";
const P3 = "WBT-2026-CCCCC4";

beforeAll(async () => {
  ctx = await createTestApp();
  auth = (await createAdminToken(ctx.db)).auth;
  await ctx.db.insert(projects).values([
    { id: P1, name: `Harbor Bakery ${T}` },
    { id: P2, name: `Quinn Pottery ${T}` },
    { id: P3, name: `Empty Project ${T}` },
  ]);
  // File i: the newest is 1; types in turn; a project by i mod 3 (0: P1, 1: none, 2: P2); sizes grow with i.
  await ctx.db.execute(sql`
    insert into media (key, filename, original_name, description, file_type, mime_type, file_size,
      storage_key, project_id, created_at, updated_at)
    select rtrim(translate(encode(decode(md5(${T} || i), 'hex'), 'base64'), '+/', '-_'), '='),
      md5(${T} || i) || '.bin', ${T} || '-file-' || lpad(i::text, 5, '0') || '.bin',
      case when i = 2345 then 'The NEEDLE in the ' || ${T} || ' haystack' end,
      (array['image', 'video', 'document', 'application'])[1 + i % 4], 'application/octet-stream', i * 10,
      'files/' || md5(${T} || i), (array[${P1}, null, ${P2}])[1 + i % 3],
      now() - i * interval '1 minute', now()
    from generate_series(1, ${FILES}) as i`);
  await ctx.db.execute(sql`vacuum analyze media`);
});
afterAll(() => ctx.close());

const get = async (query: string) => {
  const res = await ctx.app.request(`/api/admin/media${query}`, { headers: auth });
  expect(res.status, await res.clone().text()).toBe(200);
  return MediaListSchema.parse(await res.json());
};
/** File i's number, from its original name. */
const numbers = (items: MediaItem[]) => items.map((m) => Number(m.original_name.slice(-9, -4)));

describe("the media list, a page at a time", () => {
  it("answers one page newest first with the total; pages neither repeat nor skip a file", async () => {
    const first = await get("?limit=60");
    expect(first.total).toBe(FILES);
    expect(numbers(first.media)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const second = await get("?limit=60&offset=60");
    expect(numbers(second.media)[0]).toBe(61);
    const last = await get(`?limit=60&offset=${FILES - 60}`);
    expect(numbers(last.media).at(-1)).toBe(FILES);
    expect(await get(`?limit=60&offset=${FILES}`)).toEqual({ media: [], total: FILES });
    // Without a limit: 100, as before.
    expect((await get("")).media).toHaveLength(100);
  });

  it("the picker's call: 50 images at most, and how many there are", async () => {
    const picker = await get("?file_type=image&limit=50");
    expect(picker.media).toHaveLength(50);
    expect(picker.total).toBe(FILES / 4);
    expect(picker.media.every((m) => m.file_type === "image")).toBe(true);
  });

  it("searches the original name, the filename and the description in any case, past the first thousand", async () => {
    const byDescription = await get(`?search=${encodeURIComponent(`needle in the ${T.toUpperCase()}`)}`);
    expect(numbers(byDescription.media)).toEqual([2345]);
    expect(byDescription.total).toBe(1);
    expect(numbers((await get(`?search=${T.toUpperCase()}-FILE-02999`)).media)).toEqual([2999]);
    const [row] = (await get(`?search=${T}-file-01500`)).media;
    const byFilename = await get(`?search=${row!.filename.slice(0, 20)}`);
    expect(numbers(byFilename.media)).toEqual([1500]);
    // q, the older name, still works; search wins over it.
    expect((await get(`?q=${T}-file-0250`)).total).toBe(10);
    expect((await get(`?q=nothing&search=${T}-file-0250`)).total).toBe(10);
    // Pattern characters are taken literally.
    expect((await get("?search=%25")).total).toBe(0);
    expect((await get(`?search=${T}_file`)).total).toBe(0);
  });

  it("filters by type, by project and by no project, with the search and paging", async () => {
    expect((await get(`?project_id=${P1}`)).total).toBe(FILES / 3);
    expect((await get(`?project_id=${P1.toLowerCase()}`)).total).toBe(FILES / 3);
    const none = await get("?project_id=none&limit=5");
    expect(none.total).toBe(FILES / 3);
    expect(none.media.every((m) => m.project_id === null)).toBe(true);
    // i mod 12 = 0: an image (i mod 4 = 0) of P1 (i mod 3 = 0).
    const images = await get(`?project_id=${P1}&file_type=image&limit=50&offset=200`);
    expect(images.total).toBe(FILES / 12);
    expect(numbers(images.media)).toEqual(Array.from({ length: 50 }, (_, i) => (201 + i) * 12));
    expect((await get(`?project_id=${P2}&file_type=video&search=${T}-file-0000`)).total).toBe(1);
    expect((await get("?project_id=WBT-2026-ZZZZZ9")).total).toBe(0);
  });

  it("sorts oldest first, by name and largest first; newest is the default", async () => {
    expect(numbers((await get("?sort=oldest&limit=2")).media)).toEqual([FILES, FILES - 1]);
    expect(numbers((await get("?sort=name&limit=2&offset=1000")).media)).toEqual([1001, 1002]);
    expect(numbers((await get("?sort=largest&limit=2")).media)).toEqual([FILES, FILES - 1]);
    expect(numbers((await get("?sort=newest&limit=2")).media)).toEqual([1, 2]);
  });

  it("refuses a bad order, page or search", async () => {
    for (const query of ["?sort=random", "?offset=-1", "?limit=0", "?limit=501", `?search=${"x".repeat(201)}`]) {
      const res = await ctx.app.request(`/api/admin/media${query}`, { headers: auth });
      expect(res.status, query).toBe(400);
      expect(typeof (await res.json()).error).toBe("string");
    }
  });
});

describe("the projects that have files (the Project filter)", () => {
  const projectsOf = async (query: string) => {
    const res = await ctx.app.request(`/api/admin/media/projects${query}`, { headers: auth });
    expect(res.status).toBe(200);
    return MediaProjectListSchema.parse(await res.json());
  };

  it("lists each project with files and its count, latest upload first; none without files", async () => {
    const all = await projectsOf("");
    expect(all.total).toBe(2);
    // File 2 (P2) is newer than file 3 (P1).
    expect(all.projects).toEqual([
      { id: P2, name: `Quinn Pottery ${T}`, files: FILES / 3 },
      { id: P1, name: `Harbor Bakery ${T}`, files: FILES / 3 },
    ]);
    expect(await projectsOf("?limit=1")).toMatchObject({ total: 2, projects: [{ id: P2 }] });
    expect((await projectsOf("?search=harbor%20BAKERY")).projects.map((p) => p.id)).toEqual([P1]);
    expect((await projectsOf(`?search=${P2.slice(-6).toLowerCase()}`)).projects.map((p) => p.id)).toEqual([P2]);
    expect(await projectsOf("?search=Empty")).toEqual({ projects: [], total: 0 });
    expect((await ctx.app.request("/api/admin/media/projects")).status).toBe(401);
  });
});

describe("the plans, on a few thousand files", () => {
  it("a search's page and its count read the trigram index, not the whole table", async () => {
    // Not the tag every row here shares: the planner rightly reads the table for a text in every row.
    for (const search of ["NEEDLE", "02345"]) {
      const { ids: page, count } = mediaPageQueries(ctx.db, { search, limit: 60 });
      expect(await indexesRead(ctx.pool, page), search).toContain("media_search_text_trgm_idx");
      expect(await indexesRead(ctx.pool, count), search).toContain("media_search_text_trgm_idx");
    }
  });

  it("newest first reads the created_at index; a type's count its own index", async () => {
    const { ids: page } = mediaPageQueries(ctx.db, { limit: 60, offset: 60 });
    expect(await indexesRead(ctx.pool, page)).toContain("media_created_idx");
    const { count } = mediaPageQueries(ctx.db, { fileType: "application", limit: 60 });
    expect(await indexesRead(ctx.pool, count)).toContain("media_file_type_created_idx");
  });
});
