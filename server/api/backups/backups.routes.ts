import { backupsEndpoints as endpoints } from "~/contracts/backups";
import { adminErrors, errorResponses } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";

/**
 * The daily backup (docs/decisions/037-backups.md): what the owner's settings screen shows under
 * "Backups" and the dashboard warns about, "Back up now", and an archive's download.
 */
const tags = ["Admin: backups"];

export const backupsOverviewRoute = routeOf(endpoints.overview, {
  tags,
  summary:
    "The last backup (when, whether it succeeded, its size and counts), the last good one, one running now with its progress, the archives kept and the schedule",
  answer: "The backups as they stand",
  responses: adminErrors,
});

export const startBackupRoute = routeOf(endpoints.start, {
  tags,
  summary: "Back up now: starts a backup in the background (no body); GET /api/admin/backups shows its progress",
  answer: "Started",
  responses: {
    ...adminErrors,
    ...errorResponses([409], {
      409: "A backup (or another daily job) is already running, on this process or another: wait for it to finish",
    }),
  },
});

export const downloadBackupRoute = routeOf(endpoints.download, {
  tags,
  summary: "One archive, streamed as a download (npm run restore takes it back)",
  answer:
    "The archive: a gzipped tar (manifest.json, each table, each media file), or with BACKUP_ENCRYPTION_KEY the same encrypted (.tar.gz.enc, application/octet-stream)",
  answerTypes: ["application/gzip", "application/octet-stream"],
  responses: {
    ...adminErrors,
    ...errorResponses([404], { 404: "No archive by that name: the list names those kept" }),
  },
});
