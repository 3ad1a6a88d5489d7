import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OwnerReviewAnswerSchema,
  PortalReviewAnswerSchema,
  PublicReviewsAnswerSchema,
  ReviewListAnswerSchema,
  ReviewSettingsAnswerSchema,
} from "~/contracts/reviews";
import { communications, emailOutbox, posts, reviewRequests } from "../../db/schema/index";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { clientEmail, createClientProject, portalToken } from "../../../tests/support/projects";
import { sendDueReviewRequests } from "../../services/reviews/requests";

/**
 * Reviews through the API as the contract writes it (docs/product/reviews.md): the one request
 * a project's move to Complete makes (and no other move), also when moves and jobs race; the
 * client's review behind their own portal token; the owner's decisions; and the rating the site
 * is given, computed from approved reviews only.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createAdminToken(t.db)).auth;
});
afterAll(async () => t?.close());

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const deps = () => ({ db: t.db, mailer: t.mailer, env: t.env });

const moveTo = (projectId: string, status: string) =>
  t.app.request(`/api/admin/projects/${projectId}`, { method: "PUT", ...json({ status }, admin) });

const requestsOf = (projectId: string) =>
  t.db.select().from(reviewRequests).where(eq(reviewRequests.projectId, projectId));
const requestMails = (projectId: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "review_request"), eq(emailOutbox.projectId, projectId)));

/** The request a move queued right after it (the handler's kick): at most a few seconds. */
async function sentRequest(projectId: string) {
  for (let i = 0; i < 100; i++) {
    const [row] = await requestsOf(projectId);
    if (row?.state === "sent") return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The review request of ${projectId} was not sent`);
}

async function completedProject(name: string) {
  const email = clientEmail(
    name
      .split(" ")[0]!
      .toLowerCase()
      .replace(/[^a-z]/g, "") || "client",
  );
  const id = await createClientProject(t.db, { name, email });
  expect((await moveTo(id, "complete")).status).toBe(200);
  await sentRequest(id);
  return { id, email, token: await portalToken(t.db, { projectId: id }) };
}

const saveReview = (projectId: string, token: string | null, body: unknown) =>
  t.app.request(`/api/client-portal/projects/${projectId}/review`, {
    method: "PUT",
    ...json(body, token ? bearer(token) : {}),
  });

const goodReview = {
  stars: 5,
  words: "Tyler rebuilt our bakery's site in three weeks; online orders doubled by spring.",
  display_name: "Łucja Nguyễn",
  business: "Sunrise Bakery, Warwick",
  consent: true,
};

async function publicReviews(query = "") {
  const res = await t.app.request(`/api/reviews${query}`);
  expect(res.status).toBe(200);
  return PublicReviewsAnswerSchema.parse(await res.json());
}

describe("the review request", () => {
  it("is written when the project moves to Complete, not for the moves before, and sent once with its log", async () => {
    const email = clientEmail("lucja");
    const id = await createClientProject(t.db, { name: "Łucja Nguyễn", email });
    for (const status of ["development", "review", "launch"]) {
      expect((await moveTo(id, status)).status).toBe(200);
      expect(await requestsOf(id)).toHaveLength(0);
    }
    expect((await moveTo(id, "complete")).status).toBe(200);
    const request = await sentRequest(id);
    expect(request).toMatchObject({ reason: "complete", state: "sent" });

    const mails = await requestMails(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(email);
    expect(mails[0]!.text).toContain(`/client-portal?review=1#project=${id}`);
    expect(mails[0]!.text).toMatch(/^Hi Łucja,/);
    const log = await t.db.select().from(communications).where(eq(communications.contactId, mails[0]!.contactId!));
    expect(log.filter((entry) => entry.subject === mails[0]!.subject)).toHaveLength(1);

    // Back and forth: the project's one request stays its only one.
    expect((await moveTo(id, "launch")).status).toBe(200);
    expect((await moveTo(id, "complete")).status).toBe(200);
    expect((await moveTo(id, "maintenance")).status).toBe(200);
    await sendDueReviewRequests(deps());
    expect(await requestMails(id)).toHaveLength(1);
  });

  it("is made and sent once when two moves to Complete and two job runs race", async () => {
    const id = await createClientProject(t.db, { name: "Rita Moreau", email: clientEmail("rita") });
    const moves = await Promise.all([moveTo(id, "complete"), moveTo(id, "complete")]);
    expect(moves.map((res) => res.status)).toEqual([200, 200]);
    await Promise.all([sendDueReviewRequests(deps()), sendDueReviewRequests(deps()), sentRequest(id)]);
    expect(await requestsOf(id)).toHaveLength(1);
    expect(await requestMails(id)).toHaveLength(1);
  });

  it("waits the owner's days after Launch when the owner asks after Launch", async () => {
    const saved = await t.app.request("/api/admin/review-settings", {
      method: "PUT",
      ...json({ trigger: "launch", launch_days: 10 }, admin),
    });
    expect(saved.status).toBe(200);
    expect(ReviewSettingsAnswerSchema.parse(await saved.json()).settings).toEqual({
      trigger: "launch",
      launch_days: 10,
    });
    try {
      const id = await createClientProject(t.db, { name: "Sam Okafor", email: clientEmail("sam") });
      expect((await moveTo(id, "launch")).status).toBe(200);
      const [waiting] = await requestsOf(id);
      expect(waiting).toMatchObject({ reason: "launch", state: "waiting" });
      expect(waiting!.dueAt.getTime() - Date.now()).toBeGreaterThan(9 * 86_400_000);
      await sendDueReviewRequests(deps());
      expect(await requestMails(id)).toHaveLength(0);
      await sendDueReviewRequests(deps(), new Date(Date.now() + 11 * 86_400_000));
      const mails = await requestMails(id);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("has been live for a little while");
    } finally {
      await t.app.request("/api/admin/review-settings", {
        method: "PUT",
        ...json({ trigger: "complete", launch_days: 14 }, admin),
      });
    }
  });

  it("refuses a setting out of range with a clear error", async () => {
    const res = await t.app.request("/api/admin/review-settings", {
      method: "PUT",
      ...json({ trigger: "launch", launch_days: -1 }, admin),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain("Days after Launch must be 0 or more");
  });
});

describe("the client's review", () => {
  it("claims no rating while no review is approved", async () => {
    const answer = await publicReviews();
    expect(answer).toEqual({ reviews: [], rating: null });
  });

  it("is written and read behind the project's own portal token only", async () => {
    const mine = await completedProject("Łucja Nguyễn");
    const other = await completedProject("Dana Whitfield");

    expect((await saveReview(mine.id, null, goodReview)).status).toBe(401);
    const foreign = await saveReview(mine.id, other.token, goodReview);
    expect(foreign.status).toBe(403);
    const peek = await t.app.request(`/api/client-portal/projects/${mine.id}/review`, { headers: bearer(other.token) });
    expect(peek.status).toBe(403);

    const before = PortalReviewAnswerSchema.parse(
      await (
        await t.app.request(`/api/client-portal/projects/${mine.id}/review`, { headers: bearer(mine.token) })
      ).json(),
    );
    expect(before).toEqual({ can_review: true, review: null, suggested_name: "Łucja Nguyễn" });

    const saved = await saveReview(mine.id, mine.token, goodReview);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(PortalReviewAnswerSchema.parse(await saved.json()).review).toMatchObject({
      ...goodReview,
      status: "pending",
    });

    // A second submission while pending edits the same review.
    const edited = await saveReview(mine.id, mine.token, { ...goodReview, stars: 4, words: "Still great." });
    expect(PortalReviewAnswerSchema.parse(await edited.json()).review).toMatchObject({
      stars: 4,
      words: "Still great.",
    });
    const list = ReviewListAnswerSchema.parse(
      await (await t.app.request("/api/admin/reviews?status=pending", { headers: admin })).json(),
    );
    expect(list.reviews.filter((review) => review.project_id === mine.id)).toHaveLength(1);
  });

  it("refuses stars that are not 1 to 5 with a clear error", async () => {
    const { id, token } = await completedProject("Marco Bellini");
    for (const stars of [0, 6, "x", 4.5]) {
      const res = await saveReview(id, token, { ...goodReview, stars });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain("Choose a rating from 1 to 5 stars");
    }
    const missing = await saveReview(id, token, { ...goodReview, words: "  " });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toContain("A few words about the work is required");
  });

  it("is refused for a project not delivered yet", async () => {
    const id = await createClientProject(t.db, { name: "Ana Lima", email: clientEmail("ana") });
    const token = await portalToken(t.db, { projectId: id });
    const res = await saveReview(id, token, goodReview);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toContain("once it is complete");
  });
});

describe("the owner's decisions and the site's rating", () => {
  const decide = (id: number, body: unknown, headers = admin) =>
    t.app.request(`/api/admin/reviews/${id}`, { method: "PATCH", ...json(body, headers) });

  async function pendingReview(name: string, review: Partial<typeof goodReview>) {
    const project = await completedProject(name);
    const res = await saveReview(project.id, project.token, { ...goodReview, display_name: name, ...review });
    expect(res.status).toBe(200);
    const list = ReviewListAnswerSchema.parse(
      await (await t.app.request("/api/admin/reviews", { headers: admin })).json(),
    );
    return { ...project, review: list.reviews.find((r) => r.project_id === project.id)! };
  }

  it("needs the owner's session", async () => {
    expect((await t.app.request("/api/admin/reviews")).status).toBe(401);
    expect((await decide(1, { status: "approved" }, {})).status).toBe(401);
  });

  it("refuses to approve a review without consent to publish; hides it", async () => {
    const { review } = await pendingReview("Owen Price", { consent: false, stars: 1 });
    const refused = await decide(review.id, { status: "approved" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain("did not agree to publish");
    const hidden = await decide(review.id, { status: "hidden" });
    expect(OwnerReviewAnswerSchema.parse(await hidden.json()).review.status).toBe("hidden");
    expect((await publicReviews()).rating).toBeNull();
  });

  it("computes the rating from approved reviews only, and the page's cached answer follows each approval", async () => {
    const five = await pendingReview("Grace Lin", { stars: 5 });
    const four = await pendingReview("Henry Cole", { stars: 4 });
    await pendingReview("Ivy Moss", { stars: 1 }); // stays pending: never counted
    expect((await publicReviews()).rating).toBeNull(); // cached until a decision changes it

    expect((await decide(five.review.id, { status: "approved" })).status).toBe(200);
    expect((await publicReviews()).rating).toEqual({ value: 5, count: 1 });
    expect((await decide(four.review.id, { status: "approved" })).status).toBe(200);
    const both = await publicReviews();
    expect(both.rating).toEqual({ value: 4.5, count: 2 });
    expect(both.reviews.map((r) => r.display_name)).toEqual(["Henry Cole", "Grace Lin"]);

    // An approved review can no longer be changed from the portal.
    const late = await saveReview(four.id, four.token, { ...goodReview, stars: 1 });
    expect(late.status).toBe(409);

    // Shown on a portfolio entry the owner chooses.
    const [post] = await t.db
      .insert(posts)
      .values({
        title: "Harbor Light Café",
        slug: "harbor-light-cafe-reviews",
        content: "A café site.",
        status: "published",
        postType: "portfolio",
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const linked = await decide(five.review.id, { post_id: post!.id });
    expect(OwnerReviewAnswerSchema.parse(await linked.json()).review).toMatchObject({
      post_id: post!.id,
      post_title: "Harbor Light Café",
    });
    const onPost = await publicReviews(`?post=${post!.slug}`);
    expect(onPost.reviews.map((r) => r.display_name)).toEqual(["Grace Lin"]);

    // Hidden again: out of the rating at once.
    expect((await decide(four.review.id, { status: "hidden" })).status).toBe(200);
    expect((await publicReviews()).rating).toEqual({ value: 5, count: 1 });
  });

  it("pages the list on the server, newest first, with each status's count", async () => {
    const first = ReviewListAnswerSchema.parse(
      await (await t.app.request("/api/admin/reviews?limit=2", { headers: admin })).json(),
    );
    expect(first.reviews).toHaveLength(2);
    expect(first.total).toBe(first.counts.pending + first.counts.approved + first.counts.hidden);
    const second = ReviewListAnswerSchema.parse(
      await (await t.app.request("/api/admin/reviews?limit=2&offset=2", { headers: admin })).json(),
    );
    const times = [...first.reviews, ...second.reviews].map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const bad = await t.app.request("/api/admin/reviews?status=maybe", { headers: admin });
    expect(bad.status).toBe(400);
  });
});
