import { AnalyticsReportSchema } from "~/contracts/analytics-report";
import { expect, test, type Page, type Request } from "./test";
import { OWNER_STATE, openSignedIn, ownerToken } from "./admin-fixtures";
import { expectAccessible, expectNoHorizontalOverflow, waitForHydration, watchConsole } from "./fixtures";
import { queryAppDb } from "./db";

/**
 * Visit counting from the browser (docs/product/consent-and-analytics.md "What is counted";
 * docs/decisions/024-analytics.md) and the owner's analytics screen
 * ("The owner's analytics screen"). The journeys' server counts visits as the production host does
 * (ANALYTICS_HOSTS in tests/support/e2e-server.mjs).
 */

const LOADED = { timeout: 20_000 };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Sent {
  path: string;
  body: Record<string, unknown>;
  at: number;
}

/** Every analytics call the page makes (and the capture code's download), with when it left. */
function watchAnalytics(page: Page) {
  const calls: Sent[] = [];
  const captureDownloads: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/analytics/"))
      calls.push({ path: url.pathname, body: request.postDataJSON() as Record<string, unknown>, at: Date.now() });
    if (/\/assets\/capture-[\w-]+\.js$/.test(url.pathname)) captureDownloads.push(url.pathname);
  });
  return { calls, captureDownloads, pageviews: () => calls.filter((c) => c.path === "/api/analytics/pageview") };
}

const allowAnalytics = (page: Page) =>
  page.addInitScript(() =>
    window.localStorage.setItem(
      "cookie-consent",
      JSON.stringify({ necessary: true, analytics: true, marketing: false, updatedAt: new Date().toISOString() }),
    ),
  );

const scrollToBottom = (page: Page) =>
  page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));

test.describe("visit counting", () => {
  test("with Necessary Only (and before any choice), navigating sends nothing", async ({ page }) => {
    // The page's timers are the test's to run: the delays below pass at once.
    await page.clock.install();
    const watched = watchAnalytics(page);
    await page.goto("/");
    await waitForHydration(page);
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    // No choice yet: a second and a half, more than the pageview's delay, and nothing.
    await page.clock.runFor(1500);
    expect(watched.calls).toEqual([]);

    await banner.getByRole("button", { name: "Necessary Only" }).click();
    await expect(banner).toHaveCount(0);
    await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await scrollToBottom(page);
    await page.goto("/pricing");
    await waitForHydration(page);
    await scrollToBottom(page);
    // Longer than the pageview's 1 s and the scroll report's 2 s.
    await page.clock.runFor(3500);
    expect(watched.calls, "no analytics call").toEqual([]);
    expect(watched.captureDownloads, "the capture code is not even downloaded").toEqual([]);
  });

  test("with Accept All, a navigation sends one pageview after about 1 s, and scrolling to the bottom sends the depth", async ({
    page,
  }) => {
    // Time flows as usual (the delays are measured); the last wait is run at once.
    await page.clock.install();
    const errors = watchConsole(page);
    const watched = watchAnalytics(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept All" }).click();
    // The page the choice was made on is counted once the choice is made.
    await expect.poll(() => watched.pageviews().map((c) => c.body.path)).toEqual(["/"]);

    const clickedAt = Date.now();
    const answered = page.waitForResponse(
      (r) => r.url().endsWith("/api/analytics/pageview") && r.request().postDataJSON().path === "/about",
    );
    await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect((await answered).status()).toBe(202);
    const [about] = watched.pageviews().filter((c) => c.body.path === "/about");
    expect(about!.at - clickedAt, "about 1 s after the route change").toBeGreaterThanOrEqual(900);
    expect(about!.body).toMatchObject({
      path: "/about",
      referrer: expect.stringMatching(/^http:\/\/[^/]+\/$/),
      userAgent: await page.evaluate(() => navigator.userAgent),
      timestamp: expect.any(String),
    });

    const scrolledAt = Date.now();
    await scrollToBottom(page);
    await expect.poll(() => watched.calls.filter((c) => c.path === "/api/analytics/scroll").length, LOADED).toBe(1);
    const scroll = watched.calls.find((c) => c.path === "/api/analytics/scroll")!;
    expect(scroll.body).toMatchObject({ path: "/about", scrollDepth: 90 });
    expect(scroll.at - scrolledAt, "2 s after the deepest point last grew").toBeGreaterThanOrEqual(1800);

    // Still one pageview per page a little later: nothing repeats.
    await page.clock.runFor(1500);
    expect(watched.pageviews().map((c) => c.body.path)).toEqual(["/", "/about"]);
    expect(errors).toEqual([]);
  });
});

/** The owner's figures for the funnel row of a landing page, as the API answers them (last 30 days). */
async function funnelRow(page: Page, landing: string) {
  const res = await page.request.get("/api/admin/analytics", { headers: { Authorization: `Bearer ${ownerToken()}` } });
  expect(res.ok()).toBe(true);
  const report = AnalyticsReportSchema.parse(await res.json());
  return (
    report.funnel.find((f) => f.landing_page === landing) ?? {
      visits: 0,
      leads: 0,
      bookings: 0,
      projects: 0,
      completed: 0,
    }
  );
}

test(
  "a project form sent after landing on /newport-web-design?utm_source=gmb shows that page and source on the contact, its project and the funnel",
  { tag: "@db" },
  async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const before = await funnelRow(page, "/newport-web-design");
    const t = unique();
    const email = `funnel.${t}@example.com`;

    // The visitor lands on the city page from a Google Business Profile link, with analytics allowed.
    await allowAnalytics(page);
    const watched = watchAnalytics(page);
    const landed = page.waitForResponse((r) => r.url().endsWith("/api/analytics/pageview"));
    await page.goto("/newport-web-design?utm_source=gmb");
    await waitForHydration(page);
    expect((await landed).status()).toBe(202);
    expect(watched.pageviews()[0]!.body.path).toBe("/newport-web-design?utm_source=gmb");

    await page.getByRole("banner").getByRole("link", { name: "Start a Project" }).click();
    await expect(page).toHaveURL(/\/start-project$/);
    await waitForHydration(page);
    await page.getByLabel("Your name").fill(`Nora Pell ${t}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("What kind of site?").selectOption("business");
    await page
      .getByLabel("Describe your project")
      .fill("A site for our sailing school in Newport: classes, prices, booking.");
    await page.getByRole("button", { name: "Send Project Details" }).click();
    await expect(page.getByRole("heading", { name: "Thanks for reaching out!" })).toBeVisible(LOADED);
    const projectId = (await page.getByTestId("project-id").textContent())!.trim();
    // The form's own event went to the server too.
    await expect
      .poll(() => watched.calls.filter((c) => c.body.event === "project_submission").map((c) => c.body.path))
      .toEqual(["/start-project"]);

    // Stored on both.
    const [contact] = await queryAppDb<{ id: string; landing_page: string; utm_source: string }>(
      "select id, landing_page, utm_source from contacts where email = $1",
      [email],
    );
    expect(contact).toMatchObject({ landing_page: "/newport-web-design?utm_source=gmb", utm_source: "gmb" });
    const [project] = await queryAppDb("select landing_page, utm_source from projects where id = $1", [projectId]);
    expect(project).toEqual({ landing_page: "/newport-web-design?utm_source=gmb", utm_source: "gmb" });

    // The owner sees them in the admin screens.
    const owner = await browser.newContext({ baseURL, storageState: OWNER_STATE, reducedMotion: "reduce" });
    try {
      const admin = await owner.newPage();
      const adminErrors = watchConsole(admin);
      // The links of the new-lead e-mail: they open the details, then leave the address clean.
      await admin.goto(`/admin/contacts?contact=${contact!.id}`);
      await waitForHydration(admin);
      const contactDialog = admin.getByRole("dialog", { name: "Contact Details" });
      await expect(contactDialog.getByText("/newport-web-design?utm_source=gmb")).toBeVisible(LOADED);
      await expect(contactDialog.getByText("UTM source").locator("..")).toContainText("gmb");

      await admin.goto(`/admin/projects?project=${projectId}`);
      await waitForHydration(admin);
      const projectDialog = admin.getByRole("dialog", { name: "Project Details" });
      const attribution = projectDialog.getByTestId("project-attribution");
      await expect(attribution).toContainText("/newport-web-design?utm_source=gmb", LOADED);
      await expect(attribution.getByText("UTM source").locator("..")).toContainText("gmb");

      // From the dashboard's counters to the funnel row of the city page.
      await openSignedIn(admin, "/admin");
      await admin.getByTestId("stat-total-contacts").click(LOADED);
      await expect(admin).toHaveURL(/\/admin\/analytics$/);
      const funnel = admin.getByRole("table", { name: "Funnel by landing page" });
      const row = funnel
        .getByRole("row")
        .filter({ has: admin.getByRole("rowheader", { name: "/newport-web-design", exact: true }) });
      await expect(row).toHaveCount(1, LOADED);
      const cells = row.getByRole("cell");
      const figure = async (n: number) => Number((await cells.nth(n).textContent())!.replace(/,/g, ""));
      // Visits, Leads, Lead rate, Calls booked, Projects, Completed. The visit is written within a second.
      await expect
        .poll(async () => {
          await admin.reload();
          await expect(row).toHaveCount(1, LOADED);
          return figure(0);
        }, LOADED)
        .toBeGreaterThanOrEqual(before.visits + 1);
      expect(await figure(1)).toBeGreaterThanOrEqual(before.leads + 1);
      expect(await figure(4)).toBeGreaterThanOrEqual(before.projects + 1);

      // The same figures as a file.
      const download = admin.waitForEvent("download");
      await admin.getByRole("button", { name: "Export CSV" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
      expect(text).toContain("Funnel by landing page");
      expect(text).toMatch(/\r\n\/newport-web-design,\d+,\d+,\d+,\d+,\d+\r\n/);
      expect(adminErrors).toEqual([]);
    } finally {
      await owner.close();
    }
  },
);

test.describe("the analytics screen", () => {
  test.use({ storageState: OWNER_STATE });

  test("is accessible and fits the screen, chart included @phone", async ({ page }) => {
    const errors = watchConsole(page);
    await openSignedIn(page, "/admin/analytics");
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible(LOADED);
    await expect(page.getByTestId("visits-chart").locator("svg").first()).toBeVisible(LOADED);
    await expect(page.getByRole("heading", { name: "Funnel by landing page" })).toBeVisible();
    await expect(page.getByTestId("analytics-range")).toContainText(" to ");
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);

    // Another range: the last 7 days, seven rows in the table of days.
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
    await page.getByText("Show the numbers per day").click();
    await expect(page.getByTestId("day-row").filter({ visible: true })).toHaveCount(7);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});
