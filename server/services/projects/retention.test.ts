import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { Client } from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DailyJobsSchema, type ProjectRetentionCounts } from "~/contracts/jobs";
import { MediaAnswerSchema } from "~/contracts/media";
import { ProjectAnswerSchema } from "~/contracts/projects";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp, createTestServer } from "../../../tests/support/app";
import { startS3Peer } from "../../../tests/support/s3-peer";
import type { MediaItem } from "../media/media";
import {
  contacts,
  jobRuns,
  media,
  portalSessions,
  projectCommentMedia,
  projectComments,
  projectContacts,
  projectMilestones,
  projects,
  projectUpdates,
  reviews,
} from "../../db/schema/index";
import { DAILY_JOBS_LOCK } from "../../lib/job-lock";
import { runDailyJob } from "../job-runs";
import { uploadMedia } from "../media/media";
import { mediaStoreFor, s3MediaStore, type MediaStore } from "../media/store";
import { generateProjectId } from "./project-id";
import { lastProjectRetentionRun, removeExpiredProjects, runProjectRetention, zero } from "./retention";

/**
 * The project retention (docs/decisions/036-project-retention.md) against the real database and
 * the real media store: everything is made through the API as the owner and the client make it,
 * then dated back as the months would have dated it.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let dataDir: string;
let store: MediaStore;
let auth: Record<string, string>;

const quiet = { info: () => {}, warn: () => {} };
const unique = () => Math.random().toString(36).slice(2, 8);
const DAY = 24 * 60 * 60_000;
const monthsAgo = (months: number) => new Date(Date.now() - months * 30.5 * DAY);
const NONE: ProjectRetentionCounts = zero();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-retention-"));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  // The store the app's uploads wrote to: the local disk under DATA_DIR.
  store = mediaStoreFor(ctx.env);
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = auth) =>
  ctx.app.request(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
async function ok<T = Record<string, unknown>>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
}
const png = (shade: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 90, b: 160 } } })
    .png()
    .toBuffer();
async function upload(url: string, headers: Record<string, string>, projectId: string | null, name: string) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await png(name.length * 7))], name, { type: "image/png" }));
  if (projectId) form.set("project_id", projectId);
  return MediaAnswerSchema.parse(await ok(ctx.app.request(url, { method: "POST", headers, body: form }), 201)).media;
}
const storedKeys = async (mediaId: number) => {
  const [row] = await ctx.db.select().from(media).where(eq(media.id, mediaId));
  return row ? [row.storageKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])] : [];
};
const onDisk = (key: string) => existsSync(path.join(dataDir, "media", key));

interface Seeded {
  id: string;
  contactId: number;
  portalToken: string;
  clientFile: MediaItem;
  clientFileKeys: string[];
}

/**
 * A client's project as it goes: a contact, the project, a milestone, an update, the client
 * opening the portal by the Project ID, uploading a file and commenting with it; then marked
 * complete. Its dates are then set back: work `completedMonthsAgo + 2` months ago, completion
 * `completedMonthsAgo` months ago.
 */
async function seedProject(who: string, completedMonthsAgo: number): Promise<Seeded> {
  const { contact } = await ok<{ contact: { id: number } }>(
    call("POST", "/api/admin/contacts", {
      name: who,
      email: `${who.split(" ")[0]!.toLowerCase()}.${unique()}@example.com`,
    }),
    201,
  );
  const { project } = ProjectAnswerSchema.parse(
    await ok(call("POST", "/api/admin/projects", { contact_ids: [contact.id], name: `${who} Website` }), 201),
  );
  await ok(call("POST", `/api/admin/projects/${project.id}/milestones`, { title: "Design approved" }), 201);
  await ok(
    call("POST", `/api/admin/projects/${project.id}/updates`, {
      title: "The menu page is live",
      content: "Have a look and tell me what you think.",
      notify_client: false,
    }),
    201,
  );
  const { portal_token } = await ok<{ portal_token: string }>(
    call("POST", "/api/client-portal/lookup", { type: "project-id", identifier: project.id }, {}),
  );
  const portal = { Authorization: `Bearer ${portal_token}` };
  const clientFile = await upload("/api/client/media/upload", portal, project.id, "storefront.png");
  await ok(
    call(
      "POST",
      `/api/projects/${project.id}/comments`,
      { content: "Our storefront", attachments: [clientFile.id] },
      portal,
    ),
    201,
  );
  await ok(call("PUT", `/api/admin/projects/${project.id}`, { status: "complete" }));

  const work = monthsAgo(completedMonthsAgo + 2);
  const done = monthsAgo(completedMonthsAgo);
  await ctx.db
    .update(projects)
    .set({ completedAt: done, updatedAt: done, createdAt: work })
    .where(eq(projects.id, project.id));
  for (const table of [projectMilestones, projectUpdates, projectComments, media] as const)
    await ctx.db.update(table).set({ createdAt: work }).where(eq(table.projectId, project.id));
  return {
    id: project.id,
    contactId: contact.id,
    portalToken: portal_token,
    clientFile,
    clientFileKeys: await storedKeys(clientFile.id),
  };
}

/** Rows of each of the project's tables. */
async function rowsOf(projectId: string) {
  const n = async (table: typeof projectMilestones | typeof projectUpdates | typeof projectComments | typeof media) =>
    (await ctx.db.select({ id: table.id }).from(table).where(eq(table.projectId, projectId))).length;
  return {
    project: (await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId))).length,
    milestones: await n(projectMilestones),
    updates: await n(projectUpdates),
    comments: await n(projectComments),
    files: await n(media),
    portal_sessions: (await ctx.db.select().from(portalSessions).where(eq(portalSessions.projectId, projectId))).length,
    contacts: (await ctx.db.select().from(projectContacts).where(eq(projectContacts.projectId, projectId))).length,
  };
}

const readJobs = async () => DailyJobsSchema.parse(await ok(call("GET", "/api/admin/jobs")));

describe("project retention", () => {
  let older: Seeded;
  let newer: Seeded;
  let postFile: MediaItem;
  let postFileKeys: string[];

  beforeAll(async () => {
    older = await seedProject("Rita Moreau", 13);
    newer = await seedProject("Dana Pires", 11);
    // A photo of the finished site: in the library, shown by a published article, later filed
    // under the older project (a project's file is private: visitors get 404 for it meanwhile).
    postFile = await upload("/api/admin/media/upload", auth, null, "finished-site.png");
    await ok(
      call("POST", "/api/admin/posts", {
        title: `A bakery's new site ${unique()}`,
        content: `How the menu page came together.\n\n![The finished site](${postFile.url})`,
        status: "published",
      }),
      201,
    );
    await ok(call("PUT", `/api/admin/media/${postFile.id}`, { project_id: older.id }));
    await ctx.db
      .update(media)
      .set({ createdAt: monthsAgo(15) })
      .where(eq(media.id, postFile.id));
    expect((await ctx.app.request(postFile.url)).status).toBe(404);
    postFileKeys = await storedKeys(postFile.id);
  });

  it("the admin has no last run to show before the first run, and only with the admin token", async () => {
    expect(await readJobs()).toEqual({
      project_retention: null,
      held_back: { projects: 0, open_quotes: 0, money_due: 0, open_credits: 0 },
    });
    const anonymous = await call("GET", "/api/admin/jobs", undefined, {});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toHaveProperty("error");
  });

  it("removes the project complete for 13 months with its milestones, updates, comments, portal session and files, keeps the 11-month one", async () => {
    for (const key of [...older.clientFileKeys, ...postFileKeys, ...newer.clientFileKeys])
      expect(onDisk(key), key).toBe(true);
    const run = await runProjectRetention({ db: ctx.db, store, log: quiet });
    expect(run.ran).toBe(true);
    const counts = run.ran ? run.result?.counts : undefined;
    expect(counts).toEqual({
      projects: 1,
      milestones: 1,
      updates: 1,
      comments: 1,
      portal_sessions: 1,
      files: 1,
      files_kept: 1,
      held_for_billing: 0,
    });

    // The older project and everything on it: no row left, the client's file's bytes gone.
    expect(await rowsOf(older.id)).toEqual({
      project: 0,
      milestones: 0,
      updates: 0,
      comments: 0,
      files: 0,
      portal_sessions: 0,
      contacts: 0,
    });
    expect(
      await ctx.db.select().from(projectCommentMedia).where(eq(projectCommentMedia.mediaId, older.clientFile.id)),
    ).toEqual([]);
    for (const key of older.clientFileKeys) {
      expect(onDisk(key), key).toBe(false);
      expect(await store.get(key)).toBeUndefined();
    }
    expect((await call("GET", older.clientFile.url.split("?")[0]!)).status).toBe(404);
    // Its client's portal token opens nothing any more.
    expect(
      (await call("GET", "/api/client-portal/projects", undefined, { Authorization: `Bearer ${older.portalToken}` }))
        .status,
    ).toBe(401);

    // The file the published article shows stays, no longer the project's, and is served to anyone.
    const [kept] = await ctx.db.select().from(media).where(eq(media.id, postFile.id));
    expect(kept?.projectId).toBeNull();
    for (const key of postFileKeys) expect(onDisk(key), key).toBe(true);
    const served = await ctx.app.request(postFile.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await served.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");

    // The newer project is as it was: rows, file bytes, its client's way in.
    expect(await rowsOf(newer.id)).toEqual({
      project: 1,
      milestones: 1,
      updates: 1,
      comments: 1,
      files: 1,
      portal_sessions: 1,
      contacts: 1,
    });
    for (const key of newer.clientFileKeys) expect(onDisk(key), key).toBe(true);
    const portal = { Authorization: `Bearer ${newer.portalToken}` };
    expect((await call("GET", `/api/client-portal/projects/${newer.id}`, undefined, portal)).status).toBe(200);
    expect((await call("GET", newer.clientFile.url)).status).toBe(200);

    // Both contacts stay, each with its own rules.
    const people = await ctx.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(inArray(contacts.id, [older.contactId, newer.contactId]));
    expect(people).toHaveLength(2);
  });

  it("records the run where the admin reads it: its time, its result and its counts", async () => {
    const { project_retention: last } = await readJobs();
    expect(last).toMatchObject({
      status: "succeeded",
      error: null,
      counts: { projects: 1, milestones: 1, updates: 1, comments: 1, portal_sessions: 1, files: 1, files_kept: 1 },
    });
    const started = Date.parse(last!.started_at);
    expect(Date.now() - started).toBeLessThan(5 * 60_000);
    expect(Date.parse(last!.finished_at)).toBeGreaterThanOrEqual(started);
  });

  it("a second run removes nothing; the next check within the day does not run it at all", async () => {
    expect(await runProjectRetention({ db: ctx.db, store, log: quiet })).toEqual({ ran: true, result: null });
    const again = await runProjectRetention({ db: ctx.db, store, log: quiet }, { force: true });
    expect(again.ran && again.result?.counts).toEqual(NONE);
    expect((await readJobs()).project_retention?.counts).toEqual(NONE);
    expect(await rowsOf(newer.id)).toMatchObject({ project: 1, files: 1 });
  });
});

describe("what keeps a project past its year", () => {
  it("a client's comment two months ago, or a project in maintenance, keeps a project completed 13 months ago", async () => {
    const talkedTo = await seedProject("Ana Souza", 13);
    await ctx.db
      .update(projectComments)
      .set({ createdAt: monthsAgo(2) })
      .where(eq(projectComments.projectId, talkedTo.id));
    const looked = await seedProject("Lee Carvalho", 13);
    await ctx.db.update(projects).set({ status: "maintenance" }).where(eq(projects.id, looked.id));
    const counts = { ...NONE };
    await removeExpiredProjects({ db: ctx.db, store, log: quiet }, counts, new Date());
    expect(counts).toEqual(NONE);
    expect((await rowsOf(talkedTo.id)).project).toBe(1);
    expect((await rowsOf(looked.id)).project).toBe(1);
    for (const key of [...talkedTo.clientFileKeys, ...looked.clientFileKeys]) expect(onDisk(key), key).toBe(true);
  });
});

describe("a removed project's reviews", () => {
  it("a pending or hidden review goes with its project; an approved one stays, published, without it", async () => {
    const pending = await seedProject("Mira Costa", 13);
    const hidden = await seedProject("Noor Haddad", 13);
    const approved = await seedProject("Ines Okafor", 13);
    const review = (projectId: string, status: "pending" | "hidden" | "approved") => ({
      projectId,
      stars: 5,
      words: "Clear, quick and kind: our bookings doubled.",
      displayName: "A client",
      consent: status === "approved",
      status,
    });
    await ctx.db
      .insert(reviews)
      .values([review(pending.id, "pending"), review(hidden.id, "hidden"), review(approved.id, "approved")]);
    const counts = { ...NONE };
    await removeExpiredProjects({ db: ctx.db, store, log: quiet }, counts, new Date());
    expect(counts.projects).toBe(3);
    const left = await ctx.db
      .select()
      .from(reviews)
      .where(eq(reviews.words, "Clear, quick and kind: our bookings doubled."));
    expect(left.map((r) => [r.status, r.projectId])).toEqual([["approved", null]]);
  });
});

describe("one run at a time", () => {
  it("two processes checking together run it once; none runs while another holds the daily jobs' lock", async () => {
    await ctx.db.delete(jobRuns);
    const gone = await seedProject("Joao Mendes", 14);
    // Two app processes: two pools on the same database.
    const results = await Promise.all([
      runProjectRetention({ db: ctx.db, store, log: quiet }),
      runProjectRetention({ db: ctx.db, store, log: quiet }),
    ]);
    const ran = results.filter((r) => r.ran && r.result);
    expect(ran).toHaveLength(1);
    expect((await rowsOf(gone.id)).project).toBe(0);

    const other = new Client({ connectionString: ctx.databaseUrl });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock($1, hashtext($2))", [0x6a6f6273, DAILY_JOBS_LOCK]);
      expect(await runProjectRetention({ db: ctx.db, store, log: quiet }, { force: true })).toEqual({ ran: false });
    } finally {
      await other.end();
    }
  });

  it("a failed run is recorded with its error and what it finished, and is due again at the next check", async () => {
    const failing = {
      name: "project-retention",
      description: "a run that fails part-way",
      zero: () => ({ ...NONE }),
      run: async (counts: ProjectRetentionCounts) => {
        counts.projects += 2;
        throw new Error("The media bucket answered 503");
      },
    };
    await expect(runDailyJob(failing, { db: ctx.db, log: quiet, force: true })).rejects.toThrow("503");
    const { project_retention: last } = await readJobs();
    expect(last).toMatchObject({ status: "failed", error: "The media bucket answered 503", counts: { projects: 2 } });
    // Not forced: a failed last run makes it due at once.
    const retried = await runProjectRetention({ db: ctx.db, store, log: quiet });
    expect(retried.ran && retried.result?.status).toBe("succeeded");
    expect((await lastProjectRetentionRun(ctx.db))?.status).toBe("succeeded");
  });
});

describe("files in an S3 bucket", () => {
  it("a removed project's file is deleted from the bucket", async () => {
    const peer = await startS3Peer();
    try {
      const bucket = s3MediaStore({
        bucket: peer.bucket,
        region: "us-east-1",
        endpoint: peer.endpoint,
        forcePathStyle: true,
        credentials: peer.credentials,
      });
      const [project] = await ctx.db
        .insert(projects)
        .values({
          id: generateProjectId(monthsAgo(16)),
          name: "Cove Kayaks Website",
          status: "complete",
          completedAt: monthsAgo(14),
          updatedAt: monthsAgo(14),
        })
        .returning();
      const file = await uploadMedia(ctx.db, bucket, {
        file: new File([new Uint8Array(await png(12))], "dock.png", { type: "image/png" }),
        projectId: project!.id,
      });
      await ctx.db
        .update(media)
        .set({ createdAt: monthsAgo(15) })
        .where(eq(media.id, file.id));
      const keys = await storedKeys(file.id);
      expect(keys).toHaveLength(2);
      for (const key of keys) expect(await bucket.get(key), key).toBeDefined();

      const counts = { ...NONE };
      await removeExpiredProjects({ db: ctx.db, store: bucket, log: quiet }, counts, new Date());
      expect(counts).toMatchObject({ projects: 1, files: 1 });
      for (const key of keys) expect(await bucket.get(key), key).toBeUndefined();
      expect(await ctx.db.select().from(media).where(eq(media.id, file.id))).toEqual([]);
    } finally {
      await peer.close();
    }
  });
});

describe("the server runs it by itself", () => {
  it("the composed server checks on its own and runs it when due: a project past its year goes, the run is recorded", async () => {
    const ownDir = await mkdtemp(path.join(os.tmpdir(), "wbt-retention-server-"));
    const server = await createTestServer({
      env: { DATA_DIR: ownDir },
      jobIntervals: { firstDailyCheckAfterMs: 50, dailyCheckMs: 200 },
    });
    const other = new Client({ connectionString: server.databaseUrl });
    await other.connect();
    try {
      // Arranged under the daily jobs' lock: a check that ran before (finding nothing) is
      // forgotten, and none runs until the project is in place.
      await other.query("select pg_advisory_lock($1, hashtext($2))", [0x6a6f6273, DAILY_JOBS_LOCK]);
      await server.db.delete(jobRuns);
      const [project] = await server.db
        .insert(projects)
        .values({
          id: generateProjectId(monthsAgo(20)),
          name: "Bay Street Barbers Website",
          status: "complete",
          completedAt: monthsAgo(18),
          updatedAt: monthsAgo(18),
        })
        .returning();
      await other.query("select pg_advisory_unlock($1, hashtext($2))", [0x6a6f6273, DAILY_JOBS_LOCK]);

      await expect.poll(() => lastProjectRetentionRun(server.db), { timeout: 15_000 }).not.toBeNull();
      expect(await lastProjectRetentionRun(server.db)).toMatchObject({ status: "succeeded", counts: { projects: 1 } });
      expect(await server.db.select().from(projects).where(eq(projects.id, project!.id))).toEqual([]);
    } finally {
      await other.end();
      await server.close();
      await rm(ownDir, { recursive: true, force: true });
    }
  });
});
