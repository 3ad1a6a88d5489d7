import { createRoute, z } from "@hono/zod-openapi";
import { BackupNameParamSchema, BackupStartedSchema, BackupsOverviewSchema } from "~/lib/admin/backups";
import { adminErrors, errorResponses, json } from "../../lib/openapi";

/**
 * The daily backup (docs/decisions/037-backups.md): what the owner's settings screen shows under
 * "Backups" and the dashboard warns about, "Back up now", and an archive's download.
 */
const tags = ["Admin: backups"];
const security = [{ bearerAuth: [] }];

export const backupsOverviewRoute = createRoute({
  method: "get",
  path: "/api/admin/backups",
  tags,
  security,
  summary:
    "The last backup (when, whether it succeeded, its size and counts), the last good one, one running now with its progress, the archives kept and the schedule",
  responses: { 200: json(BackupsOverviewSchema, "The backups as they stand"), ...adminErrors },
});

export const startBackupRoute = createRoute({
  method: "post",
  path: "/api/admin/backups",
  tags,
  security,
  summary: "Back up now: starts a backup in the background (no body); GET /api/admin/backups shows its progress",
  responses: {
    202: json(BackupStartedSchema, "Started"),
    ...adminErrors,
    ...errorResponses([409], {
      409: "A backup (or another daily job) is already running, on this process or another: wait for it to finish",
    }),
  },
});

export const downloadBackupRoute = createRoute({
  method: "get",
  path: "/api/admin/backups/{name}",
  tags,
  security,
  summary: "One archive, streamed as a download (npm run restore takes it back)",
  request: { params: BackupNameParamSchema },
  responses: {
    200: {
      description: "The archive (a gzipped tar: manifest.json, each table, each media file)",
      content: { "application/gzip": { schema: z.string().meta({ format: "binary" }) } },
    },
    ...adminErrors,
    ...errorResponses([404], { 404: "No archive by that name: the list names those kept" }),
  },
});
