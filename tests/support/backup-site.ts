import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Client } from "pg";
import sharp from "sharp";
import type { Database } from "../../server/db/client";
import {
  bookingOverrides,
  busyTimes,
  carePlanCharges,
  carePlanPeriods,
  carePlans,
  analyticsDaily,
  analyticsDailyEvents,
  analyticsDailyPages,
  analyticsDailyReferrers,
  analyticsDailyUtm,
  analyticsExclusions,
  analyticsKeptOut,
  billingNumberCounters,
  billingSettings,
  chatSettings,
  communications,
  contacts,
  billingCredits,
  discardedQuoteRevisions,
  quoteFollowUpOptOuts,
  quoteFollowUps,
  invoicePayments,
  invoiceReminders,
  invoices,
  jobProgress,
  jobRuns,
  portalSignInLinks,
  posts,
  reviewRequests,
  reviewSettings,
  reviews,
  projectCommentMedia,
  projectComments,
  quotes,
  rateLimits,
  requestReplays,
  serverSecrets,
} from "../../server/db/schema";
import { listTables, qualified, readSequences } from "../../server/services/backups/catalog";
import { ensureBookingDefaults } from "../../server/services/bookings/settings";
import { uploadMedia } from "../../server/services/media/media";
import type { MediaStore } from "../../server/services/media/store";
import { seedDatabase } from "../../scripts/seed/seed-database";
import { createAdminToken } from "./admin";
import { countOn } from "./backup-archives";
import { createClientProject, portalToken } from "./projects";

/**
 * A whole site for the backup tests: the seed's practice, plus a row in every table the seed
 * leaves empty, plus values that COPY's text format must carry unchanged (quotes, tabs, line
 * breaks, backslashes, its own end marker, other scripts, emoji, NULL beside '', JSON).
 */
export const AWKWARD_TEXT = `O'Brien "Zoë"\tTab\\Backslash\r\nNew line\n\\.\nΕλλάδα 東京 Россия 🙂 — ‘curly’ \\N`;

export interface FilledSite {
  adminToken: string;
  portalToken: string;
  projectId: string;
  postSlug: string;
  mediaKey: string;
  awkwardContactId: number;
}

const png = (color: string) =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: color } })
    .png()
    .toBuffer();

export async function fillEveryTable(db: Database, store: MediaStore): Promise<FilledSite> {
  await seedDatabase(db, { scale: 0.004, now: new Date("2026-06-30T12:00:00Z") });

  const admin = await createAdminToken(db, AWKWARD_TEXT);
  const projectId = await createClientProject(db, { name: "Ada Lovelace", email: "ada.backup@example.com" });
  const portal = await portalToken(db, { projectId });
  await db.insert(portalSignInLinks).values({
    tokenHash: createHash("sha256").update("a link").digest("hex"),
    email: "ada.backup@example.com",
    expiresAt: new Date("2030-01-01T00:00:00.123456Z"),
  });

  const picture = await uploadMedia(db, store, {
    file: new File([await png("#c03")], "Shop front – ü.png", { type: "image/png" }),
    description: AWKWARD_TEXT,
  });
  const attached = await uploadMedia(db, store, {
    file: new File([await png("#06c")], "draft.png", { type: "image/png" }),
    projectId,
  });
  const pictureKey = picture.url.slice("/api/media/".length);
  // A published blog post that shows the picture (the trigger records it in post_media_refs).
  const [post] = await db
    .update(posts)
    .set({ content: sql`${posts.content} || ${`\n\n![Shop](${picture.url})`}` })
    .where(
      eq(
        posts.id,
        sql`(select id from posts where status = 'published' and post_type = 'blog' order by published_at desc limit 1)`,
      ),
    )
    .returning({ id: posts.id, slug: posts.slug });
  const [comment] = await db
    .insert(projectComments)
    .values({ projectId, authorType: "client", authorName: AWKWARD_TEXT, content: AWKWARD_TEXT })
    .returning({ id: projectComments.id });
  await db.insert(projectCommentMedia).values({ commentId: comment!.id, mediaId: attached.id });

  const [awkward] = await db
    .insert(contacts)
    .values({
      name: AWKWARD_TEXT,
      email: "zoë.o'brien@example.com",
      company: "",
      phone: null,
      submissionData: { site_type: AWKWARD_TEXT, budget: "$5k–10k", timeline: "\\", readiness: '"now"' },
    })
    .returning({ id: contacts.id });
  await db.insert(communications).values({
    contactId: awkward!.id,
    type: "note",
    direction: "inbound",
    subject: null,
    content: AWKWARD_TEXT,
  });

  await db.insert(analyticsDaily).values({ day: "2026-06-01", pageviews: 3, visits: 2, visitors: 2 });
  await db.insert(analyticsDailyPages).values({
    day: "2026-06-01",
    path: '/blog/zoë\'s "page"',
    pageviews: 3,
    visitors: 2,
    entries: 2,
    scrollTotal: 150,
    scrolled75: 1,
    stayed30: 1,
    stayed60: 1,
    stayed120: 0,
    stayed300: 0,
  });
  await db.insert(analyticsDailyReferrers).values({ day: "2026-06-01", host: "例え.jp", visits: 1 });
  await db.insert(analyticsDailyUtm).values({ day: "2026-06-01", source: "news\tletter", medium: null, visits: 1 });
  await db.insert(analyticsDailyEvents).values({ day: "2026-06-01", name: "cta_click", count: 4 });
  await db.insert(analyticsKeptOut).values({ day: "2026-06-01", overCap: 7, spamReferrer: 1 });
  await db.insert(analyticsExclusions).values({ kind: "referrer", value: "spam\\site.example" });
  await db
    .insert(chatSettings)
    .values({ id: 1, settings: { greeting: AWKWARD_TEXT, nested: { list: [1, null, "two"], empty: "" } } })
    .onConflictDoNothing();
  await db.insert(jobRuns).values({
    job: "project-retention",
    startedAt: new Date("2026-06-30T03:00:00.000001Z"),
    finishedAt: new Date("2026-06-30T03:00:02Z"),
    status: "failed",
    counts: { projects: 0, files: 2 },
    error: AWKWARD_TEXT,
  });
  await db
    .insert(jobProgress)
    .values({ job: "backup", startedAt: new Date("2026-06-30T04:00:00Z"), phase: "files", done: 1, total: 3 });
  await db
    .insert(rateLimits)
    .values({ key: "login:203.0.113.9", count: 3, expiresAt: new Date("2030-01-01T00:00:00Z") })
    .onConflictDoNothing();
  await db.insert(serverSecrets).values({ name: "backup-test", value: AWKWARD_TEXT }).onConflictDoNothing();
  // Bytes that are not text, a NUL and a backslash among them (bytea through COPY).
  await db
    .insert(requestReplays)
    .values({ idHash: "a".repeat(64), fingerprint: "b".repeat(64), answer: Buffer.from([0, 92, 255, 10, 13, 9]) });

  // Billing (docs/product/billing.md): a sent quote, its invoice with a payment and a reminder.
  const line = {
    description: AWKWARD_TEXT,
    quantity: 1.5,
    unit_price_cents: 10_001,
    total_cents: 15_002,
    preset: null,
  };
  await db.insert(billingNumberCounters).values([
    { year: 2019, kind: "quote", last: 1 },
    { year: 2019, kind: "invoice", last: 1 },
  ]);
  await db.insert(billingSettings).values({ id: 1, settings: { terms_template: AWKWARD_TEXT, deposit_percent: 40 } });
  const [quote] = await db
    .insert(quotes)
    .values({
      number: "Q-2019-0001",
      projectId,
      projectRef: projectId,
      projectName: "Ada Lovelace Website Project",
      status: "sent",
      lines: [line],
      subtotalCents: 15_002,
      discountCents: 0,
      totalCents: 15_002,
      depositPercent: 40,
      depositCents: 6_001,
      terms: AWKWARD_TEXT,
      validUntil: "2026-07-30",
      sentAt: new Date("2026-06-30T12:00:00.000001Z"),
    })
    .returning({ id: quotes.id });
  const [invoice] = await db
    .insert(invoices)
    .values({
      number: "INV-2019-0001",
      year: 2019,
      sequence: 1,
      projectId,
      projectRef: projectId,
      projectName: "Ada Lovelace Website Project",
      clientName: AWKWARD_TEXT,
      quoteId: quote!.id,
      kind: "manual",
      status: "partially_paid",
      lines: [line],
      subtotalCents: 15_002,
      discountCents: 0,
      totalCents: 15_002,
      amountPaidCents: 5_000,
      issueDate: "2026-06-30",
      dueDate: "2026-07-14",
    })
    .returning({ id: invoices.id });
  await db.insert(invoicePayments).values({
    invoiceId: invoice!.id,
    amountCents: 5_000,
    paidOn: "2026-07-01",
    method: "check",
    note: AWKWARD_TEXT,
    stripeEventId: "evt_backup",
  });
  await db.insert(invoiceReminders).values({ invoiceId: invoice!.id, day: "2026-07-14" });
  await db.insert(billingCredits).values({
    invoiceId: invoice!.id,
    amountCents: 1_999,
    reason: "overpaid",
    stripeEventId: "evt_backup_credit",
    receivedOn: "2026-07-02",
    note: AWKWARD_TEXT,
  });
  // A draft revision discarded by an acceptance: only its id and number are kept.
  await db.insert(discardedQuoteRevisions).values({
    quoteId: quote!.id + 1_000,
    number: "Q-2019-0001",
    revision: 2,
    acceptedQuoteId: quote!.id,
    discardedAt: new Date("2026-07-01T09:30:00.000001Z"),
  });
  // The quote's not-opened follow-up (migration 0025), and a number whose follow-ups are off.
  await db.insert(quoteFollowUps).values({
    quoteId: quote!.id,
    kind: "not_opened",
    dueAt: new Date("2026-07-03T13:00:00Z"),
    sentAt: new Date("2026-07-03T13:00:00.000001Z"),
    contactId: awkward!.id,
    toName: AWKWARD_TEXT,
    toEmail: "zoë.o'brien@example.com",
    subject: AWKWARD_TEXT,
  });
  await db.insert(quoteFollowUpOptOuts).values({ number: "Q-2019-0002", setBy: "owner@example.com" });

  // A call booked, a day's override and a busy time from the owner's calendar (migration 0023):
  // the blocked range, its bounds to the microsecond, and the visitor's words as typed.
  await ensureBookingDefaults(db);
  await db.insert(bookingOverrides).values({ day: "2026-12-24", hours: [] });
  await db.insert(busyTimes).values({
    startsAt: new Date("2026-07-02T14:00:00.000001Z"),
    endsAt: new Date("2026-07-02T15:00:00Z"),
  });
  await db.execute(sql`
    insert into bookings (uid, meeting_type_id, meeting_name, location_kind, starts_at, ends_at, blocked, name,
      email, phone, about, visitor_time_zone, contact_id)
    select 'booking-backup@example.com', id, name, location_kind, '2026-07-03 14:00:00.000001+00',
      '2026-07-03 14:20:00+00', tstzrange('2026-07-03 13:50:00.000001+00', '2026-07-03 14:30:00+00'),
      ${AWKWARD_TEXT}, 'zoë.o''brien@example.com', null, ${AWKWARD_TEXT}, 'Asia/Kolkata', ${awkward!.id}
    from meeting_types where slug = 'discovery-call'`);

  // A review request sent, the project's review shown on the post, and the owner's setting (migration 0024).
  await db.insert(reviewSettings).values({ trigger: "launch", launchDays: 10 });
  await db
    .insert(reviewRequests)
    .values({ projectId, reason: "complete", dueAt: new Date("2026-07-04T14:00:00.000001Z"), state: "sent" });
  await db.insert(reviews).values({
    projectId,
    stars: 5,
    words: AWKWARD_TEXT,
    displayName: AWKWARD_TEXT,
    business: AWKWARD_TEXT,
    consent: true,
    status: "approved",
    postId: post!.id,
  });

  // A care plan paid automatically (migrations 0027, 0028), its first period invoiced and charged.
  const [plan] = await db
    .insert(carePlans)
    .values({
      projectId,
      name: AWKWARD_TEXT,
      amountCents: 5_000,
      interval: "monthly",
      firstDueDate: "2026-07-14",
      stripeCustomerId: "cus_test_backup",
      autopayPaymentMethod: "pm_test_backup",
      autopayCard: "Visa ending 4242",
      autopaySince: new Date("2026-06-30T12:05:00.000001Z"),
      createdBy: "owner@example.com",
      createdAt: new Date("2026-06-30T12:00:00.000001Z"),
    })
    .returning({ id: carePlans.id });
  await db
    .insert(carePlanPeriods)
    .values({ planId: plan!.id, number: 0, dueDate: "2026-07-14", invoiceId: invoice!.id, state: "invoiced" });
  await db.insert(carePlanCharges).values({
    planId: plan!.id,
    invoiceId: invoice!.id,
    amountCents: 5_000,
    paymentIntentId: "pi_test_backup",
    status: "failed",
    failure: AWKWARD_TEXT,
    stripeEventId: "evt_test_backup",
    createdAt: new Date("2026-07-14T13:00:00.000001Z"),
  });

  const empty = await emptyTables(db);
  if (empty.length > 0)
    throw new Error(`fillEveryTable leaves ${empty.join(", ")} empty: give each a row, so the backup tests cover it`);
  return {
    adminToken: admin.token,
    portalToken: portal,
    projectId,
    postSlug: post!.slug,
    mediaKey: pictureKey,
    awkwardContactId: awkward!.id,
  };
}

async function emptyTables(db: Database): Promise<string[]> {
  const client = await db.$client.connect();
  try {
    const empty: string[] = [];
    for (const table of await listTables(client)) {
      const { rows } = await client.query(`select 1 from ${qualified(table)} limit 1`);
      if (rows.length === 0) empty.push(table.name);
    }
    return empty;
  } finally {
    client.release();
  }
}

/**
 * Every row of every table of the app's schemas (drizzle's migration record included), each as
 * its whole-row text, in order: two databases with equal dumps hold the same data.
 */
export async function dumpTables(url: string): Promise<Record<string, string[]>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("set timezone = 'UTC'");
    const dump: Record<string, string[]> = {};
    for (const table of await listTables(client)) {
      const { rows } = await client.query<{ row: string }>(
        `select t::text as row from ${qualified(table)} t order by t::text collate "C"`,
      );
      dump[table.name] = rows.map((r) => r.row);
    }
    return dump;
  } finally {
    await client.end();
  }
}

/** How many accepted quotes a database holds: each one's content hash is checked after a restore. */
export const acceptedQuoteCount = (url: string) =>
  countOn(url, "select count(*)::int as n from quotes where status = 'accepted'");

/** The value nextval() gives each sequence next (taking it). */
export async function nextSequenceValues(url: string): Promise<Record<string, string>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const next: Record<string, string> = {};
    for (const sequence of await readSequences(client)) {
      const { rows } = await client.query<{ n: string }>("select nextval($1::regclass)::text as n", [
        sequence.name
          .split(".")
          .map((part) => `"${part}"`)
          .join("."),
      ]);
      next[sequence.name] = rows[0]!.n;
    }
    return next;
  } finally {
    await client.end();
  }
}

/** Every stored file's key and the SHA-256 of its bytes. */
export async function storeContents(store: MediaStore): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const { key } of store.list()) {
    const stored = await store.get(key);
    const bytes = new Uint8Array(await new Response(stored!.body).arrayBuffer());
    files[key] = createHash("sha256").update(bytes).digest("hex");
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}
