import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import type { Database } from "../db/client";
import { emailOutbox, inquiries, invoices, posts, projects } from "../db/schema";
import { outboxEmailJson, toOutboxEmail } from "./admin-email";
import { dayIn } from "./billing/common";
import { toInvoiceRow } from "./billing/invoices";
import { invoiceRowJson } from "./billing/invoice-list";
import { NO_BILLING, projectBillingStates } from "./billing/summary";
import { inquiryRecordJson, toInquiryRecord } from "./inquiries";
import { postJson, toPost } from "./posts";
import { projectListRowJson } from "./projects/list";
import { contactsOf, milestoneCounts, toProject } from "./projects/projects";

/**
 * The owner's lists send rows that PostgreSQL built as JSON (json-rows.ts). Each must be exactly
 * what the list's mapping function makes of the same row in JavaScript: quotes, non-Latin letters,
 * nulls, microsecond timestamps, dates, JSON columns, an overdue and a void invoice, a project with
 * no contact, one contact, and a primary contact linked after another.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.execute(sql`
    insert into contacts (id, name, email, phone, source) values
      (9001, 'Łucja Nguyễn', 'lucja@example.com', '401-555-0100', 'manual'),
      (9002, 'Ben "the boat" O''Brien', 'ben@example.com', null, 'manual'),
      (9003, 'Ana Ferreira', 'ana@example.com', null, 'manual');
    insert into projects (id, name, description, project_type, budget_range, start_date, status, legacy_data,
        created_at, completed_at, utm_source) values
      ('WBT-JSON-000001', 'Harbor "Café" & Grill', e'Line one\nLine two', 'small_business', '2500-5000',
        '2026-03-01', 'in_progress', '{"old_id": "17", "note": "Ł"}', '2026-01-02 03:04:05.678901+00', null, 'google'),
      ('WBT-JSON-000002', 'No contacts yet', null, null, null, null, 'planning', null, now(), now(), null),
      ('WBT-JSON-000003', 'Two contacts', null, null, null, null, 'completed', null, now(), now(), null);
    insert into project_contacts (project_id, contact_id, role, is_primary, created_at) values
      ('WBT-JSON-000001', 9001, 'client', false, now()),
      ('WBT-JSON-000003', 9002, 'client', false, now() - interval '1 day'),
      ('WBT-JSON-000003', 9003, 'billing', true, now());
    insert into project_milestones (project_id, title, status) values
      ('WBT-JSON-000001', 'Design', 'completed'), ('WBT-JSON-000001', 'Build', 'pending');
    insert into inquiries (id, visitor_name, visitor_email, project_type, status, completion_percentage,
        additional_info, contact_id, project_id, created_at, completed_at) values
      ('inquiry-json-one-0001', 'Łucja Nguyễn', 'lucja@example.com', 'business', 'completed', 100,
        e'Tabs\tand "quotes"', 9001, 'WBT-JSON-000001', '2026-05-06 07:08:09.123456+00', now()),
      ('inquiry-json-two-0002', null, null, null, 'active', 0, null, null, null, now(), null);
    insert into email_outbox (kind, to_address, subject, text, status, attempts, last_error, contact_id,
        project_id, created_at, sent_at, expires_at) values
      ('lead_notification', 'lucja@example.com', 'Ваш сайт — “ready”', e'Hello\n\\o/', 'failed', 3,
        'Connection refused', 9001, 'WBT-JSON-000001', '2026-07-08 09:10:11.999999+00', null, now()),
      ('lead_notification', 'ben@example.com', 'Sent', 'Text', 'sent', 1, null, null, null, now(), now(), null);
    insert into invoices (number, year, sequence, project_id, project_ref, project_name, client_name, client_email,
        kind, status, lines, subtotal_cents, discount_cents, total_cents, amount_paid_cents, issue_date, due_date,
        notes, created_at, sent_at) values
      ('INV-2026-9001', 2026, 9001, 'WBT-JSON-000001', 'WBT-JSON-000001', 'The name it had', 'Łucja Nguyễn',
        'lucja@example.com', 'manual', 'sent', '[]', 250000, 0, 250000, 100000, '2026-01-01', '2026-01-31',
        'Net 30 "please"', '2026-01-01 10:00:00.5+00', now()),
      ('INV-2026-9002', 2026, 9002, null, 'WBT-GONE-000009', 'A deleted project', 'Ben', 'ben@example.com',
        'manual', 'void', '[]', 5000, 0, 5000, 0, '2026-02-01', '2026-03-03', null, now(), null),
      ('INV-2026-9003', 2026, 9003, 'WBT-JSON-000003', 'WBT-JSON-000003', 'Two contacts', 'Ana', 'ana@example.com',
        'manual', 'draft', '[]', 7000, 0, 7000, 0, current_date, current_date + 30, null, now(), null);
    insert into posts (title, slug, content, excerpt, status, post_type, tags, published_at, created_at) values
      ('Ćwiczenia "SEO"', 'cwiczenia-seo', e'# Heading\n\nText with \\ and "quotes"', null, 'published', 'blog',
        'seo, local', '2026-04-05 06:07:08.090807+00', '2026-04-01 00:00:00+00'),
      ('Draft', 'draft-json', 'Text', 'An excerpt', 'draft', 'portfolio', null, null, now());
  `);
}, 60_000);
afterAll(() => database.close());

describe("list rows built by PostgreSQL", () => {
  it("inquiries", async () => {
    const rows = await db
      .select()
      .from(inquiries)
      .where(sql`${inquiries.id} like 'inquiry-json-%'`);
    const json = await db
      .select({ id: inquiries.id, row: inquiryRecordJson })
      .from(inquiries)
      .where(sql`${inquiries.id} like 'inquiry-json-%'`);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(json.find((j) => j.id === row.id)?.row).toEqual(toInquiryRecord(row));
  });

  it("the outbox", async () => {
    const rows = await db.select().from(emailOutbox);
    const json = await db.select({ id: emailOutbox.id, row: outboxEmailJson }).from(emailOutbox);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(json.find((j) => j.id === row.id)?.row).toEqual(toOutboxEmail(row));
  });

  it("invoices, overdue and void among them, with the project's name as it is now or as it was", async () => {
    const now = new Date();
    const rows = await db
      .select({ row: invoices, projectName: projects.name })
      .from(invoices)
      .leftJoin(projects, sql`${projects.id} = ${invoices.projectId}`);
    const json = await db.select({ id: invoices.id, row: invoiceRowJson(dayIn(now)) }).from(invoices);
    expect(rows).toHaveLength(3);
    const expected = rows.map((r) => toInvoiceRow(r.row, r.projectName, now));
    expect(expected.map((r) => r.status).sort()).toEqual(["draft", "overdue", "void"]);
    for (const row of expected) expect(json.find((j) => j.id === row.id)?.row).toEqual(row);
  });

  it("posts", async () => {
    const rows = await db
      .select()
      .from(posts)
      .where(inArray(posts.slug, ["cwiczenia-seo", "draft-json"]));
    const json = await db
      .select({ id: posts.id, row: postJson })
      .from(posts)
      .where(inArray(posts.slug, ["cwiczenia-seo", "draft-json"]));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(json.find((j) => j.id === row.id)?.row).toEqual(toPost(row));
  });

  it("projects, with their contacts, milestone counts and billing states", async () => {
    const now = new Date();
    const rows = await db
      .select()
      .from(projects)
      .where(sql`${projects.id} like 'WBT-JSON-%'`);
    const ids = rows.map((r) => r.id);
    const [team, counts, billing] = await Promise.all([
      contactsOf(db, ids),
      milestoneCounts(db, ids),
      projectBillingStates(db, ids, now),
    ]);
    const json = await db
      .select({ id: projects.id, row: projectListRowJson(dayIn(now)) })
      .from(projects)
      .where(sql`${projects.id} like 'WBT-JSON-%'`);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const expected = {
        ...toProject(row, team.get(row.id) ?? [], counts.get(row.id)),
        billing: billing.get(row.id) ?? NO_BILLING,
      };
      expect(json.find((j) => j.id === row.id)?.row).toEqual(expected);
    }
    const two = json.find((j) => j.id === "WBT-JSON-000003")!.row;
    expect(two.contact_name).toBe("Ana Ferreira");
    expect(two.contact_names).toBe(`Ana Ferreira, Ben "the boat" O'Brien`);
    expect(two.billing.due_cents).toBe(0);
    expect(json.find((j) => j.id === "WBT-JSON-000001")!.row.billing).toEqual({
      quote_status: null,
      invoice_status: "overdue",
      due_cents: 150000,
    });
  });
});
