import { z } from "~/contracts/zod";
import { JOB_RUN_STATUSES } from "~/contracts/jobs";
import { endpoint } from "./endpoint";

/**
 * The daily backup as the owner sees it (GET /api/admin/backups, docs/decisions/037-backups.md):
 * the last run, the last good one, a run in progress, the archives kept and the schedule.
 */

/**
 * An archive's name in the backups' folder or bucket prefix: one plain file name ending in
 * .tar.gz, or .tar.gz.enc when encrypted (BACKUP_ENCRYPTION_KEY), so a name from a request can
 * never reach another folder. The daily backup names its archives
 * `backup-<UTC time>-<random>.tar.gz(.enc)`; an archive put there by hand is listed too.
 */
export const ARCHIVE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.tar\.gz(\.enc)?$/;

/** An archive's media type: a gzip, or bytes only the app's restore reads (encrypted). */
export const archiveContentType = (name: string) =>
  name.endsWith(".enc") ? "application/octet-stream" : "application/gzip";

export const isArchiveName = (name: string) => ARCHIVE_NAME.test(name) && !name.includes("..");

/** The dashboard warns when the last good backup is older than this, or the last one failed. */
export const BACKUP_STALE_HOURS = 48;

/** What a backup is doing: the archive's steps, then putting it where the archives are kept. */
export const BACKUP_PHASES = ["starting", "tables", "files", "archive", "verify", "storing"] as const;

export type BackupPhase = (typeof BACKUP_PHASES)[number];

const dateTime = (example: string) => z.string().meta({ format: "date-time", example });

const count = (description: string) => z.number().int().min(0).meta({ description });

export const BackupCountsSchema = z
  .object({
    bytes: count("The archive's size in bytes"),
    tables: count("Tables copied"),
    rows: count("Rows copied, all tables together"),
    files: count("Media files copied"),
  })
  .meta({ id: "BackupCounts", example: { bytes: 48_211_004, tables: 31, rows: 182_405, files: 412 } });

export type BackupCounts = z.infer<typeof BackupCountsSchema>;

export const BackupRunSchema = z
  .object({
    started_at: dateTime("2026-11-27T08:02:00.000Z"),
    finished_at: dateTime("2026-11-27T08:02:41.300Z"),
    status: z.enum(JOB_RUN_STATUSES),
    error: z.string().nullable().meta({ description: "Why the run failed; null when it succeeded", example: null }),
    counts: BackupCountsSchema.meta({ description: "What it copied; a failed run counts what it reached" }),
  })
  .meta({ id: "BackupRun" });

export type BackupRun = z.infer<typeof BackupRunSchema>;

export const BackupProgressSchema = z
  .object({
    started_at: dateTime("2026-11-27T08:02:00.000Z"),
    updated_at: dateTime("2026-11-27T08:02:12.000Z"),
    phase: z.enum(BACKUP_PHASES),
    done: count("Steps of this phase done: tables, files, or bytes"),
    total: count("Steps of this phase in all; 0 when not known"),
    item: z.string().nullable().meta({ description: "What it is on: a table or a file", example: "public.contacts" }),
  })
  .meta({ id: "BackupProgress" });

export type BackupProgress = z.infer<typeof BackupProgressSchema>;

export const BackupArchiveSchema = z
  .object({
    name: z.string().meta({ example: "backup-20261127-080200-3f9a1c2b7d4e5a60.tar.gz" }),
    bytes: count("Its size in bytes"),
    created_at: dateTime("2026-11-27T08:02:00.000Z"),
  })
  .meta({ id: "BackupArchive" });

export type BackupArchive = z.infer<typeof BackupArchiveSchema>;

export const BackupTargetSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("folder"), path: z.string().meta({ example: "/srv/site/data/backups" }) }),
    z.object({
      kind: z.literal("bucket"),
      bucket: z.string().meta({ example: "site-files" }),
      prefix: z.string().meta({ example: "backups" }),
    }),
  ])
  .meta({
    id: "BackupTarget",
    description: "Where the archives are kept: a folder on the server, or a bucket's folder",
  });

export type BackupTarget = z.infer<typeof BackupTargetSchema>;

export const BackupScheduleSchema = z
  .object({
    hour: z.number().int().min(0).max(23).nullable().meta({
      description: "The hour of the daily backup in time_zone (BACKUP_HOUR); null when the daily backup is off",
      example: 3,
    }),
    time_zone: z.string().meta({ example: "America/New_York" }),
    keep: z
      .number()
      .int()
      .min(1)
      .meta({ description: "Archives kept (BACKUP_KEEP); older ones are deleted", example: 14 }),
    target: BackupTargetSchema,
    encrypted: z.boolean().meta({
      description:
        "Whether archives are encrypted (AES-256-GCM) and their manifests signed (HMAC-SHA256) with BACKUP_ENCRYPTION_KEY",
      example: true,
    }),
  })
  .meta({ id: "BackupSchedule" });

export type BackupSchedule = z.infer<typeof BackupScheduleSchema>;

export const BackupsOverviewSchema = z
  .object({
    last_run: BackupRunSchema.nullable().meta({
      description: "The last backup, by schedule or by hand; null before the first",
    }),
    last_success_at: dateTime("2026-11-27T08:02:00.000Z")
      .nullable()
      .meta({ description: "When the last backup that succeeded started; null when none has" }),
    running: BackupProgressSchema.nullable().meta({
      description: "A backup running now, on any process, with its progress",
    }),
    archives: z.array(BackupArchiveSchema).meta({ description: "The archives kept, newest first" }),
    archives_error: z.string().nullable().meta({
      description: "Why the archives could not be listed (the folder or bucket unreachable); null when they were",
      example: null,
    }),
    schedule: BackupScheduleSchema,
  })
  .meta({
    id: "BackupsOverview",
    example: {
      last_run: {
        started_at: "2026-11-27T08:02:00.000Z",
        finished_at: "2026-11-27T08:02:41.300Z",
        status: "succeeded",
        error: null,
        counts: { bytes: 48_211_004, tables: 31, rows: 182_405, files: 412 },
      },
      last_success_at: "2026-11-27T08:02:00.000Z",
      running: null,
      archives: [
        {
          name: "backup-20261127-080200-3f9a1c2b7d4e5a60.tar.gz.enc",
          bytes: 48_211_004,
          created_at: "2026-11-27T08:02:00.000Z",
        },
      ],
      archives_error: null,
      schedule: {
        hour: 3,
        time_zone: "America/New_York",
        keep: 14,
        target: { kind: "folder", path: "/srv/site/data/backups" },
        encrypted: true,
      },
    },
  });

export type BackupsOverview = z.infer<typeof BackupsOverviewSchema>;

export const BackupStartedSchema = z.object({ started_at: dateTime("2026-11-27T15:40:00.000Z") }).meta({
  id: "BackupStarted",
  description: "The backup runs in the background: GET /api/admin/backups shows its progress",
});

export const BackupNameParamSchema = z.object({
  name: z
    .string()
    .refine(isArchiveName, { error: "must be an archive's name as the list gives it, such as backup-....tar.gz" })
    .meta({ param: { name: "name", in: "path" }, example: "backup-20261127-080200-3f9a1c2b7d4e5a60.tar.gz" }),
});

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
  /** One archive (a gzipped tar, or that encrypted), streamed in its type (archiveContentType). */
  download: endpoint({
    method: "get",
    path: "/api/admin/backups/{name}",
    access: "admin",
    params: BackupNameParamSchema,
    answer: z.string().meta({ format: "binary" }),
    contentType: "*/*",
  }),
};
