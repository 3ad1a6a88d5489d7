import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ProjectRetentionRun } from "~/contracts/jobs";
import type { AppEnv } from "../../lib/app-env";
import type { JobRun } from "../../services/job-runs";
import { heldBackProjects, lastProjectRetentionRun } from "../../services/projects/retention";
import { dailyJobsRoute } from "./jobs.routes";

const toWire = (run: JobRun<ProjectRetentionRun["counts"]>): ProjectRetentionRun => ({
  started_at: run.startedAt.toISOString(),
  finished_at: run.finishedAt.toISOString(),
  status: run.status,
  error: run.error,
  counts: run.counts,
});

export function registerJobRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(dailyJobsRoute, async (c) => {
    const run = await lastProjectRetentionRun(c.var.deps.db);
    const heldBack = await heldBackProjects(c.var.deps.db);
    return c.json({ project_retention: run ? toWire(run) : null, held_back: heldBack }, 200);
  });
}
