import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DailyJobsSchema } from "~/contracts/jobs";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { runDailyJob } from "../../services/job-runs";
import { mediaStoreFor } from "../../services/media/store";
import { PROJECT_RETENTION_JOB, runProjectRetention, zero } from "../../services/projects/retention";

/** GET /api/admin/jobs: the daily jobs' last runs, as the settings screen reads them. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let dataDir: string;
const quiet = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wbt-jobs-"));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  auth = (await createAdminToken(ctx.db)).auth;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const read = () => ctx.app.request("/api/admin/jobs", { headers: auth });

describe("GET /api/admin/jobs", () => {
  it("answers 401 with an error without the admin token, or with a wrong one", async () => {
    for (const headers of [{}, { Authorization: "Bearer not-a-session" }] as Record<string, string>[]) {
      const res = await ctx.app.request("/api/admin/jobs", { headers });
      expect(res.status).toBe(401);
      expect((await res.json()).error).toEqual(expect.any(String));
    }
  });

  it("has no last run before the first; then the run's times, result and counts, exactly as the contract says", async () => {
    expect(await (await read()).json()).toEqual({
      project_retention: null,
      held_back: { projects: 0, open_quotes: 0, money_due: 0, open_credits: 0 },
    });
    await runProjectRetention({ db: ctx.db, store: mediaStoreFor(ctx.env), log: quiet });
    const res = await read();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(DailyJobsSchema.parse(body)).toEqual(body);
    expect(body.project_retention).toMatchObject({
      status: "succeeded",
      error: null,
      counts: { projects: 0, milestones: 0, updates: 0, comments: 0, portal_sessions: 0, files: 0, files_kept: 0 },
    });
  });

  it("shows a failed run with its error and the counts it reached", async () => {
    const run = runDailyJob(
      {
        name: PROJECT_RETENTION_JOB,
        description: "a run that fails",
        zero,
        run: async (counts) => {
          counts.projects = 1;
          counts.files = 3;
          throw new Error("connect ETIMEDOUT 10.0.0.7:443");
        },
      },
      { db: ctx.db, log: quiet, force: true },
    );
    await expect(run).rejects.toThrow("ETIMEDOUT");
    const body = DailyJobsSchema.parse(await (await read()).json());
    expect(body.project_retention).toMatchObject({
      status: "failed",
      error: "connect ETIMEDOUT 10.0.0.7:443",
      counts: { projects: 1, files: 3, comments: 0 },
    });
  });
});
