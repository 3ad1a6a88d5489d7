import { sql } from "drizzle-orm";
import { defaultProjectName } from "~/contracts/project-terms";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CreateInquiryResponseSchema,
  InquiryListSchema,
  PostInquiryMessageResponseSchema,
  type CreateInquiryResponse,
  type InquiryMessage,
  type PostInquiryMessageResponse,
} from "~/contracts/inquiries";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { revokeAdminSession } from "../../services/admin-sessions";
import { InquiryChatSchema } from "./inquiries.routes";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  ctx = await createTestApp({ env: { TRUST_PROXY: "true", INQUIRY_CREATE_LIMIT: "3", INQUIRY_MESSAGE_LIMIT: "40" } });
});
afterAll(() => ctx.close());

async function create(ip = freshIp(), body?: unknown) {
  const res = await ctx.app.request("/api/inquiries/create", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { res, body: (await res.json()) as CreateInquiryResponse };
}

function answer(id: string, content: string, questionType?: string | null, ip = "10.9.9.9", headers = {}) {
  return ctx.app.request(`/api/inquiries/${id}/messages`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, ...headers },
    body: JSON.stringify({
      inquiry_id: decodeURIComponent(id),
      author_type: "visitor",
      content,
      message_type: "answer",
      question_type: questionType,
    }),
  });
}

/** Answers the current question as the page would: with the type of the last question asked. */
async function reply(id: string, content: string, ip?: string) {
  const res = await ctx.app.request(`/api/inquiries/${id}/messages`);
  const { messages } = (await res.json()) as { messages: InquiryMessage[] };
  const last = messages.filter((m) => m.message_type === "question").at(-1);
  const out = await answer(id, content, last?.question_type, ip);
  expect(out.status, await out.clone().text()).toBe(201);
  const body = (await out.json()) as PostInquiryMessageResponse;
  expect(PostInquiryMessageResponseSchema.parse(body)).toEqual(body);
  return body;
}

describe("the guided inquiry", () => {
  it("runs from creation to completion, stores the inquiry and files the contact", async () => {
    const email = `dana.${Math.random().toString(36).slice(2)}@example.com`;
    const { res, body } = await create(freshIp(), {
      attribution: { landing_page: "/newport-web-design?utm_source=google", utm_source: "google" },
    });
    expect(res.status).toBe(201);
    expect(CreateInquiryResponseSchema.parse(body)).toEqual(body);
    expect(body.inquiryId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.session).toMatchObject({ id: body.inquiryId, status: "active", completion_percentage: 0 });
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({
      author_type: "admin",
      sender: "Tyler",
      message_type: "question",
      question_type: "name",
    });

    const id = body.inquiryId;
    let step = await reply(id, "  Dana Whitfield  ");
    expect(step.message).toMatchObject({ author_type: "visitor", content: "Dana Whitfield", question_type: "name" });
    expect(step.replies[0]).toMatchObject({ question_type: "email" });
    expect(step.replies[0]!.content).toContain("Dana");
    expect(step.session.completion_percentage).toBe(14);

    step = await reply(id, email);
    expect(step.replies[0]).toMatchObject({
      question_type: "project_type",
      options: [
        "Personal site",
        "Portfolio",
        "Small business",
        "Nonprofit/cause",
        "Landing page",
        "Blog",
        "Something else",
      ],
    });
    step = await reply(id, "Small business");
    expect(step.replies[0]).toMatchObject({
      question_type: "budget",
      options: ["$75 - $150", "$150 - $300", "$300 - $500", "$500+", "Let's discuss"],
    });
    step = await reply(id, "$500+");
    expect(step.replies[0]).toMatchObject({
      question_type: "timeline",
      options: ["As soon as possible", "1-2 weeks", "About a month", "I'm flexible"],
    });
    step = await reply(id, "1-2 weeks");
    expect(step.replies[0]).toMatchObject({ question_type: "description", options: [] });
    const description =
      "A site for our charter fishing boat out of Galilee: trip types, prices, a calendar of open dates and a way to book a deposit.";
    step = await reply(id, description);
    expect(step.replies[0]).toMatchObject({ question_type: "additional", options: ["That's everything"] });
    expect(step.session.completion_percentage).toBe(86);
    step = await reply(id, "We also need a photo gallery of catches.");
    expect(step.session).toMatchObject({ status: "completed", completion_percentage: 100 });
    expect(step.session.completed_at).not.toBeNull();
    expect(step.replies[0]).toMatchObject({ message_type: "message", question_type: null });
    expect(step.replies[0]!.content).toContain(email);
    // The inquiry became a project like the form's: its ID in the session and in the last reply.
    const projectId = step.session.project_id!;
    expect(projectId).toMatch(/^WBT-\d{4}-[A-Z2-9]{6}$/);
    expect(step.replies[0]!.content).toContain(projectId);

    const { rows: inquiries } = await ctx.db.execute(sql`select * from inquiries where id = ${id}`);
    expect(inquiries[0]).toMatchObject({
      visitor_name: "Dana Whitfield",
      visitor_email: email,
      project_type: "business",
      budget: "500-plus",
      timeline: "1-2weeks",
      description,
      additional_info: "We also need a photo gallery of catches.",
      status: "completed",
      completion_percentage: 100,
      current_question: null,
      project_id: projectId,
    });
    expect(inquiries[0]!.completed_at).not.toBeNull();

    const { rows: contacts } = await ctx.db.execute(sql`select * from contacts where email = ${email}`);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      name: "Dana Whitfield",
      source: "chat",
      status: "new",
      lead_score: 20 + 15 + 10,
      initial_message: description,
      landing_page: "/newport-web-design?utm_source=google",
      utm_source: "google",
    });
    expect(inquiries[0]!.contact_id).toBe(contacts[0]!.id);
    const { rows: notes } = await ctx.db.execute(
      sql`select * from communications where contact_id = ${contacts[0]!.id}`,
    );
    expect(notes[0]!.content).toContain(id);
    expect(notes[0]!.content).toContain(projectId);

    // The project: status submitted, the answers in its details, the visitor its primary client.
    const { rows: projects } = await ctx.db.execute(sql`select * from projects where id = ${projectId}`);
    expect(projects[0]).toMatchObject({
      name: defaultProjectName("Dana Whitfield", "small_business"),
      status: "submitted",
      project_type: "small_business",
      budget_range: "500-plus",
      description: `${description}\n\nAnything else: We also need a photo gallery of catches.`,
      legacy_data: { site_type: "business", timeline: "1-2weeks", inquiry_id: id },
      // The visit that started the chat, as on the contact.
      landing_page: "/newport-web-design?utm_source=google",
      utm_source: "google",
    });
    const { rows: team } = await ctx.db.execute(sql`select * from project_contacts where project_id = ${projectId}`);
    expect(team).toEqual([expect.objectContaining({ contact_id: contacts[0]!.id, role: "client", is_primary: true })]);

    await ctx.mailer.settled();
    const { rows: mail } = await ctx.db.execute(
      sql`select to_address, subject, text from email_outbox where contact_id = ${contacts[0]!.id} order by id`,
    );
    expect(mail.map((m) => m.to_address)).toEqual([ctx.env.OWNER_EMAIL, email]);
    // The owner's e-mail leads to the lead and the project in the admin, not to the public chat.
    expect(mail[0]!.subject).toBe(`New chat inquiry from Dana Whitfield (${projectId})`);
    expect(mail[0]!.text).toContain(`${ctx.env.SITE_URL}/admin/contacts?contact=${contacts[0]!.id}`);
    expect(mail[0]!.text).toContain(`${ctx.env.SITE_URL}/admin/projects?project=${projectId}`);
    expect(mail[0]!.text).toContain("Lead score: 45");
    expect(mail[0]!.text).not.toContain(`/chat/${id}`);
    // The visitor's: the Project ID and the portal link that opens it.
    expect(mail[1]!.subject).toContain(projectId);
    expect(mail[1]!.text).toContain(`Your Project ID: ${projectId}`);
    expect(mail[1]!.text).toContain(`${ctx.env.SITE_URL}/client-portal#project=${projectId}`);

    // The whole conversation reads back in order.
    const all = await ctx.app.request(`/api/inquiries/${id}/messages`);
    const { session, messages } = InquiryChatSchema.parse(await all.json());
    expect(session.status).toBe("completed");
    expect(messages).toHaveLength(15);
    const times = messages.map((m) => m.created_at);
    expect([...times].sort()).toEqual(times);
  });

  it("asks for the e-mail again when it is not valid, without moving on", async () => {
    const { body } = await create();
    await reply(body.inquiryId, "Sam");
    const bad = await reply(body.inquiryId, "sam at example dot com");
    expect(bad.replies[0]).toMatchObject({ question_type: "email" });
    expect(bad.replies[0]!.content).toContain("doesn't look like an e-mail address");
    expect(bad.session.completion_percentage).toBe(14);
    const good = await reply(body.inquiryId, "sam@example.com");
    expect(good.replies[0]!.question_type).toBe("project_type");
  });

  it("asks again when an option question gets something that is not an option", async () => {
    const { body } = await create();
    await reply(body.inquiryId, "Lee");
    await reply(body.inquiryId, "lee@example.com");
    const off = await reply(body.inquiryId, "a spaceship");
    expect(off.replies[0]).toMatchObject({ question_type: "project_type" });
    expect(off.replies[0]!.content).toContain("Please choose one of these");
    // Values work as well as labels.
    const ok = await reply(body.inquiryId, "portfolio");
    expect(ok.replies[0]!.question_type).toBe("budget");
  });

  it("refuses answers to a completed inquiry", async () => {
    const { body } = await create();
    const id = body.inquiryId;
    for (const text of [
      "Ana",
      "ana@example.com",
      "Blog",
      "Let's discuss",
      "I'm flexible",
      "A recipe blog.",
      "That's everything",
    ])
      await reply(id, text);
    const res = await answer(id, "one more thing", "additional");
    expect(res.status).toBe(409);
    expect((await res.json()).error).toContain("already complete");
  });

  it("refuses an answer to a question that was already answered (a double send)", async () => {
    const { body } = await create();
    await reply(body.inquiryId, "Kim");
    const res = await answer(body.inquiryId, "Kim again", "name");
    expect(res.status).toBe(409);
  });

  it("rejects empty, whitespace and oversized answers with a clear 400, storing nothing", async () => {
    const { body } = await create();
    for (const content of ["", "   \n  "]) {
      const res = await answer(body.inquiryId, content, "name");
      expect(res.status).toBe(400);
      expect((await res.json()).error).toContain("Write an answer before sending");
    }
    const long = await answer(body.inquiryId, "x".repeat(5001), "name");
    expect(long.status).toBe(400);
    expect((await long.json()).error).toContain("5000 characters");
    const bad = await ctx.app.request(`/api/inquiries/${body.inquiryId}/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    const { rows } = await ctx.db.execute(
      sql`select count(*)::int as n from inquiry_messages where inquiry_id = ${body.inquiryId}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("stores markup as text, exactly as typed", async () => {
    const { body } = await create();
    const step = await reply(body.inquiryId, "<img src=x onerror=alert(1)>");
    expect(step.message.content).toBe("<img src=x onerror=alert(1)>");
  });

  it("answers 404 for unknown and malformed ids", async () => {
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "nope", "../../etc"]) {
      expect((await ctx.app.request(`/api/inquiries/${encodeURIComponent(id)}/messages`)).status).toBe(404);
      expect((await answer(encodeURIComponent(id), "hi", null)).status).toBe(404);
    }
  });

  it("accepts an empty body or attribution, and refuses a body that is not JSON", async () => {
    expect((await create(freshIp(), undefined)).res.status).toBe(201);
    const odd = await create(freshIp(), { attribution: "not an object" });
    expect(odd.res.status).toBe(201);
    const res = await ctx.app.request("/api/inquiries/create", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": freshIp() },
      body: "{oops",
    });
    expect(res.status).toBe(400);
  });

  it("limits how many chats one address starts, with Retry-After", async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await create(ip)).res.status).toBe(201);
    const { res, body } = await create(ip);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((body as unknown as { error: string }).error).toMatch(
      /^Too many chats started from your connection\. Please wait \d+ minutes?/,
    );
  });

  it("limits how many messages one address sends", async () => {
    const { body } = await create();
    const ip = freshIp();
    let last = 201;
    for (let i = 0; i < 41 && last !== 429; i++) last = (await answer(body.inquiryId, "not an email", null, ip)).status;
    expect(last).toBe(429);
  });
});

describe("the owner's messages", () => {
  it("refuses author_type admin without a token, with a bad one and with a revoked one", async () => {
    const { body } = await create();
    const send = (headers: Record<string, string>) =>
      ctx.app.request(`/api/inquiries/${body.inquiryId}/messages`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ inquiry_id: body.inquiryId, author_type: "admin", content: "Hi, this is Tyler" }),
      });
    expect((await send({})).status).toBe(401);
    expect((await send({ Authorization: "Bearer not-a-real-token-at-all-123456" })).status).toBe(401);
    const admin = await createAdminToken(ctx.db);
    const ok = await send(admin.auth);
    expect(ok.status).toBe(201);
    expect((await ok.json()).message).toMatchObject({
      author_type: "admin",
      sender: "Tyler",
      content: "Hi, this is Tyler",
    });
    const { rows } = await ctx.db.execute(sql`select id from admin_sessions where user_id = ${admin.user.id}`);
    await revokeAdminSession(ctx.db, Number(rows[0]!.id));
    expect((await send(admin.auth)).status).toBe(401);
  });

  it("shows the inquiry's fields to the owner only", async () => {
    const { body } = await create();
    await reply(body.inquiryId, "Priya");
    const visitor = await (await ctx.app.request(`/api/inquiries/${body.inquiryId}/messages`)).json();
    expect(visitor.inquiry).toBeUndefined();
    const admin = await createAdminToken(ctx.db);
    const owner = await (
      await ctx.app.request(`/api/inquiries/${body.inquiryId}/messages`, { headers: admin.auth })
    ).json();
    expect(owner.inquiry).toMatchObject({ id: body.inquiryId, visitor_name: "Priya" });
    expect(InquiryChatSchema.parse(owner).inquiry).toEqual(owner.inquiry);
  });

  it("lists inquiries for the owner only", async () => {
    const { body } = await create();
    expect((await ctx.app.request("/api/admin/inquiries")).status).toBe(401);
    const admin = await createAdminToken(ctx.db);
    const res = await ctx.app.request("/api/admin/inquiries?status=active", { headers: admin.auth });
    expect(res.status).toBe(200);
    const list = InquiryListSchema.parse(await res.json());
    expect(list.inquiries.map((i) => i.id)).toContain(body.inquiryId);
    expect(list.total).toBeGreaterThanOrEqual(1);
  });
});
