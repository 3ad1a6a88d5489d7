import { describe, expect, it } from "vitest";
import { backupErrorAdvice, backupWarning } from "./backups";
import { isArchiveName, type BackupRun } from "~/contracts/backups";
import { progressText, protectionText, scheduleText, timeAgo, whereText } from "./backup-words";

const HOUR = 60 * 60_000;
const now = new Date("2026-11-27T15:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * HOUR).toISOString();
const run = (status: BackupRun["status"], error: string | null = null): BackupRun => ({
  started_at: hoursAgo(1),
  finished_at: hoursAgo(1),
  status,
  error,
  counts: { bytes: 0, tables: 0, rows: 0, files: 0 },
});

describe("the dashboard's backup warning", () => {
  it("warns when the last backup failed, whatever the last good one", () => {
    expect(backupWarning({ last_run: run("failed", "ENOSPC"), last_success_at: hoursAgo(2) }, now)).toEqual({
      kind: "failed",
      error: "ENOSPC",
    });
  });

  it("warns when the last good one is older than 48 hours, and not at 48", () => {
    expect(backupWarning({ last_run: run("succeeded"), last_success_at: hoursAgo(49) }, now)).toEqual({
      kind: "stale",
      since: hoursAgo(49),
    });
    expect(backupWarning({ last_run: run("succeeded"), last_success_at: hoursAgo(48) }, now)).toBeNull();
  });

  it("says nothing before the first backup", () => {
    expect(backupWarning({ last_run: null, last_success_at: null }, now)).toBeNull();
  });
});

describe("what to do about a failed backup", () => {
  it.each([
    ["ENOSPC: no space left on device, write", /disk is full/],
    ["EACCES: permission denied, mkdir '/srv/backups'", /write access to BACKUP_DIR/],
    ["Access Denied", /refused the site's keys/],
    ["NoSuchBucket: The specified bucket does not exist", /Check S3_BUCKET/],
    ["connect ECONNREFUSED 10.0.0.7:443", /could not be reached/],
    ["something nobody foresaw", /the server's log has the details/],
  ])("%s", (error, advice) => {
    expect(backupErrorAdvice(error)).toMatch(advice);
  });
});

describe("archive names", () => {
  it.each([
    ["backup-20261127-080200-3f9a1c2b7d4e5a60.tar.gz", true],
    ["backup-20261127-080200-3f9a1c2b7d4e5a60.tar.gz.enc", true],
    ["backup.tar.gz.enc.enc", false],
    ["backup.enc", false],
    ["before-the-upgrade.tar.gz", true],
    ["../backup.tar.gz", false],
    ["..tar.gz", false],
    [".hidden.tar.gz", false],
    ["backup.zip", false],
    ["a/b.tar.gz", false],
  ])("%s: %s", (name, ok) => {
    expect(isArchiveName(name)).toBe(ok);
  });
});

describe("the backups in words", () => {
  it("times", () => {
    expect(timeAgo(hoursAgo(0.001), now.getTime())).toBe("just now");
    expect(timeAgo(hoursAgo(0.5), now.getTime())).toBe("30 minutes ago");
    expect(timeAgo(hoursAgo(3), now.getTime())).toBe("3 hours ago");
    expect(timeAgo(hoursAgo(30), now.getTime())).toBe("yesterday");
    expect(timeAgo(hoursAgo(50), now.getTime())).toBe("2 days ago");
  });

  it("the schedule and where", () => {
    const folder = { kind: "folder" as const, path: "/srv/site/data/backups" };
    const schedule = { hour: 3, time_zone: "America/New_York", keep: 14, target: folder, encrypted: false };
    expect(scheduleText(schedule)).toBe("Every day soon after 3 AM Eastern Time (BACKUP_HOUR).");
    expect(scheduleText({ ...schedule, hour: 0 })).toBe("Every day soon after midnight Eastern Time (BACKUP_HOUR).");
    expect(scheduleText({ ...schedule, hour: 15 })).toBe("Every day soon after 3 PM Eastern Time (BACKUP_HOUR).");
    expect(scheduleText({ ...schedule, hour: null })).toMatch(/^Off \(BACKUP_HOUR=off\)/);
    expect(whereText(schedule)).toBe("In the folder /srv/site/data/backups on the server (BACKUP_DIR).");
    expect(whereText({ ...schedule, target: { kind: "bucket", bucket: "site-files", prefix: "backups" } })).toBe(
      "In the bucket site-files, folder backups (BACKUP_S3_PREFIX).",
    );
    expect(protectionText(schedule)).toMatch(/^Not encrypted: .*Set BACKUP_ENCRYPTION_KEY/);
    expect(protectionText({ ...schedule, encrypted: true })).toMatch(
      /^Encrypted \(AES-256-GCM\) and signed with BACKUP_ENCRYPTION_KEY\. Keep a copy of that key apart/,
    );
  });

  it("the progress", () => {
    const at = hoursAgo(0);
    const base = { started_at: at, updated_at: at, item: null };
    expect(progressText({ ...base, phase: "tables", done: 12, total: 31 })).toBe(
      "Copying the database's tables: 12 of 31",
    );
    expect(progressText({ ...base, phase: "storing", done: 0, total: 48_211_004 })).toBe("Storing the archive");
    expect(progressText({ ...base, phase: "starting", done: 0, total: 0 })).toBe("Starting");
  });
});
