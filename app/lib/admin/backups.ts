import { BACKUP_STALE_HOURS, type BackupsOverview } from "~/contracts/backups";

/** Why the dashboard should warn about backups, or null when all is well (or none is expected). */
export function backupWarning(
  overview: Pick<BackupsOverview, "last_run" | "last_success_at">,
  now = new Date(),
): { kind: "failed"; error: string | null } | { kind: "stale"; since: string } | null {
  const last = overview.last_run;
  if (last?.status === "failed") return { kind: "failed", error: last.error };
  const since = overview.last_success_at;
  if (since && now.getTime() - new Date(since).getTime() > BACKUP_STALE_HOURS * 60 * 60_000)
    return { kind: "stale", since };
  return null;
}

/**
 * What the owner can do about a failed backup, from its error (as the log has it): the common
 * causes in plain words, and otherwise where the details are.
 */
export function backupErrorAdvice(error: string | null): string {
  const text = error ?? "";
  if (/ENOSPC|no space left/i.test(text))
    return "The server's disk is full. Free some space, or keep fewer archives (BACKUP_KEEP), then back up again.";
  if (/EACCES|EPERM|permission denied|read-only file system|EROFS/i.test(text))
    return "The site may not write to the backups' folder. Give the site's user write access to BACKUP_DIR, or choose another folder.";
  if (/Access ?Denied|InvalidAccessKeyId|The AWS Access Key Id|SignatureDoesNotMatch|Forbidden|\b403\b/i.test(text))
    return "The bucket refused the site's keys. Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that they may write to the bucket.";
  if (/NoSuchBucket/i.test(text)) return "The bucket does not exist. Check S3_BUCKET and S3_ENDPOINT.";
  if (/ECONNREFUSED|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ECONNRESET|socket hang up|getaddrinfo/i.test(text))
    return "A server the backup needs could not be reached (the bucket or the database). It is tried again within the hour; if it keeps failing, check S3_ENDPOINT and the server's network.";
  return "It is tried again within the hour. If it keeps failing, the server's log has the details: send them to whoever looks after the server.";
}
