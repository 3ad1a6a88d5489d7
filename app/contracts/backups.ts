import { z } from "~/lib/zod";
import { BackupNameParamSchema, BackupStartedSchema, BackupsOverviewSchema } from "~/lib/admin/backups";
import { endpoint } from "./endpoint";

/** The daily backup (docs/decisions/037-backups.md): the overview, "Back up now" and an archive's download. */
export const backupsEndpoints = {
  /** The last run, the last good one, one running now with its progress, the archives kept, the schedule. */
  overview: endpoint({
    method: "get",
    path: "/api/admin/backups",
    access: "admin",
    answer: BackupsOverviewSchema,
  }),
  /** "Back up now": runs in the background; the overview shows its progress. */
  start: endpoint({
    method: "post",
    path: "/api/admin/backups",
    access: "admin",
    answer: BackupStartedSchema,
    status: 202,
  }),
  /** One archive (a gzipped tar), streamed. */
  download: endpoint({
    method: "get",
    path: "/api/admin/backups/{name}",
    access: "admin",
    params: BackupNameParamSchema,
    answer: z.string().meta({ format: "binary" }),
    contentType: "application/gzip",
  }),
};
