import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaAnswerSchema, type MediaItem } from "~/contracts/media";
import {
  EMPTY_COMMENT_MESSAGE,
  ProjectCommentAnswerSchema,
  ProjectCommentsAnswerSchema,
} from "~/contracts/project-comments";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { addProjectContact, clientEmail, createClientProject, portalToken } from "../../../tests/support/projects";
import { media, projectCommentMedia, projectComments } from "../../db/schema";
import { endPortalSession } from "../../services/portal-access";
import { PORTAL_NOT_YOURS, PORTAL_SIGN_IN_REQUIRED } from "../../lib/portal-auth";

/**
 * A project's discussion and the client's uploads against a real database (decision 017): a
 * portal token opens its own projects' comments and files and nothing else; the author of a
 * comment is whoever the token stands for.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let dataDir: string;
let admin: Awaited<ReturnType<typeof createAdminToken>>;

const ana = { name: "Ana Ruiz", email: clientEmail("ana") };
const ben = { name: "Ben Okafor", email: clientEmail("ben") };
let anaProject: string;
let anaSecondProject: string;
let benProject: string;
/** Ana signed in by her e-mailed link: both her projects. */
let anaByEmail: string;
/** Ben opened his project by its ID. */
let benById: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-comments-"));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await createAdminToken(ctx.db, "Tyler Brennan");
  anaProject = await createClientProject(ctx.db, ana);
  anaSecondProject = await createClientProject(ctx.db, ana);
  benProject = await createClientProject(ctx.db, ben);
  anaByEmail = await portalToken(ctx.db, { email: ana.email.toUpperCase() });
  benById = await portalToken(ctx.db, { projectId: benProject });
});
afterAll(async () => {
  await ctx?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const bearer = (token?: string): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});
const getComments = (projectId: string, token?: string) =>
  ctx.app.request(`/api/projects/${encodeURIComponent(projectId)}/comments`, { headers: bearer(token) });
const postComment = (projectId: string, body: unknown, token?: string) =>
  ctx.app.request(`/api/projects/${encodeURIComponent(projectId)}/comments`, {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
function upload(
  token: string | undefined,
  file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> },
  fields: Record<string, string>,
) {
  const form = new FormData();
  form.set("file", new File([file.bytes], file.name, { type: file.type }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return ctx.app.request("/api/client/media/upload", { method: "POST", headers: bearer(token), body: form });
}
async function uploaded(token: string, projectId: string, file: Parameters<typeof upload>[1]): Promise<MediaItem> {
  const res = await upload(token, file, { project_id: projectId });
  expect(res.status, await res.clone().text()).toBe(201);
  return MediaAnswerSchema.parse(await res.json()).media;
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
/** The start of a Windows program: "MZ", a DOS stub and the zero bytes every one has. */
const EXE = Buffer.concat([Buffer.from("MZ\u0090\u0000\u0003\u0000\u0000\u0000"), Buffer.alloc(120)]);
const png = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: "#2a6f97" } })
    .png()
    .toBuffer();
const storedFiles = async () => (await readdir(path.join(dataDir, "media", "files")).catch(() => [])).length;

describe("GET /api/projects/{id}/comments", () => {
  it("answers 401 without a token or with an unknown or ended one", async () => {
    for (const token of [undefined, "not-a-real-token-at-all-0123456789"]) {
      const res = await getComments(anaProject, token);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: PORTAL_SIGN_IN_REQUIRED });
    }
    const ended = await portalToken(ctx.db, { projectId: anaProject });
    expect((await getComments(anaProject, ended)).status).toBe(200);
    await endPortalSession(ctx.db, ended);
    expect((await getComments(anaProject, ended)).status).toBe(401);
  });

  it("shows a client their own projects' comments and answers 403 for another client's", async () => {
    await postComment(benProject, { content: "Ben's private note" }, benById);
    for (const id of [anaProject, anaSecondProject]) {
      const res = await getComments(id, anaByEmail);
      expect(res.status).toBe(200);
      expect(ProjectCommentsAnswerSchema.parse(await res.json()).comments.every((c) => c.project_id === id)).toBe(true);
    }
    const refused = await getComments(benProject, anaByEmail);
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body).toEqual({ error: PORTAL_NOT_YOURS });
    expect(JSON.stringify(body)).not.toContain("Ben's private note");
    // A Project ID session opens that project alone.
    expect((await getComments(anaProject, benById)).status).toBe(403);
    // Whether the project exists or not, a client learns nothing.
    expect((await getComments("WBT-2026-ZZZZZZ", benById)).status).toBe(403);
  });

  it("lets the owner read any project, and answers 404 for none", async () => {
    expect((await getComments(benProject, admin.token)).status).toBe(200);
    const res = await getComments("WBT-2026-ZZZZZZ", admin.token);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toContain("No such project");
  });
});

describe("POST /api/projects/{id}/comments", () => {
  it("takes the author from the token, never from the body", async () => {
    const forged = { author_name: "Tyler", author_email: "owner@example.com", author_type: "admin" };
    const asClient = await postComment(anaProject, { ...forged, content: "  Hello from Ana  " }, anaByEmail);
    expect(asClient.status).toBe(201);
    const { comment } = ProjectCommentAnswerSchema.parse(await asClient.json());
    expect(comment).toMatchObject({
      project_id: anaProject,
      author_type: "client",
      author_name: ana.name,
      author_email: ana.email,
      content: "Hello from Ana",
      attachments: [],
    });

    const asOwner = await postComment(
      anaProject,
      { project_id: anaProject, author_type: "client", author_name: "Ana", content: "Thanks, Ana!" },
      admin.token,
    );
    expect(asOwner.status).toBe(201);
    expect(ProjectCommentAnswerSchema.parse(await asOwner.json()).comment).toMatchObject({
      author_type: "admin",
      author_name: "Tyler Brennan",
      author_email: null,
    });

    const [stored] = await ctx.db.select().from(projectComments).where(eq(projectComments.id, comment.id));
    expect(stored).toMatchObject({ authorType: "client", authorName: ana.name, content: "Hello from Ana" });
  });

  it("names the contact of the session's address, or the primary contact for a Project ID session", async () => {
    const project = await createClientProject(ctx.db, { name: "Cleo Park", email: clientEmail("cleo") });
    const dan = await addProjectContact(ctx.db, project, { name: "Dan Park", email: clientEmail("dan") });
    const byDan = await postComment(project, { content: "From Dan" }, await portalToken(ctx.db, { email: dan.email! }));
    expect((await byDan.json()).comment).toMatchObject({ author_name: "Dan Park", author_email: dan.email });
    const byId = await postComment(
      project,
      { content: "From the ID" },
      await portalToken(ctx.db, { projectId: project }),
    );
    expect((await byId.json()).comment).toMatchObject({ author_name: "Cleo Park", author_type: "client" });
  });

  it("answers 401 without a token and 403 for another client's project, storing nothing", async () => {
    const before = (await ctx.db.select().from(projectComments).where(eq(projectComments.projectId, benProject)))
      .length;
    expect((await postComment(benProject, { content: "hi" })).status).toBe(401);
    const res = await postComment(benProject, { content: "sneaky" }, anaByEmail);
    expect(res.status).toBe(403);
    const after = (await ctx.db.select().from(projectComments).where(eq(projectComments.projectId, benProject))).length;
    expect(after).toBe(before);
  });

  it("refuses an empty comment unless files are attached", async () => {
    for (const body of [{ content: "" }, { content: "   \n " }, {}]) {
      const res = await postComment(anaProject, body, anaByEmail);
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toEqual({ content: EMPTY_COMMENT_MESSAGE });
    }
    const file = await uploaded(anaByEmail, anaProject, { name: "brief.pdf", type: "application/pdf", bytes: PDF });
    const res = await postComment(anaProject, { content: "", attachments: [file.id] }, anaByEmail);
    expect(res.status).toBe(201);
    expect(ProjectCommentAnswerSchema.parse(await res.json()).comment).toMatchObject({
      content: "",
      attachments: [{ id: file.id, original_name: "brief.pdf", file_type: "document", thumbnail_url: null }],
    });
  });

  it("attaches only files of the same project", async () => {
    const mine = await uploaded(anaByEmail, anaProject, { name: "logo.png", type: "image/png", bytes: await png() });
    const other = await uploaded(anaByEmail, anaSecondProject, {
      name: "menu.pdf",
      type: "application/pdf",
      bytes: PDF,
    });
    for (const ids of [[other.id], [mine.id, 999_999_999]]) {
      const res = await postComment(anaProject, { content: "See attached", attachments: ids }, anaByEmail);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error).toMatch(/not among this project's files/);
      expect(body.fields).toHaveProperty("attachments");
    }
    const wrongProject = await postComment(anaProject, { project_id: anaSecondProject, content: "x" }, anaByEmail);
    expect(wrongProject.status).toBe(400);
    expect((await wrongProject.json()).fields).toHaveProperty("project_id");

    const res = await postComment(anaProject, { content: "The logo", attachments: [mine.id, mine.id] }, anaByEmail);
    expect(res.status).toBe(201);
    const { comment } = ProjectCommentAnswerSchema.parse(await res.json());
    expect(comment.attachments).toHaveLength(1);
    expect(comment.attachments[0]!.thumbnail_url).toContain("thumb=1");
    const links = await ctx.db.select().from(projectCommentMedia).where(eq(projectCommentMedia.commentId, comment.id));
    expect(links).toEqual([{ commentId: comment.id, mediaId: mine.id }]);

    // The signed addresses open in a browser (no token); the plain one needs the project's token.
    expect((await ctx.app.request(comment.attachments[0]!.url)).status).toBe(200);
    expect((await ctx.app.request(comment.attachments[0]!.thumbnail_url!)).headers.get("content-type")).toBe(
      "image/webp",
    );
  });

  it("lists comments oldest first, each with its files", async () => {
    const project = await createClientProject(ctx.db, { name: "Eve Stone", email: clientEmail("eve") });
    const token = await portalToken(ctx.db, { projectId: project });
    const file = await uploaded(token, project, { name: "notes.txt", type: "text/plain", bytes: Buffer.from("hi") });
    await postComment(project, { content: "first" }, token);
    await postComment(project, { content: "second", attachments: [file.id] }, admin.token);
    await postComment(project, { content: "third" }, token);
    const res = await getComments(project, token);
    const { comments } = ProjectCommentsAnswerSchema.parse(await res.json());
    expect(comments.map((c) => [c.content, c.author_type, c.attachments.length])).toEqual([
      ["first", "client", 0],
      ["second", "admin", 1],
      ["third", "client", 0],
    ]);
  });
});

describe("POST /api/client/media/upload", () => {
  it("stores a client's file privately under a generated name, readable by the project's tokens only", async () => {
    const bytes = await png();
    const item = await uploaded(anaByEmail, anaProject, { name: "Shop front.png", type: "image/png", bytes });
    expect(item).toMatchObject({ original_name: "Shop front.png", file_type: "image", project_id: anaProject });
    expect(item.filename).toMatch(/^[0-9a-f]{24}\.png$/);
    expect(item.r2_url).toBeNull();

    const own = await ctx.app.request(item.url, { headers: bearer(anaByEmail) });
    expect(own.status).toBe(200);
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(own.headers.get("content-disposition")).toMatch(/^inline; filename\*=UTF-8''Shop%20front\.png$/);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const thumb = await ctx.app.request(`${item.url}?thumb=1`, { headers: bearer(anaByEmail) });
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(400);
    expect((await ctx.app.request(item.url, { headers: bearer(admin.token) })).status).toBe(200);
    // Another client's token and no token: not found.
    expect((await ctx.app.request(item.url, { headers: bearer(benById) })).status).toBe(404);
    expect((await ctx.app.request(item.url)).status).toBe(404);
    // The answer's preview address works in a browser for a while.
    expect((await ctx.app.request(item.preview_url)).status).toBe(200);
  });

  it("answers 401 without a portal token and 403 for another client's project", async () => {
    const file = { name: "a.pdf", type: "application/pdf", bytes: PDF };
    const none = await upload(undefined, file, { project_id: anaProject });
    expect(none.status).toBe(401);
    expect((await none.json()).error).toBe(PORTAL_SIGN_IN_REQUIRED);
    // The owner has the admin upload; this one is the client's.
    expect((await upload(admin.token, file, { project_id: anaProject })).status).toBe(401);
    const before = await storedFiles();
    const other = await upload(anaByEmail, file, { project_id: benProject });
    expect(other.status).toBe(403);
    expect((await other.json()).error).toBe(PORTAL_NOT_YOURS);
    expect(await storedFiles()).toBe(before);
  });

  it("refuses a program renamed .pdf by its content (400), and types that are not allowed (415)", async () => {
    const before = await storedFiles();
    const renamed = await upload(
      anaByEmail,
      { name: "invoice.pdf", type: "application/pdf", bytes: EXE },
      {
        project_id: anaProject,
      },
    );
    expect(renamed.status).toBe(400);
    expect((await renamed.json()).error).toMatch(/content is not that of a \.pdf file/);
    for (const [name, type, bytes] of [
      ["photo.png", "image/png", PDF],
      ["notes.txt", "text/plain", EXE],
      ["site.zip", "application/zip", PDF],
      ["letter.docx", "application/octet-stream", PDF],
    ] as const) {
      const res = await upload(anaByEmail, { name, type, bytes }, { project_id: anaProject });
      expect({ name, status: res.status }).toEqual({ name, status: 400 });
    }
    for (const [name, type] of [
      ["setup.exe", "application/x-msdownload"],
      ["page.html", "text/html"],
      ["logo.svg", "image/svg+xml"],
    ] as const) {
      const res = await upload(anaByEmail, { name, type, bytes: EXE }, { project_id: anaProject });
      expect({ name, status: res.status }).toEqual({ name, status: 415 });
      expect((await res.json()).error).toContain(".pdf");
    }
    expect(await storedFiles()).toBe(before);
  });

  it("answers 413 above 25 MB and 400 without a file or project", async () => {
    const big = await upload(
      anaByEmail,
      { name: "huge.zip", type: "application/zip", bytes: new Uint8Array(25 * 1024 * 1024 + 1) },
      { project_id: anaProject },
    );
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe("File too large: the limit is 25 MB");

    const form = new FormData();
    form.set("project_id", anaProject);
    const none = await ctx.app.request("/api/client/media/upload", {
      method: "POST",
      headers: bearer(anaByEmail),
      body: form,
    });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toContain("No file");
    const noProject = await upload(anaByEmail, { name: "a.pdf", type: "application/pdf", bytes: PDF }, {});
    expect(noProject.status).toBe(400);
    expect((await noProject.json()).fields).toHaveProperty("project_id");
  });

  it("reduces a path-like file name to its last part; the stored name is generated", async () => {
    for (const [name, shown] of [
      ["../../etc/passwd.txt", "passwd.txt"],
      ["..\\..\\Windows\\notes.txt", "notes.txt"],
      ["/var/www/brief.txt", "brief.txt"],
    ] as const) {
      const item = await uploaded(anaByEmail, anaProject, { name, type: "text/plain", bytes: Buffer.from("plain") });
      expect(item.original_name).toBe(shown);
      expect(item.filename).toMatch(/^[0-9a-f]{24}\.txt$/);
      const [row] = await ctx.db.select().from(media).where(eq(media.id, item.id));
      expect(row!.storageKey).toBe(`files/${item.filename}`);
    }
    const res = await upload(
      anaByEmail,
      { name: "../", type: "text/plain", bytes: Buffer.from("x") },
      {
        project_id: anaProject,
      },
    );
    expect(res.status).toBe(415);
  });
});
