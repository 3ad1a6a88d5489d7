import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Client } from "pg";
import { expect, test, type Locator, type Page } from "./test";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { OWNER_STATE, openSignedIn, ownerToken } from "./admin-fixtures";
import { e2eDatabaseUrl } from "./db";

/**
 * The owner's backups (docs/decisions/037-backups.md): Settings, Backups takes one now, follows
 * it and downloads the archive; the dashboard warns when the last backup failed or the last good
 * one is older than 48 hours, and says nothing when all is well. The backup itself is proven in
 * server/services/backups/backups.test.ts; here the warning's states are recorded as the job records them.
 *
 * These journeys take turns (desktop and phone, with each other) on an advisory lock of their
 * own, and the dashboard's holds the daily jobs' lock while it changes the backup's row, so the
 * server's own check skips meanwhile (as admin-retention.spec.ts does).
 */
const LOADED = { timeout: 20_000 };
const JOB_LOCK_SPACE = 0x6a6f6273;

async function inTurn(fn: (db: Client) => Promise<void>) {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    await db.query("select pg_advisory_lock(hashtext('e2e-admin-backups'))");
    await fn(db);
  } finally {
    await db.end();
  }
}

/** The backup's last run as the job records it (job_runs), its last good one `lastGoodHoursAgo` ago. */
async function recordBackup(
  db: Client,
  run: { hoursAgo: number; status: "succeeded" | "failed"; error?: string; lastGoodHoursAgo: number },
) {
  await db.query(
    `insert into job_runs (job, started_at, finished_at, status, counts, error, last_succeeded_at)
     values ('backup', now() - $1::float8 * interval '1 hour', now() - $1::float8 * interval '1 hour' + interval '40 seconds',
       $2, '{"bytes": 48211004, "tables": 31, "rows": 182405, "files": 412}', $3, now() - $4::float8 * interval '1 hour')
     on conflict (job) do update set started_at = excluded.started_at, finished_at = excluded.finished_at,
       status = excluded.status, counts = excluded.counts, error = excluded.error,
       last_succeeded_at = excluded.last_succeeded_at`,
    [run.hoursAgo, run.status, run.error ?? null, run.lastGoodHoursAgo],
  );
}

const backupsSection = (page: Page) => page.getByRole("region", { name: "Backups" });

/**
 * Back up now, until it starts: the project retention's journey holds the daily jobs' lock for a
 * few seconds, and a backup cannot start beside it (the page says so; the owner tries again).
 */
async function backUpNow(section: Locator) {
  const status = section.getByRole("status");
  for (let attempt = 0; ; attempt++) {
    const button = section.getByRole("button", { name: "Back up now" });
    await expect(button).toBeEnabled(LOADED);
    await button.click();
    await expect(status).toContainText(/Backing up|The backup is done|could not|running/, LOADED);
    const text = (await status.textContent()) ?? "";
    if (!/Another daily job/.test(text) || attempt >= 20) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test.describe("backups", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });

  test("the owner backs up now, follows it to the end, and downloads the new archive @phone", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    await inTurn(async () => {
      await openSignedIn(page, "/admin/settings#backups");
      const section = backupsSection(page);
      await expect(section.getByRole("heading", { name: "Backups", level: 2 })).toBeVisible(LOADED);
      await expect(section).toBeInViewport();
      // The schedule, as the server's settings make it.
      await expect(section.getByRole("definition").first()).toHaveText(
        "Every day soon after 3 AM Eastern Time (BACKUP_HOUR).",
      );
      await expect(section).toContainText(/In the folder .+backups on the server \(BACKUP_DIR\)\./);
      // The journeys' server sets no BACKUP_ENCRYPTION_KEY (docs/decisions/047-backup-encryption.md).
      await expect(section).toContainText(
        "Not encrypted: anyone who gets an archive can read every client's data. Set BACKUP_ENCRYPTION_KEY",
      );

      await backUpNow(section);
      const status = section.getByRole("status");
      await expect(status).toContainText("The backup is done", { timeout: 60_000 });
      await expect(status).toContainText(/\d+ tables, [\d,]+ rows and \d+ media files?/);
      await expect(section.getByTestId("backup-last-run")).toContainText("The last backup succeeded");
      await expect(section.getByTestId("backup-last-run")).toContainText("Taken just now");
      const fresh = section.getByTestId("backup-archive").first();
      await expect(fresh).toContainText("New");
      const name = (await fresh.locator(".font-mono").textContent())!;
      expect(name).toMatch(/^backup-.+\.tar\.gz$/);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: testInfo.outputPath("backups-section.png"), fullPage: false });
      // The section's state after a backup; the whole settings page: admin-settings.spec.ts.
      await expectAccessible(page, "#backups");

      const downloading = page.waitForEvent("download");
      await fresh.getByRole("button", { name: /^Download the backup of / }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(name);
      const saved = await readFile((await download.path())!);
      // The bytes the server keeps, as the API gives them.
      const stored = await request.get(`/api/admin/backups/${name}`, {
        headers: { Authorization: `Bearer ${ownerToken()}` },
      });
      expect(stored.status()).toBe(200);
      const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
      expect(sha(saved)).toBe(sha(await stored.body()));
      expect([...saved.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    });
    expect(errors).toEqual([]);
  });

  test("the dashboard warns of a failed backup, then of a stale one, and says nothing when it is fresh; a run elsewhere shows its progress @phone", async ({
    page,
  }, testInfo) => {
    const errors = watchConsole(page);
    await inTurn(async (db) => {
      const daily = new Client({ connectionString: e2eDatabaseUrl() });
      await daily.connect();
      try {
        await daily.query("select pg_advisory_lock($1, hashtext('daily-jobs'))", [JOB_LOCK_SPACE]);

        await recordBackup(db, {
          hoursAgo: 0.5,
          status: "failed",
          error: "ENOSPC: no space left on device, write",
          lastGoodHoursAgo: 30,
        });
        await openSignedIn(page, "/admin");
        const failed = page.getByRole("region", { name: "The last backup failed" });
        await expect(failed).toBeVisible(LOADED);
        await expect(failed).toContainText("The last good backup was taken yesterday");
        await expect(failed).toContainText("It is tried again within the hour");
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: testInfo.outputPath("dashboard-failed.png"), fullPage: false });
        await expectAccessible(page);

        await failed.getByRole("link", { name: "See the backups and back up now" }).click();
        await expect(page).toHaveURL(/\/admin\/settings#backups$/);
        const section = backupsSection(page);
        await expect(section).toBeInViewport(LOADED);
        const last = section.getByTestId("backup-last-run");
        await expect(last).toContainText("The last backup failed");
        await expect(last).toContainText("Error: ENOSPC: no space left on device, write");
        await expect(last).toContainText("What to do: The server's disk is full.");
        await page.screenshot({ path: testInfo.outputPath("settings-failed.png"), fullPage: false });

        await recordBackup(db, { hoursAgo: 50, status: "succeeded", lastGoodHoursAgo: 50 });
        await openSignedIn(page, "/admin");
        const stale = page.getByRole("region", { name: "No backup for more than 48 hours" });
        await expect(stale).toBeVisible(LOADED);
        await expect(stale).toContainText("The last good backup was taken 2 days ago");
        await expect(stale.getByRole("link", { name: "See the backups and back up now" })).toHaveAttribute(
          "href",
          "/admin/settings#backups",
        );

        await recordBackup(db, { hoursAgo: 1, status: "succeeded", lastGoodHoursAgo: 1 });
        const read = page.waitForResponse((res) => res.url().endsWith("/api/admin/backups") && res.ok());
        await openSignedIn(page, "/admin");
        await read;
        await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
        await expect(page.getByTestId("backup-notice")).toHaveCount(0);

        // A backup running on another process (it holds the daily jobs' lock, as this journey
        // does): its progress shows here, and Back up now waits for its end.
        await db.query(
          `insert into job_progress (job, started_at, updated_at, phase, done, total, item)
           values ('backup', now() - interval '20 seconds', now(), 'files', 3, 12, 'files/cove-kayaks.jpg')
           on conflict (job) do update set started_at = excluded.started_at, updated_at = excluded.updated_at,
             phase = excluded.phase, done = excluded.done, total = excluded.total, item = excluded.item`,
        );
        await openSignedIn(page, "/admin/settings#backups");
        const status = section.getByRole("status");
        await expect(status).toContainText("Backing up: started just now (", LOADED);
        await expect(status).toContainText("Reading the media files: 3 of 12 (files/cove-kayaks.jpg)");
        await expect(section.getByRole("progressbar", { name: "Backup progress" })).toBeVisible();
        await expect(section.getByRole("button", { name: "Backing up..." })).toBeDisabled();
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: testInfo.outputPath("settings-running.png"), fullPage: false });
        await db.query("delete from job_progress where job = 'backup'");
        await expect(section.getByRole("button", { name: "Back up now" })).toBeEnabled(LOADED);
        await expect(section.getByRole("progressbar")).toHaveCount(0);
      } finally {
        await daily.end();
      }
    });
    expect(errors).toEqual([]);
  });
});
