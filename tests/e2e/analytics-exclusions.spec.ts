import { AnalyticsReportSchema } from "~/contracts/analytics-report";
import { expect, test, type Page } from "./test";
import { OWNER_STATE, openSignedIn, ownerToken } from "./admin-fixtures";
import { expectAccessible, expectNoHorizontalOverflow, watchConsole } from "./fixtures";
import { queryAppDb } from "./db";

/**
 * The owner leaves spam out of the analytics with one click, and takes it back
 * (docs/decisions/033-analytics-flood.md): "Exclude" beside a row of top pages or referrers, the
 * list of what is left out with "Include again", and the line saying how many pageviews over the
 * daily cap were kept out. The spam is stored straight into the journeys' database, as a flood
 * that got under the caps would have left it.
 */

const LOADED = { timeout: 20_000 };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Today's pageviews of a spam page, each a visit from a spam referrer, and some kept out. */
async function storeSpam(path: string, host: string) {
  await queryAppDb(
    `insert into analytics_events (kind, path, visitor, referrer_host, entry, utm_source)
     select 'pageview', $1, 'spam-' || $1 || '-' || i, $2, true, 'blast' from generate_series(1, 400) as i`,
    [path, host],
  );
  await queryAppDb(
    `insert into analytics_kept_out (day, over_cap) values ((now() at time zone 'America/New_York')::date, 37)
     on conflict (day) do update set over_cap = analytics_kept_out.over_cap + 37`,
  );
}

async function reportNow(page: Page) {
  const res = await page.request.get("/api/admin/analytics", { headers: { Authorization: `Bearer ${ownerToken()}` } });
  expect(res.ok()).toBe(true);
  return AnalyticsReportSchema.parse(await res.json());
}

test.describe("leaving spam out of the analytics", () => {
  test.use({ storageState: OWNER_STATE });

  test("16. one click on Exclude takes a spam page and its referrer out of the report; Include again brings the page back @phone", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = watchConsole(page);
    const t = unique();
    const spamPage = `/cheap-links-${t}`;
    const spamHost = `seo-offers-${t}.example`;
    await storeSpam(spamPage, spamHost);

    await openSignedIn(page, "/admin/analytics");
    const pages = page.getByRole("region", { name: "Top pages" });
    const sources = page.getByRole("region", { name: "Where visits come from" });
    const leftOut = page.getByRole("region", { name: "Left out of the reports" });
    const pageRow = pages
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: spamPage, exact: true }) });
    const hostRow = sources
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: spamHost, exact: true }) });
    await expect(pageRow).toHaveCount(1, LOADED);
    await expect(hostRow).toHaveCount(1);

    // The pageviews over the daily cap, as the report counts them.
    const report = await reportNow(page);
    expect(report.kept_out.over_cap).toBeGreaterThanOrEqual(37);
    await expect(page.getByTestId("analytics-kept-out")).toContainText(
      `${report.kept_out.over_cap.toLocaleString("en-US")} pageviews over the daily cap were kept out`,
    );
    // axe reads this screen as it first shows once per screen size in analytics.spec.ts; here, the
    // state only this journey makes: a page and a referrer left out.

    // One click on the page's row.
    await pageRow.getByRole("button", { name: `Exclude page ${spamPage} from the reports` }).click();
    await expect(pageRow).toHaveCount(0, LOADED);
    const excludedPage = leftOut.getByTestId("exclusion").filter({ hasText: spamPage });
    await expect(excludedPage).toContainText(`Page: ${spamPage}`);
    await expect(page.getByRole("heading", { name: "Top pages" }), "the focus stays by the list").toBeFocused();
    await expect(page.getByTestId("total-visitors")).toContainText("Visitors of excluded pages are still counted");
    // The same for the referrer the spam came from.
    await hostRow.getByRole("button", { name: `Exclude referrer ${spamHost} from the reports` }).click();
    await expect(hostRow).toHaveCount(0, LOADED);
    const excludedHost = leftOut.getByTestId("exclusion").filter({ hasText: spamHost });
    await expect(excludedHost).toContainText(`Referrer: ${spamHost}`);
    // The report the screen reads says the same.
    const excluded = await reportNow(page);
    expect(excluded.top_pages.map((p) => p.path)).not.toContain(spamPage);
    expect(excluded.referrers.map((r) => r.host)).not.toContain(spamHost);
    // The 400 spam pageviews left the totals. Journeys running beside this one only add pageviews
    // meanwhile (a handful in these seconds): the drop is measured with room for them.
    expect(excluded.totals.pageviews).toBeLessThanOrEqual(report.totals.pageviews - 400 + 100);
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);

    // Undo: the page is counted again.
    await excludedPage.getByRole("button", { name: `Include page ${spamPage} again` }).click();
    await expect(excludedPage).toHaveCount(0, LOADED);
    await expect(pageRow).toHaveCount(1, LOADED);
    await expect(hostRow, "the referrer stays left out").toHaveCount(0);
    await excludedHost.getByRole("button", { name: `Include referrer ${spamHost} again` }).click();
    await expect(hostRow).toHaveCount(1, LOADED);
    expect(errors).toEqual([]);
  });
});
