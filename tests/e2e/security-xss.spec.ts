import { CSP_VIOLATION, expect, test, type APIRequestContext, type Locator, type Page } from "./test";
import { claimableSites } from "../../app/content/claimable-sites";
import { AUTH_TOKEN_KEY } from "../../app/lib/admin/session";
import { ownerToken } from "./admin-fixtures";
import { dismissCookieBanner, waitForHydration } from "./fixtures";

/**
 * Stored cross-site scripting, end to end in Chromium: every text a visitor or
 * the owner can store is filled with script payloads through the real API, then
 * every public and back-office screen that shows it is opened. Each check asserts
 * that no script ran (no dialog, window.__xss unset), that no element was
 * injected, and that the payload is on the screen as plain text, so a screen
 * that simply failed to show it cannot pass. Every test uses its own marker.
 */
test.describe.configure({ timeout: 120_000 });

const LOADED = { timeout: 20_000 };
const unique = () => `x${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The payloads, each tagged with the test's marker so it can be found as text. */
const attack = (m: string) => ({
  img: `${m}-img <img src=x onerror="window.__xss=1">`,
  script: `${m}-script <script>window.__xss=1</script>`,
  svg: `${m}-svg "><svg onload=window.__xss=1>`,
  alert: `${m}-alert '><svg/onload=alert(1)>`,
  breakout: `${m}-ta </textarea></title><b id=injected>`,
  url: "javascript:window.__xss=1",
  markdown: [
    `## ${m}-heading`,
    "",
    `[${m}-link](javascript:window.__xss=1) and [${m}-data](data:text/html,<script>window.__xss=1</script>)`,
    "",
    `<img src=x onerror="window.__xss=1"> ${m}-rawhtml`,
    "",
    "<script>window.__xss=1</script>",
    "",
    `<a href="javascript:window.__xss=1">${m}-anchor</a> </textarea><b id=injected>`,
    "",
    `${m}-tail "><svg onload=window.__xss=1>`,
  ].join("\n"),
});

/** Records dialogs (alert, confirm, prompt) a payload might open. */
function watchDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/**
 * Nothing ran and nothing was injected: called once the page shows the payloads,
 * after its network settled (an injected image would have failed and fired by then).
 */
async function expectNothingRan(page: Page, dialogs: string[], where: string) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  const found = await page.evaluate(() => {
    const hits: string[] = [];
    const flag = (window as unknown as Record<string, unknown>)["__xss"];
    if (flag !== undefined) hits.push(`window.__xss = ${String(flag)}`);
    for (const el of document.querySelectorAll(
      '[id^="injected"], b#injected, svg[onload], img[onerror], iframe[srcdoc]',
    ))
      hits.push(`element: ${el.outerHTML.slice(0, 120)}`);
    for (const el of document.querySelectorAll("*")) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name) && /__xss|alert/.test(attr.value))
          hits.push(`handler: ${el.outerHTML.slice(0, 120)}`);
        // A script address (a share link carrying the title URL-encoded is harmless).
        const scriptUrl = /^\s*(javascript|data|vbscript):/i.test(attr.value) && /__xss|alert/.test(attr.value);
        if (/^(href|src|action|formaction|xlink:href|data|srcdoc)$/i.test(attr.name) && scriptUrl)
          hits.push(`url: ${attr.name}=${attr.value.slice(0, 80)}`);
      }
    }
    for (const script of document.querySelectorAll("script"))
      if (/^\s*window\.__xss=1\s*$/.test(script.textContent ?? "")) hits.push("an injected <script> element");
    return hits;
  });
  expect(found, `${where}: injected markup or a script that ran`).toEqual([]);
  expect(dialogs, `${where}: dialogs opened`).toEqual([]);
}

/** The payload is on the screen as text (the check above is not vacuous). */
async function expectText(scope: Page | Locator, text: string) {
  await expect(scope.getByText(text, { exact: false }).first()).toBeVisible(LOADED);
}

let token = "";
test.beforeAll(() => {
  token = ownerToken();
});
const auth = () => ({ Authorization: `Bearer ${token}` });

async function openAdmin(page: Page, path: string) {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [AUTH_TOKEN_KEY, token]);
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator("#admin-main")).toBeVisible(LOADED);
}

async function post(request: APIRequestContext, path: string, data: unknown, status = 200, headers = {}) {
  const res = await request.post(path, { data, headers });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return res.json();
}

/** Runs the guided chat to the end through its API with a payload in every free-text answer. */
async function chatThrough(request: APIRequestContext, m: string, email: string) {
  const created = (await post(request, "/api/inquiries/create", {}, 201)) as {
    inquiryId: string;
    messages: { question_type: string | null; options: string[] }[];
  };
  const p = attack(m);
  const free: Record<string, string> = {
    name: `${m}-chatname <img src=x onerror=window.__xss=1>`,
    email,
    description: `${p.script} ${p.svg}`,
    additional: `${p.breakout} ${p.alert}`,
  };
  let question = created.messages.at(-1)!;
  for (let i = 0; i < 10 && question.question_type; i++) {
    const type = question.question_type;
    const content = free[type] ?? question.options[0]!;
    const out = (await post(
      request,
      `/api/inquiries/${created.inquiryId}/messages`,
      { author_type: "visitor", content, message_type: "answer", question_type: type },
      201,
    )) as {
      replies: { question_type: string | null; options: string[]; message_type: string }[];
      session: { status: string };
    };
    if (out.session.status === "completed") break;
    question = out.replies.filter((r) => r.message_type === "question").at(-1)!;
  }
  return created.inquiryId;
}

test("what visitors write is shown as text in the back office and the chat page", { tag: "@db" }, async ({ page }) => {
  const dialogs = watchDialogs(page);
  const m = unique();
  const p = attack(m);
  const mail = (kind: string) => `xss.${m}.${kind}@example.com`;

  await post(page.request, "/api/submissions", {
    name: `${m}-form <img src=x onerror=window.__xss=1>`,
    email: mail("form"),
    siteType: "business",
    budget: "300-500",
    timeline: "1month",
    readiness: "ready",
    description: `${p.img} ${p.script} ${p.breakout}`,
    attribution: {
      landing_page: p.url,
      referrer: p.svg,
      utm_source: p.alert,
      utm_medium: p.script,
      utm_campaign: p.img,
    },
  });
  await post(page.request, "/api/contact", {
    name: `${m}-contact "><svg onload=window.__xss=1>`,
    email: mail("contact"),
    subject: p.alert,
    message: `${p.svg} ${p.breakout} ${p.markdown}`,
  });
  await post(page.request, "/api/claims", {
    siteId: claimableSites[0]!.id,
    name: `${m}-claim <script>window.__xss=1</script>`,
    phone: "(401) 555-0111",
    email: mail("claim"),
    verification: `${p.img} ${p.breakout}`,
  });
  const inquiryId = await chatThrough(page.request, m, mail("chat"));

  // The contact form's plain post sends a refused form back with what was typed.
  await dismissCookieBanner(page);
  const refused = await page.request.post("/api/contact", {
    form: { name: p.svg, email: "not-an-address", subject: p.alert, message: `${p.breakout} ${p.script}` },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(303);
  await page.goto(refused.headers().location!);
  await waitForHydration(page);
  await expect(page.getByLabel("Your name")).toHaveValue(p.svg);
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(`${p.breakout} ${p.script}`);
  await expectNothingRan(page, dialogs, "/contact with the typed values");

  // The guided chat page shows the visitor's own answers.
  await page.goto(`/chat/${inquiryId}`);
  await waitForHydration(page);
  const log = page.getByRole("log");
  await expectText(log, `${m}-chatname <img src=x onerror=window.__xss=1>`);
  await expectText(log, p.script);
  await expectText(log, p.breakout);
  await expectNothingRan(page, dialogs, "/chat/{id}");

  // The lead list, the details of each lead, its communication log and its edit form.
  await openAdmin(page, "/admin/contacts?view=submissions");
  await page.getByLabel("Search contacts").fill(mail("form"));
  const formRow = page.getByRole("row").filter({ hasText: mail("form") });
  await expectText(formRow, `${m}-form <img src=x onerror=window.__xss=1>`);
  await formRow.getByRole("button", { name: /^View/ }).click();
  const details = page.getByRole("dialog", { name: "Contact Details" });
  await expectText(details, p.img);
  await expectText(details, p.url);
  await expectText(details, p.svg);
  await expectText(details, p.alert);
  await expectNothingRan(page, dialogs, "contact details of a submission");
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  // The tab follows the address (a router navigation): typing before it has switched would go
  // into the Submissions panel's search box just as it is taken away.
  await page.getByRole("tab", { name: /^Contacts/ }).click();
  await expect(page.getByRole("tab", { name: /^Contacts/ })).toHaveAttribute("aria-selected", "true");
  for (const [kind, name, shown] of [
    ["contact", `${m}-contact "><svg onload=window.__xss=1>`, p.breakout],
    ["claim", `${m}-claim <script>window.__xss=1</script>`, p.img],
    ["chat", `${m}-chatname <img src=x onerror=window.__xss=1>`, p.script],
  ] as const) {
    await page.getByLabel("Search contacts").fill(mail(kind));
    const row = page.getByRole("row").filter({ hasText: mail(kind) });
    await expectText(row, name);
    await row.getByRole("button", { name: /^View/ }).click();
    const dialog = page.getByRole("dialog", { name: "Contact Details" });
    await expectText(dialog, shown);
    await expectNothingRan(page, dialogs, `contact details (${kind})`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    if (kind === "chat") continue;
    await row.getByRole("button", { name: /^Log/ }).click();
    const logDialog = page.getByRole("dialog", { name: "Communication Log" });
    await expectText(logDialog, shown);
    if (kind === "contact") {
      await expectText(logDialog, p.alert);
      await expectText(logDialog, `[${m}-link](javascript:window.__xss=1)`);
    }
    await expectNothingRan(page, dialogs, `communication log (${kind})`);
    await page.keyboard.press("Escape");
    await expect(logDialog).toBeHidden();
    await row.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contact" });
    await expect(edit.getByLabel("Name *", { exact: true })).toHaveValue(name);
    await expectNothingRan(page, dialogs, `edit contact (${kind})`);
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();
  }

  // The dashboard's recent leads and the outbox (the owner's notifications quote the visitor).
  // Recent Leads lists the five newest, and the other journeys add theirs meanwhile: a lead sent
  // just before the visit is among them.
  await post(page.request, "/api/contact", {
    name: `${m}-recent <img src=x onerror=window.__xss=1>`,
    email: mail("recent"),
    subject: p.alert,
    message: p.svg,
  });
  await page.goto("/admin");
  await waitForHydration(page);
  await expectText(page.getByTestId("recent-leads"), `${m}-recent <img src=x onerror=window.__xss=1>`);
  await expectNothingRan(page, dialogs, "dashboard");

  await page.goto("/admin/emails");
  await waitForHydration(page);
  const notification = page
    .getByTestId("outbox-email")
    .filter({ hasText: `${m}-contact` })
    .first();
  await expect(notification).toBeVisible(LOADED);
  await notification.getByRole("button", { name: /Show text/ }).click();
  await expectText(notification, p.breakout);
  await expectNothingRan(page, dialogs, "e-mail outbox");
});

test("what the owner writes on a contact, its log and an e-mail is shown as text", { tag: "@db" }, async ({ page }) => {
  const dialogs = watchDialogs(page);
  const m = unique();
  const p = attack(m);
  const email = `xss.${m}.owner@example.com`;
  const name = `${m}-owner "><svg onload=window.__xss=1>`;
  const { contact } = (await post(
    page.request,
    "/api/admin/contacts",
    {
      name,
      email,
      phone: `${m}<svg onload=alert(1)>`,
      company: p.img,
      address: p.breakout,
      business_type: p.script,
      google_maps_url: p.url,
      website_url: `javascript:alert(1)//${m}`,
      initial_message: `${p.markdown}\n${p.breakout}`,
    },
    201,
    auth(),
  )) as { contact: { id: number } };
  await post(
    page.request,
    `/api/admin/contacts/${contact.id}/communications`,
    { type: "email", direction: "outbound", subject: p.svg, content: `${p.img}\n${p.breakout}\n${p.markdown}` },
    201,
    auth(),
  );
  await post(
    page.request,
    "/api/admin/send-email",
    {
      to: email,
      subject: `${m}-mail ${p.svg}`,
      content: `${p.script}\n${p.breakout}`,
      priority: "high",
      contact_id: contact.id,
    },
    200,
    auth(),
  );

  await openAdmin(page, "/admin/contacts");
  await page.getByLabel("Search contacts").fill(email);
  const row = page.getByRole("row").filter({ hasText: email });
  await expectText(row, name);
  await row.getByRole("button", { name: /^View/ }).click();
  const details = page.getByRole("dialog", { name: "Contact Details" });
  for (const text of [
    `${m}<svg onload=alert(1)>`,
    p.img,
    p.breakout,
    p.script,
    p.url,
    `javascript:alert(1)//${m}`,
    p.svg,
  ])
    await expectText(details, text);
  await expectNothingRan(page, dialogs, "contact details");
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  await row.getByRole("button", { name: /^Log/ }).click();
  const log = page.getByRole("dialog", { name: "Communication Log" });
  await expectText(log, p.svg);
  await expectText(log, p.img);
  await expectText(log, `${m}-mail`);
  await expectNothingRan(page, dialogs, "communication log");
  await page.keyboard.press("Escape");
  await expect(log).toBeHidden();

  await row.getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contact" });
  await expect(edit.getByLabel("Name *", { exact: true })).toHaveValue(name);
  await expect(edit.getByLabel("Address", { exact: true })).toHaveValue(p.breakout);
  await expectNothingRan(page, dialogs, "edit contact");
  await page.keyboard.press("Escape");

  // Recent Leads lists the five newest, and the other journeys add theirs meanwhile: a contact
  // added just before the visit is among them.
  await post(page.request, "/api/admin/contacts", { name, email: `recent.${email}` }, 201, auth());
  await page.goto("/admin");
  await waitForHydration(page);
  await expectText(page.getByTestId("recent-leads"), name);
  await expectNothingRan(page, dialogs, "dashboard");

  await page.goto("/admin/emails");
  await waitForHydration(page);
  const sent = page.getByTestId("outbox-email").filter({ hasText: `${m}-mail` });
  await expectText(sent, `${m}-mail ${p.svg}`);
  await sent.getByRole("button", { name: /Show text/ }).click();
  await expectText(sent, p.script);
  await expectText(sent, p.breakout);
  await expectNothingRan(page, dialogs, "e-mail outbox");
});

test(
  "posts and projects are shown as text on the public pages, in search and in their managers",
  { tag: "@db" },
  async ({ page }) => {
    const dialogs = watchDialogs(page);
    const m = unique();
    const p = attack(m);
    const title = `${m}-title <img src=x onerror=window.__xss=1> "><svg onload=window.__xss=1> </title></textarea><b id=injected>`;
    const blog = (await post(
      page.request,
      "/api/admin/posts",
      {
        title,
        slug: `xss-${m}`,
        content: p.markdown,
        excerpt: `${m}-excerpt ${p.script} ${p.breakout}`,
        featured_image: p.url,
        status: "published",
        post_type: "blog",
        seo_title: `${m}-seo </title><script>window.__xss=1</script>`,
        seo_description: `${m}-desc "><svg onload=window.__xss=1>`,
        tags: [`${m}-tag<img src=x onerror=window.__xss=1>`, `"><svg onload=alert(1)>`],
      },
      201,
      auth(),
    )) as { post: { id: number; slug: string } };
    const projectTitle = `${m}-project <img src=x onerror=window.__xss=1> </textarea><b id=injected>`;
    const project = (await post(
      page.request,
      "/api/admin/posts",
      {
        title: projectTitle,
        slug: `xss-project-${m}`,
        post_type: "portfolio",
        status: "published",
        excerpt: `${m}-pexcerpt ${p.svg}`,
        featured_image: p.url,
        tags: [`${m}-ptag<script>window.__xss=1</script>`],
        content: JSON.stringify({
          description: `${m}-pdesc ${p.img}\n\n${p.markdown}`,
          live_url: p.url,
          github_url: `javascript:alert(1)//${m}`,
          tech_stack: [`${m}-stack<img src=x onerror=window.__xss=1>`, p.breakout],
          featured: true,
        }),
      },
      201,
      auth(),
    )) as { post: { id: number } };

    await dismissCookieBanner(page);
    // The blog list, the post itself (its markdown, tags and metadata), search, projects, home.
    await page.goto("/blog");
    await waitForHydration(page);
    await expectText(page.locator("main"), `${m}-title <img src=x onerror=window.__xss=1>`);
    await expectText(page.locator("main"), `${m}-excerpt ${p.script}`);
    await expectNothingRan(page, dialogs, "/blog");

    await page.goto(`/blog/${blog.post.slug}`);
    await waitForHydration(page);
    const article = page.locator("main");
    await expectText(article, `${m}-title <img src=x onerror=window.__xss=1>`);
    await expectText(article, `${m}-heading`);
    await expectText(article, `${m}-rawhtml`);
    await expectText(article, `${m}-tail "><svg onload=window.__xss=1>`);
    await expectText(article, `${m}-tag<img src=x onerror=window.__xss=1>`);
    await expect(page).toHaveTitle(new RegExp(`${m}-seo </title><script>`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      `${m}-desc "><svg onload=window.__xss=1>`,
    );
    await expectNothingRan(page, dialogs, "/blog/{slug}");
    // The javascript: link is not a link at all.
    await expect(article.getByRole("link", { name: `${m}-link` })).toHaveCount(0);

    await page.goto(`/search?q=${m}`);
    await waitForHydration(page);
    await expectText(page.locator("main"), `${m}-title <img src=x onerror=window.__xss=1>`);
    await expectNothingRan(page, dialogs, "/search");

    await page.goto("/projects");
    await waitForHydration(page);
    await expectText(page.locator("main"), `${m}-project <img src=x onerror=window.__xss=1>`);
    await expectText(page.locator("main"), `${m}-pexcerpt ${p.svg}`);
    await expectText(page.locator("main"), `${m}-stack<img src=x onerror=window.__xss=1>`);
    await expectNothingRan(page, dialogs, "/projects");

    // The project's case study: its description, rendered and sanitized like a post's markdown, and its tools.
    await page.goto(`/blog/xss-project-${m}`);
    await waitForHydration(page);
    await expectText(page.locator("main"), `${m}-pdesc`);
    await expectText(page.locator("main"), `${m}-rawhtml`);
    await expectText(page.locator("main"), `${m}-stack<img src=x onerror=window.__xss=1>`);
    await expectNothingRan(page, dialogs, "/blog/{project slug}");

    await page.goto("/");
    await waitForHydration(page);
    await expectText(page.locator("#featured-projects-title").locator("xpath=ancestor::section"), `${m}-project`);
    await expectNothingRan(page, dialogs, "home featured projects");

    // The post manager: list, edit form and preview.
    await openAdmin(page, "/admin/posts");
    await page.getByRole("searchbox", { name: "Search posts" }).fill(m);
    const postRow = page
      .getByRole("listitem")
      .filter({ hasText: `${m}-title` })
      .first();
    await expectText(postRow, `${m}-title <img src=x onerror=window.__xss=1>`);
    await expectNothingRan(page, dialogs, "post manager list");
    await postRow.getByRole("button", { name: /^Edit/ }).click();
    const postForm = page.getByRole("region", { name: "Edit Post" });
    await expect(postForm.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(title);
    await expectNothingRan(page, dialogs, "post form");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expectText(preview, `${m}-rawhtml`);
    await expectText(preview, `${m}-tail "><svg onload=window.__xss=1>`);
    await expectNothingRan(page, dialogs, "post preview");

    // The portfolio manager: list and edit form.
    await openAdmin(page, "/admin/portfolio");
    await page.getByRole("searchbox", { name: "Search projects" }).fill(m);
    const projectRow = page
      .getByRole("listitem")
      .filter({ hasText: `${m}-project` })
      .first();
    await expectText(projectRow, `${m}-project <img src=x onerror=window.__xss=1>`);
    await expectText(projectRow, `${m}-stack<img src=x onerror=window.__xss=1>`);
    await expectNothingRan(page, dialogs, "portfolio manager list");
    await projectRow.getByRole("button", { name: /^Edit/ }).click();
    const projectForm = page.getByRole("region", { name: "Edit Portfolio Project" });
    await expect(projectForm.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(projectTitle);
    await expect(projectForm.getByRole("textbox", { name: "Live URL", exact: true })).toHaveValue(p.url);
    await expectNothingRan(page, dialogs, "portfolio form");

    // The featured project would otherwise stay on the home page of every later journey.
    for (const id of [blog.post.id, project.post.id])
      expect((await page.request.delete(`/api/admin/posts/${id}`, { headers: auth() })).status()).toBe(200);
  },
);

test("media descriptions and the assistant's messages are shown as text", { tag: "@db" }, async ({ page }) => {
  const dialogs = watchDialogs(page);
  const m = unique();
  const p = attack(m);

  const description = `${m}-media ${p.svg} ${p.breakout}`;
  const uploaded = await page.request.post("/api/admin/media/upload", {
    headers: auth(),
    multipart: {
      file: {
        name: `xss-${m}.png`,
        mimeType: "image/png",
        buffer: Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
          "base64",
        ),
      },
      description,
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  await openAdmin(page, "/admin/media");
  await page.getByRole("searchbox", { name: "Search files" }).fill(m);
  const files = page.getByRole("list", { name: "Media files" });
  await expect(files.getByRole("img", { name: description })).toBeVisible(LOADED);
  await page.getByRole("button", { name: "List view" }).click();
  await expectText(files, `${m}-media`);
  await expectNothingRan(page, dialogs, "media library");
  await files.getByRole("button", { name: `Edit xss-${m}.png` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Media" });
  await expect(edit.getByLabel("Description")).toHaveValue(description);
  await expectNothingRan(page, dialogs, "media edit dialog");
  await page.keyboard.press("Escape");

  // The assistant's welcome and offline messages (settings are global: restored after).
  const before = (await (await page.request.get("/api/admin/chat-settings", { headers: auth() })).json()) as {
    settings: Record<string, unknown> & { business_hours: Record<string, Record<string, unknown>> };
  };
  const welcome = `${m}-welcome ${p.img} ${p.script}`;
  const offline = `${m}-offline ${p.svg} ${p.breakout}`;
  const closed = Object.fromEntries(
    Object.entries(before.settings.business_hours).map(([day, hours]) => [day, { ...hours, enabled: false }]),
  );
  const put = (settings: Record<string, unknown>) =>
    page.request.put("/api/admin/chat-settings", { headers: auth(), data: { settings } });
  // Stored, read back through the public API as the widget reads it, and restored at once:
  // other journeys running in parallel see the payload settings only for a moment. The page
  // then gets exactly the answer the server gave.
  let served: string;
  try {
    expect(
      (
        await put({
          welcome_message: welcome,
          offline_message: offline,
          business_hours_enabled: true,
          business_hours: closed,
        })
      ).status(),
    ).toBe(200);
    served = await (await page.request.get("/api/chat-settings")).text();
  } finally {
    const { welcome_message, offline_message, business_hours_enabled, business_hours } = before.settings;
    expect((await put({ welcome_message, offline_message, business_hours_enabled, business_hours })).status()).toBe(
      200,
    );
  }
  expect(served).toContain(`${m}-welcome`);
  await page.route("**/api/chat-settings", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: served }),
  );
  await dismissCookieBanner(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Chat with Tyler", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Chat with Tyler" });
  await expectText(panel, welcome);
  await expectText(panel, offline);
  await expectNothingRan(page, dialogs, "chat widget");
});

test.describe("the journeys' Content-Security-Policy guard", () => {
  test.use({ cspViolationsAllowed: true });

  test("hears a violation: an injected inline script is blocked and reported", async ({ page }) => {
    const reported: string[] = [];
    page.on("console", (message) => message.text().startsWith(CSP_VIOLATION) && reported.push(message.text()));
    await page.goto("/");
    await page.addScriptTag({ content: "window.injectedScriptRan = true;" }).catch(() => {});
    await expect.poll(() => reported.length).toBeGreaterThan(0);
    expect(reported[0]).toContain("script-src");
    expect(await page.evaluate(() => (window as { injectedScriptRan?: boolean }).injectedScriptRan)).toBeUndefined();
  });
});
