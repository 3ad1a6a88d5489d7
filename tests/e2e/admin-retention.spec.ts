import { Client } from "pg";
import { site } from "../../app/config/site";
import { expect, test, type Page } from "./test";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { OWNER_STATE, openSignedIn } from "./admin-fixtures";
import { e2eDatabaseUrl } from "./db";

/**
 * Settings, Data retention (docs/decisions/036-project-retention.md): the owner reads what the
 * site deletes by itself and the daily project clean-up's last run, with what it removed. The run
 * is recorded here as the job records it (job_runs); the job itself is proven in
 * server/services/projects/retention.test.ts.
 *
 * The record is one row for the whole site. The journey holds the daily jobs' advisory lock
 * (server/lib/job-lock.ts) while it changes that row, as a running job would: the server's own
 * hourly check then skips, and the desktop and phone runs of the journey take turns.
 */
const LOADED = { timeout: 20_000 };
const JOB_LOCK_SPACE = 0x6a6f6273;

const COUNTS = {
  projects: 2,
  milestones: 9,
  updates: 14,
  comments: 31,
  portal_sessions: 1,
  files: 12,
  files_kept: 1,
  held_for_billing: 1,
};
const LABELS: [keyof typeof COUNTS, string][] = [
  ["projects", "Projects deleted"],
  ["milestones", "Milestones"],
  ["updates", "Updates"],
  ["comments", "Comments"],
  ["portal_sessions", "Client-portal sessions ended"],
  ["files", "Files deleted"],
  ["files_kept", "Files kept for published posts"],
  ["held_for_billing", "Projects kept: money still open"],
];

async function holdingDailyJobsLock(fn: (db: Client) => Promise<void>) {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    await db.query("select pg_advisory_lock($1, hashtext('daily-jobs'))", [JOB_LOCK_SPACE]);
    await fn(db);
  } finally {
    await db.end();
  }
}

async function recordRun(
  db: Client,
  run: { hoursAgo: number; status: "succeeded" | "failed"; counts: typeof COUNTS; error: string | null },
) {
  const { rows } = await db.query<{ started_at: Date }>(
    `insert into job_runs (job, started_at, finished_at, status, counts, error)
     values ('project-retention', now() - $1::float8 * interval '1 hour',
       now() - $1::float8 * interval '1 hour' + interval '2 seconds', $2, $3, $4)
     on conflict (job) do update set started_at = excluded.started_at, finished_at = excluded.finished_at,
       status = excluded.status, counts = excluded.counts, error = excluded.error
     returning started_at`,
    [run.hoursAgo, run.status, JSON.stringify(run.counts), run.error],
  );
  return rows[0]!.started_at.toISOString();
}

const section = (page: Page) => page.getByRole("region", { name: "Data retention" });

async function openRetention(page: Page) {
  await openSignedIn(page, "/admin/settings#retention");
  await expect(section(page).getByRole("heading", { name: "Data retention", level: 2 })).toBeVisible(LOADED);
}

/** The run's time as the admin writes it, in the browser's own time zone. */
const shownTime = (page: Page, iso: string) =>
  page.evaluate(
    (at) =>
      new Date(at).toLocaleString("en-US", {
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
      }),
    iso,
  );

test.describe("data retention in the settings", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });

  // axe reads the section in each state it shows; the whole settings page is read once per screen
  // size in admin-settings.spec.ts.
  test("the owner sees the rules, that the clean-up has not run yet, then its last run with each count, then a failure and why @phone", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await holdingDailyJobsLock(async (db) => {
      await db.query("delete from job_runs where job = 'project-retention'");
      await openRetention(page);
      const card = section(page);
      await expect(card).toBeInViewport();
      await expect(card.getByRole("listitem").first()).toHaveText(
        `Projects complete for ${site.retention.projectsYearsAfterCompletion} year${site.retention.projectsYearsAfterCompletion === 1 ? "" : "s"} with nothing new on them, with their milestones, updates, comments and files. A file a published post shows stays in the media library. The contacts stay. A project with money still open on it (a quote awaiting the client, an invoice with money due, or a credit not yet refunded or applied) is kept until that is settled; its quotes and invoices are kept seven years in any case.`,
      );
      await expect(
        card.getByText("It has not run yet: it runs a minute after the site starts, then once a day."),
      ).toBeVisible(LOADED);
      await expect(card.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy-policy");
      // What is held back now because money is still open on it (none in this database).
      await expect(card.getByTestId("retention-held-back")).toHaveText(
        "No project is held back: none past its retention has money still open on it.",
      );

      const started = await recordRun(db, { hoursAgo: 2, status: "succeeded", counts: COUNTS, error: null });
      await page.reload();
      const last = section(page).getByTestId("retention-last-run");
      await expect(last.getByText("The last clean-up succeeded")).toBeVisible(LOADED);
      await expect(last.locator("time")).toHaveAttribute("datetime", started);
      await expect(last.locator("time")).toHaveText(await shownTime(page, started));
      for (const [key, label] of LABELS) {
        const row = last
          .locator("dl > div")
          .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) });
        await expect(row.getByRole("definition")).toHaveText(String(COUNTS[key]));
      }
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page, "#retention");

      const partial = {
        ...COUNTS,
        projects: 1,
        milestones: 4,
        updates: 6,
        comments: 12,
        portal_sessions: 0,
        files: 5,
        files_kept: 0,
      };
      await recordRun(db, {
        hoursAgo: 0.5,
        status: "failed",
        counts: partial,
        error: "connect ETIMEDOUT 10.0.0.7:443",
      });
      await page.reload();
      await expect(last.getByText("The last clean-up failed")).toBeVisible(LOADED);
      await expect(last).toContainText("It is tried again within the hour");
      await expect(last).toContainText("Error: connect ETIMEDOUT 10.0.0.7:443");
      await expect(last.locator("dl > div").filter({ hasText: "Projects deleted" }).getByRole("definition")).toHaveText(
        "1",
      );
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page, "#retention");

      // Left as a successful run: the server's next check finds nothing due before tomorrow.
      await recordRun(db, { hoursAgo: 2, status: "succeeded", counts: COUNTS, error: null });
    });
    expect(errors).toEqual([]);
  });

  test("the header's link leads to the section", async ({ page }) => {
    await openSignedIn(page, "/admin/settings");
    await expect(page.getByRole("heading", { name: "Chat Settings", level: 1 })).toBeVisible(LOADED);
    await page.getByRole("link", { name: "data retention" }).click();
    await expect(page).toHaveURL(/\/admin\/settings#retention$/);
    await expect(section(page)).toBeInViewport(LOADED);
  });
});
