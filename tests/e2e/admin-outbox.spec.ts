import { expect, test, type Page } from "./test";
import { expectAccessible, expectNoHorizontalOverflow } from "./fixtures";
import { OWNER_STATE, openSignedIn } from "./admin-fixtures";
import { queryAppDb } from "./db";

/**
 * The outbox on a busy business's thousands of e-mails: the server pages, filters by status and
 * searches recipient and subject; the address keeps them. Other journeys share the database (and
 * its daily e-mail count): the e-mails made here are three days old and carry their own tag.
 */
const LOADED = { timeout: 20_000 };
const tag = () => `ob${Math.random().toString(36).slice(2, 8)}`;

/** `pager001@{t}.example` (the newest) ... `pager120@{t}.example`; every fourth one discarded. */
async function seedOutbox(t: string, count = 120) {
  await queryAppDb(
    `insert into email_outbox (kind, to_address, subject, text, status, created_at)
     select 'admin_compose', 'pager' || lpad(i::text, 3, '0') || '@' || $1::text || '.example',
       'Paging check ' || i, 'Hello', case when i % 4 = 0 then 'discarded' else 'sent' end,
       now() - interval '3 days' - i * interval '1 second'
     from generate_series(1, $2::int) as i`,
    [t, count],
  );
}

const rows = (page: Page) => page.getByTestId("outbox-email");
const pager = (page: Page) => page.getByRole("navigation", { name: "Outbox pages" });
const filters = (page: Page) => page.getByRole("group", { name: "Filter by status" });
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test.describe("outbox pages", { tag: "@db" }, () => {
  test.use({ storageState: OWNER_STATE });

  test("page links keep the search and status in the address; back and forward walk them", async ({ page }) => {
    const t = tag();
    await seedOutbox(t);
    await openSignedIn(page, `/admin/emails?search=${t}`);
    await expect(page.getByRole("heading", { name: `All e-mails matching “${t}” (120)` })).toBeVisible(LOADED);
    await expect(pager(page).getByTestId("pager-range")).toHaveText("1-50 of 120");
    await expect(rows(page)).toHaveCount(50);
    await expect(rows(page).first()).toContainText(`pager001@${t}.example`);

    await pager(page).getByRole("link", { name: "Page 2" }).click();
    await expect(rows(page).first()).toContainText(`pager051@${t}.example`, LOADED);
    expect([param(page, "search"), param(page, "page")]).toEqual([t, "2"]);
    await expectAccessible(page);

    await filters(page).getByRole("button", { name: "Discarded" }).click();
    await expect(page.getByRole("heading", { name: `Discarded e-mails matching “${t}” (30)` })).toBeVisible(LOADED);
    expect([param(page, "status"), param(page, "search"), param(page, "page")]).toEqual(["discarded", t, null]);
    await expect(pager(page)).toHaveCount(0);

    await page.goBack();
    await expect(rows(page).first()).toContainText(`pager051@${t}.example`, LOADED);
    await expect(filters(page).getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
    await page.goBack();
    await expect(rows(page).first()).toContainText(`pager001@${t}.example`, LOADED);
    await page.goForward();
    await expect(rows(page).first()).toContainText(`pager051@${t}.example`, LOADED);
    await pager(page).getByRole("link", { name: "Next" }).click();
    await expect(pager(page).getByTestId("pager-range")).toHaveText("101-120 of 120", LOADED);
  });

  test("typing asks the server: the address and the list follow the search box", async ({ page }) => {
    const t = tag();
    await seedOutbox(t, 30);
    await openSignedIn(page, "/admin/emails");
    const box = page.getByRole("searchbox", { name: "Search e-mails" });
    await box.fill(`PAGER017@${t}`);
    await expect(page).toHaveURL(new RegExp(`search=PAGER017%40${t}`), LOADED);
    await expect(rows(page)).toHaveCount(1, LOADED);
    await expect(rows(page)).toContainText(`pager017@${t}.example`);
    await box.fill(`${t}-nothing`);
    await expect(page.getByText("No e-mails match this search.")).toBeVisible(LOADED);
    await box.fill("");
    await expect.poll(() => param(page, "search"), LOADED).toBeNull();
  });

  test("each e-mail is in the page once; the pages fit a phone @phone", async ({ page }) => {
    const t = tag();
    await seedOutbox(t, 60);
    await openSignedIn(page, `/admin/emails?search=${t}`);
    await expect(rows(page)).toHaveCount(50, LOADED);
    for (const n of ["001", "025", "050"])
      await expect(page.getByText(`pager${n}@${t}.example`, { exact: true })).toHaveCount(1);
    await expect(pager(page).getByTestId("pager-range")).toHaveText("1-50 of 60");
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
