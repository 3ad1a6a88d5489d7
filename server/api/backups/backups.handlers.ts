import type { OpenAPIHono } from "@hono/zod-openapi";
import { site } from "~/config/site";
import { archiveContentType, type BackupRun, type BackupsOverview } from "~/contracts/backups";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import { serializeError } from "../../lib/logger";
import {
  backupDepsFor,
  lastBackupRun,
  readRunningBackup,
  startBackup,
  type RunningBackup,
} from "../../services/backups/backups";
import type { JobRun } from "../../services/job-runs";
import { backupsOverviewRoute, downloadBackupRoute, startBackupRoute } from "./backups.routes";

const runToWire = (run: JobRun<BackupRun["counts"]>): BackupRun => ({
  started_at: run.startedAt.toISOString(),
  finished_at: run.finishedAt.toISOString(),
  status: run.status,
  error: run.error,
  counts: run.counts,
});

const progressToWire = (running: RunningBackup): NonNullable<BackupsOverview["running"]> => ({
  started_at: running.startedAt.toISOString(),
  updated_at: running.updatedAt.toISOString(),
  phase: running.phase,
  done: running.done,
  total: running.total,
  item: running.item,
});

export function registerBackupRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(backupsOverviewRoute, async (c) => {
    const deps = backupDepsFor(c.var.deps.env, c.var.deps);
    const [last, running] = await Promise.all([lastBackupRun(deps.db), readRunningBackup(deps.db)]);
    // An unreachable bucket leaves the rest of the answer standing: the owner reads why.
    let archives: BackupsOverview["archives"] = [];
    let archivesError: string | null = null;
    try {
      archives = (await deps.target.list()).map((a) => ({
        name: a.name,
        bytes: a.bytes,
        created_at: a.createdAt.toISOString(),
      }));
    } catch (error) {
      c.var.log.warn({ err: error }, "could not list the backup archives");
      archivesError = `The archives could not be listed: ${String(serializeError(error).message ?? "unknown error")}`;
    }
    return c.json(
      {
        last_run: last ? runToWire(last) : null,
        last_success_at: last?.lastSucceededAt?.toISOString() ?? null,
        running: running ? progressToWire(running) : null,
        archives,
        archives_error: archivesError,
        schedule: {
          hour: deps.hour,
          time_zone: site.timeZone,
          keep: deps.keep,
          target: deps.target.info,
          encrypted: deps.key !== undefined,
        },
      },
      200,
    );
  });

  app.openapi(startBackupRoute, async (c) => {
    const deps = backupDepsFor(c.var.deps.env, c.var.deps);
    const start = await startBackup(deps);
    if (!start.started) {
      const running = await readRunningBackup(deps.db);
      return jsonError(
        c,
        409,
        running
          ? `A backup is already running (started ${running.startedAt.toISOString()}): its progress shows in Settings, Backups. Wait for it to finish.`
          : "Another daily job (the project clean-up) is running right now: back up again in a minute.",
      );
    }
    return c.json({ started_at: start.startedAt.toISOString() }, 202);
  });

  app.openapi(downloadBackupRoute, async (c) => {
    const { name } = c.req.valid("param");
    const archive = await backupDepsFor(c.var.deps.env, c.var.deps).target.open(name);
    if (!archive) return jsonError(c, 404, `No archive named ${name}: download one of those the list shows.`);
    return c.body(archive.body, 200, {
      "Content-Type": archiveContentType(name),
      "Content-Length": String(archive.bytes),
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    });
  });
}
