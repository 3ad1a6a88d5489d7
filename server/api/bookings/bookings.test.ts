import ical from "node-ical";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BookingListAnswerSchema } from "~/contracts/booking-owner";
import { BookingAnswerSchema, AvailabilityAnswerSchema } from "~/contracts/booking-public";
import { bookings, busyTimes, communications, contacts, emailOutbox } from "../../db/schema/index";
import { createTestApp } from "../../../tests/support/app";
import { createAdminToken } from "../../../tests/support/admin";
import { clientEmail, createClientProject, portalToken } from "../../../tests/support/projects";
import { sendBookingReminders } from "../../services/bookings/jobs";

/**
 * Booking a call through the API as the contract writes it (docs/product/bookings.md): the free
 * slots, a booking with its contact, log and invitations, twenty at once on one slot, the
 * visitor's links to move and cancel, the owner's list, the client's check-in and the reminders.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_FORM_LIMIT: "1000" } });
  admin = (await createAdminToken(t.db)).auth;
});
afterAll(async () => t?.close());

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function freeSlots(type = "discovery-call") {
  const start = new Date(Date.now() + 60 * 60_000).toISOString();
  const end = new Date(Date.now() + 35 * 86_400_000).toISOString();
  const res = await t.app.request(`/api/booking/availability?type=${type}&start=${start}&end=${end}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return AvailabilityAnswerSchema.parse(await res.json()).slots;
}

const visitor = (name: string, start: string) => ({
  type: "discovery-call",
  start,
  name,
  email: clientEmail(
    name
      .split(" ")[0]!
      .toLowerCase()
      .replace(/[^a-z]/g, "") || "visitor",
  ),
  phone: "(401) 555-0142",
  about: "A site for our bakery in Warwick",
  time_zone: "America/Los_Angeles",
  attribution: { landing_page: "/warwick-web-design" },
});

const book = (body: unknown) => t.app.request("/api/bookings", { method: "POST", ...json(body) });

const outbox = (kind: string, to: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)))
    .orderBy(desc(emailOutbox.id));

function eventOf(ics: string) {
  const events = Object.values(ical.sync.parseICS(ics)).filter((item) => item?.type === "VEVENT");
  expect(events).toHaveLength(1);
  const event = events[0] as ical.VEvent;
  return { ...event, start: new Date(event.start as Date), end: new Date(event.end as Date) };
}

describe("booking a discovery call", () => {
  it("offers free slots and books one: contact, log, lead score, both e-mails with their invitations", async () => {
    const [slot] = await freeSlots();
    expect(slot).toBeDefined();
    const body = visitor("Łucja Nguyễn", slot!.start);
    const res = await book(body);
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking } = BookingAnswerSchema.parse(await res.json());
    expect(booking).toMatchObject({ start: slot!.start, end: slot!.end, status: "confirmed", name: "Łucja Nguyễn" });
    expect(booking.reschedule_url).toMatch(/\/book\/reschedule\/\d+\.r\./);
    expect(booking.cancel_url).toMatch(/\/book\/cancel\/\d+\.c\./);

    const [contact] = await t.db.select().from(contacts).where(eq(contacts.email, body.email));
    expect(contact!.leadScore).toBeGreaterThanOrEqual(15);
    expect(contact!.landingPage).toBe("/warwick-web-design");
    const log = await t.db.select().from(communications).where(eq(communications.contactId, contact!.id));
    expect(log.map((entry) => entry.subject)).toContainEqual(
      expect.stringMatching(/^Call booked: \w{3} \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M E[SD]T$/),
    );

    const [confirmation] = await outbox("booking_confirmation", body.email);
    expect(confirmation!.calendar!.method).toBe("REQUEST");
    expect(confirmation!.text).toContain("PST"); // the visitor's zone, named
    const event = eventOf(confirmation!.calendar!.content);
    expect(new Date(event.start).toISOString()).toBe(slot!.start);
    expect(new Date(event.end).toISOString()).toBe(slot!.end);
    expect(event.uid).toBe(booking.uid);
    const [notice] = await outbox("booking_notice", t.env.OWNER_EMAIL);
    expect(notice!.calendar!.content).toContain(booking.uid);
    expect(confirmation!.calendar!.content).toContain("METHOD:REQUEST");

    // The contact's row in the Leads list names the call.
    const leads = await t.app.request(`/api/admin/contacts?q=${encodeURIComponent(body.email)}`, { headers: admin });
    const [row] = ((await leads.json()) as { contacts: { next_call_at: string | null }[] }).contacts;
    expect(row!.next_call_at).toBe(slot!.start);

    // The slot is no longer offered.
    expect((await freeSlots()).map((s) => s.start)).not.toContain(slot!.start);
  });

  it("twenty bookings of one slot at once end in exactly one booking and nineteen clear refusals", async () => {
    const slots = await freeSlots();
    const slot = slots[3]!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(visitor(`Visitor ${i} Racer`, slot.start))),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refusal = (await answers.find((res) => res.status === 409)!.json()) as {
      error: string;
      next_slots: { start: string }[];
    };
    expect(refusal.error).toBe("That time was just taken");
    expect(refusal.next_slots.length).toBeGreaterThan(0);
    expect(refusal.next_slots.map((s) => s.start)).not.toContain(slot.start);
    const live = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.startsAt, new Date(slot.start)), eq(bookings.status, "confirmed")));
    expect(live).toHaveLength(1);
  });

  it("refuses what cannot be booked with a clear error, and a phone call without a number", async () => {
    const [slot] = await freeSlots();
    const bad = await book({ ...visitor("Ann Lee", slot!.start), email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.email).toMatch(/valid email/);
    const noPhone = await book({ ...visitor("Ann Lee", slot!.start), phone: "" });
    expect(noPhone.status).toBe(400);
    const noPhoneAnswer = (await noPhone.json()) as { error: string; fields: Record<string, string> };
    expect(noPhoneAnswer.error).toMatch(/phone number/);
    expect(noPhoneAnswer.fields.phone).toMatch(/phone number/);
    const nowhere = await book({ ...visitor("Ann Lee", slot!.start), type: "no-such-call" });
    expect(nowhere.status).toBe(404);
    const clientOnly = await book({ ...visitor("Ann Lee", slot!.start), type: "project-check-in" });
    expect(clientOnly.status).toBe(404);
    const past = await book(visitor("Ann Lee", new Date(Date.now() - 86_400_000).toISOString()));
    expect(past.status).toBe(409);
    const zone = await book({ ...visitor("Ann Lee", slot!.start), time_zone: "Mars/Olympus" });
    expect(zone.status).toBe(400);
    const bot = await book({ ...visitor("Ann Lee", slot!.start), hp_extra_info: "buy now" });
    expect(bot.status).toBe(400);
  });

  it("moves and cancels through the e-mailed links: same UID, rising SEQUENCE, METHOD:CANCEL", async () => {
    const slots = await freeSlots();
    const body = visitor("Zoë O’Brien", slots[6]!.start);
    const { booking } = BookingAnswerSchema.parse(await (await book(body)).json());
    const rescheduleToken = booking.reschedule_url.split("/").pop()!;
    const cancelToken = booking.cancel_url.split("/").pop()!;

    const view = await t.app.request(`/api/bookings/manage/${rescheduleToken}`);
    expect(await view.json()).toMatchObject({ action: "reschedule", booking: { uid: booking.uid } });
    // A cancel token is no key to rescheduling, nor a forged one to anything.
    const wrong = await t.app.request(`/api/bookings/reschedule/${cancelToken}`, {
      method: "POST",
      ...json({ start: slots[8]!.start }),
    });
    expect(wrong.status).toBe(404);
    const forged = await t.app.request(`/api/bookings/manage/${rescheduleToken.slice(0, -2)}xx`);
    expect(forged.status).toBe(404);

    const moved = await t.app.request(`/api/bookings/reschedule/${rescheduleToken}`, {
      method: "POST",
      ...json({ start: slots[8]!.start }),
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const [mail] = await outbox("booking_rescheduled", body.email);
    const event = eventOf(mail!.calendar!.content);
    expect(event.uid).toBe(booking.uid);
    expect(Number(event.sequence)).toBe(1);
    expect(new Date(event.start).toISOString()).toBe(slots[8]!.start);

    const cancelled = await t.app.request(`/api/bookings/cancel/${cancelToken}`, {
      method: "POST",
      ...json({ reason: "Something came up" }),
    });
    expect(cancelled.status).toBe(200);
    const [cancelMail] = await outbox("booking_cancelled", body.email);
    expect(cancelMail!.calendar!.method).toBe("CANCEL");
    expect(cancelMail!.calendar!.content).toContain("METHOD:CANCEL");
    const cancelEvent = eventOf(cancelMail!.calendar!.content);
    expect(cancelEvent.uid).toBe(booking.uid);
    expect(Number(cancelEvent.sequence)).toBe(2);
    // Its time is free again.
    expect((await freeSlots()).map((s) => s.start)).toContain(slots[8]!.start);
  });

  it("lists upcoming calls for the owner, who notes, marks a no-show and cancels with a message", async () => {
    const slots = await freeSlots();
    const body = visitor("Ελένη Παπαδοπούλου", slots[10]!.start);
    await book(body);
    const list = await t.app.request(`/api/admin/bookings?when=upcoming&search=${encodeURIComponent("Ελένη")}`, {
      headers: admin,
    });
    const page = BookingListAnswerSchema.parse(await list.json());
    expect(page.total).toBe(1);
    const id = page.bookings[0]!.id;
    expect((await t.app.request("/api/admin/bookings")).status).toBe(401);

    const noted = await t.app.request(`/api/admin/bookings/${id}`, {
      method: "PATCH",
      ...json({ owner_notes: "Wants online orders" }, admin),
    });
    expect(await noted.json()).toMatchObject({ booking: { owner_notes: "Wants online orders" } });
    const cancelled = await t.app.request(`/api/admin/bookings/${id}/cancel`, {
      method: "POST",
      ...json({ message: "I have to move this, sorry" }, admin),
    });
    expect(await cancelled.json()).toMatchObject({ booking: { status: "cancelled", cancelled_by: "owner" } });
    const [mail] = await outbox("booking_cancelled", body.email);
    expect(mail!.text).toContain("I have to move this, sorry");
  });

  it("lets a client book a check-in about their own project from the portal, and no other", async () => {
    const email = clientEmail("marek");
    const projectId = await createClientProject(t.db, { name: "Marek Dvořák", email });
    const other = await createClientProject(t.db, { name: "Other Client", email: clientEmail("other") });
    const token = await portalToken(t.db, { projectId });
    const [slot] = await freeSlots("project-check-in");
    const body = { type: "project-check-in", start: slot!.start, about: "The menu page", time_zone: "Europe/London" };
    const mine = await t.app.request(`/api/client-portal/projects/${projectId}/bookings`, {
      method: "POST",
      ...json(body, { Authorization: `Bearer ${token}` }),
    });
    expect(mine.status, await mine.clone().text()).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.email, email));
    expect(row!.projectId).toBe(projectId);
    const theirs = await t.app.request(`/api/client-portal/projects/${other}/bookings`, {
      method: "POST",
      ...json(body, { Authorization: `Bearer ${token}` }),
    });
    expect(theirs.status).toBe(403);
    const anon = await t.app.request(`/api/client-portal/projects/${projectId}/bookings`, {
      method: "POST",
      ...json(body),
    });
    expect(anon.status).toBe(401);
  });

  it("sends each reminder once, a day and an hour before", async () => {
    const slots = await freeSlots();
    const body = visitor("Rémi Côté", slots[12]!.start);
    await book(body);
    // Written as if booked long before, so that both reminders are of use.
    await t.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(bookings.email, body.email));
    const start = new Date(slots[12]!.start);
    const deps = { db: t.db, mailer: t.mailer, env: t.env };
    const dayBefore = new Date(start.getTime() - 23 * 60 * 60_000);
    const [first, again] = await Promise.all([
      sendBookingReminders(deps, dayBefore),
      sendBookingReminders(deps, dayBefore),
    ]);
    expect(first + again).toBeGreaterThanOrEqual(1);
    expect(await outbox("booking_reminder_24h", body.email)).toHaveLength(1);
    const hourBefore = new Date(start.getTime() - 50 * 60_000);
    await sendBookingReminders(deps, hourBefore);
    await sendBookingReminders(deps, hourBefore);
    expect(await outbox("booking_reminder_1h", body.email)).toHaveLength(1);
    expect(await outbox("booking_reminder_24h", body.email)).toHaveLength(1);
  });

  it("serves the owner's feed at its secret address only, and a new address kills the old", async () => {
    const settings = (await (await t.app.request("/api/admin/booking/settings", { headers: admin })).json()) as {
      feeds: { owner_feed_url: string };
    };
    const path = new URL(settings.feeds.owner_feed_url.replace("webcal://", "http://")).pathname;
    const feed = await t.app.request(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("text/calendar");
    const text = await feed.text();
    expect(text).toContain("METHOD:PUBLISH");
    expect(Object.values(ical.sync.parseICS(text)).filter((e) => e?.type === "VEVENT").length).toBeGreaterThan(0);
    const renewed = await t.app.request("/api/admin/booking/feed-token", { method: "POST", headers: admin });
    expect(renewed.status).toBe(200);
    expect((await t.app.request(path)).status).toBe(404);
    expect(await t.db.select().from(busyTimes)).toHaveLength(0);
  });
});
