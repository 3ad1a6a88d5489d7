import { formatFileSize } from "~/lib/file-size";
import type { BackupPhase, BackupProgress, BackupRun, BackupSchedule } from "~/contracts/backups";

/** How the backups read to the owner: times in words, the steps, the counts, the schedule. */

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const STEPS: [limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  [3600, "minute", 60],
  [86_400, "hour", 3600],
  [Infinity, "day", 86_400],
];

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago". */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return "just now";
  const [, unit, size] = STEPS.find(([limit]) => seconds < limit)!;
  return relative.format(-Math.floor(seconds / size), unit);
}

const PHASES: Record<BackupPhase, string> = {
  starting: "Starting",
  tables: "Copying the database's tables",
  files: "Reading the media files",
  archive: "Writing the archive",
  verify: "Checking the archive",
  storing: "Storing the archive",
};

/** "Copying the database's tables: 12 of 31". */
export function progressText(progress: BackupProgress): string {
  const steps =
    progress.total > 0 && progress.phase !== "storing"
      ? `: ${progress.done.toLocaleString("en-US")} of ${progress.total.toLocaleString("en-US")}`
      : "";
  return `${PHASES[progress.phase]}${steps}`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "45.9 MB: 31 tables, 182,405 rows and 412 media files". */
export function countsText({ counts }: Pick<BackupRun, "counts">): string {
  return `${formatFileSize(counts.bytes)}: ${plural(counts.tables, "table", "tables")}, ${plural(counts.rows, "row", "rows")} and ${plural(counts.files, "media file", "media files")}`;
}

/** "3 AM", "midnight", "noon". */
const hourText = (hour: number) =>
  hour === 0 ? "midnight" : hour === 12 ? "noon" : `${hour % 12} ${hour < 12 ? "AM" : "PM"}`;

/** "Eastern Time" for America/New_York: the zone's name as people say it. */
const zoneName = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" })
    .formatToParts(new Date())
    .find((part) => part.type === "timeZoneName")?.value ?? timeZone;

export function scheduleText(schedule: BackupSchedule): string {
  return schedule.hour === null
    ? "Off (BACKUP_HOUR=off): back up by hand with Back up now."
    : `Every day soon after ${hourText(schedule.hour)} ${zoneName(schedule.time_zone)} (BACKUP_HOUR).`;
}

export function whereText(schedule: BackupSchedule): string {
  const target = schedule.target;
  return target.kind === "folder"
    ? `In the folder ${target.path} on the server (BACKUP_DIR).`
    : `In the bucket ${target.bucket}, folder ${target.prefix} (BACKUP_S3_PREFIX).`;
}

/** Whether the archives are encrypted, and what that asks of the owner (README "Backups and restore"). */
export function protectionText(schedule: BackupSchedule): string {
  return schedule.encrypted
    ? "Encrypted (AES-256-GCM) and signed with BACKUP_ENCRYPTION_KEY. Keep a copy of that key apart from the archives: without it they cannot be restored."
    : "Not encrypted: anyone who gets an archive can read every client's data. Set BACKUP_ENCRYPTION_KEY to encrypt the next ones.";
}
