import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { site } from "~/config/site";
import { SLOT_TAKEN, type MeetingAudience } from "~/contracts/booking-terms";
import type { AvailabilityAnswer, BookingSlot, PublicBooking } from "~/contracts/booking-public";
import type { Attribution } from "~/contracts/fields";
import type { Database } from "../../db/client";
import { bookings, contacts, projectContacts } from "../../db/schema";
import { pgCodeOf, type DbOrTx, type Tx } from "../../db/tx";
import { writeBookingConfirmation, writeBookingNotice, whenIn } from "../../emails/bookings";
import { queueLoggedEmail } from "../contact-emails";
import { addCommunication, upsertLeadContact } from "../intake/leads";
import { scoreLead } from "../intake/lead-score";
import { listTotals } from "../list-totals";
import type { Mailer } from "../mail";
import { availableSlots, blockedRangeOf, isOffered } from "./availability";
import { DAY_MS, inputFor } from "./calendar";
import { BookingError, activeTypeBySlug, ensureBookingDefaults, publicMeetingTypeOf, settingsRow } from "./settings";
import { keyOf } from "./tokens";
import { callBookedLine, invitationOf, linksOf, mailOf, publicBookingOf, type BookingRow } from "./views";

/**
 * Booking a call (docs/product/bookings.md; decision 058): the free slots of a meeting type, and a
 * booking written only when its time is still offered. The exclusion constraint on the blocked
 * ranges is the judge of a double booking across processes; a refusal answers the next free times.
 */

export interface BookingDeps {
  db: Database;
  mailer: Mailer;
  env: { SITE_URL: string; OWNER_EMAIL: string };
}

/** What a booking adds to its contact's lead score: a call booked is a lead that means it. */
export const BOOKING_SCORE = 15;

/** A time no longer free: the visitor's answer names the next free times. */
export class SlotTakenError extends Error {
  constructor(readonly freeSlots: BookingSlot[]) {
    super(SLOT_TAKEN);
  }
}

type TypeRow = NonNullable<Awaited<ReturnType<typeof activeTypeBySlug>>>;

async function typeFor(db: DbOrTx, slug: string, audience: MeetingAudience | "any"): Promise<TypeRow> {
  const type = await activeTypeBySlug(db, slug);
  if (!type || (audience !== "any" && type.audience !== audience))
    throw new BookingError(404, "No meeting type by this name can be booked here: choose one on /book");
  return type;
}

/**
 * How long a month's free times are kept while nothing they depend on changes: the notice and the
 * window move with the clock, so a kept answer is at most this old. A time that fell inside the
 * notice meanwhile is refused on booking (isOffered reads afresh) with the next free times.
 */
export const AVAILABILITY_KEPT_MS = 60_000;
const AVAILABILITY_KEPT_PER_DB = 500;
const keptAnswers = new WeakMap<
  Database,
  Map<string, { generation: string; at: number; answer: AvailabilityAnswer }>
>();
const bookingChanges = listTotals("bookings_changes");

/**
 * The free slots of a meeting type in [start, end). Computed from the rules, the live bookings
 * and the busy times, and kept per range while the bookings' tables stay unchanged (their
 * changes number, read in one statement, says so on every process): the visitors of a month view
 * ask for the same ranges.
 */
export async function availability(
  db: Database,
  query: { type: string; start: string; end: string },
  now = new Date(),
): Promise<AvailabilityAnswer> {
  const from = new Date(query.start);
  const to = new Date(query.end);
  if (!(to > from)) throw new BookingError(400, "end must be after start");
  if (to.getTime() - from.getTime() > 42 * DAY_MS) throw new BookingError(400, "Ask for at most 42 days at a time");
  await ensureBookingDefaults(db);
  const generation = await bookingChanges.generation(db);
  const key = `${query.type}|${from.toISOString()}|${to.toISOString()}`;
  let kept = keptAnswers.get(db);
  const hit = kept?.get(key);
  if (hit && hit.generation === generation && Math.abs(now.getTime() - hit.at) < AVAILABILITY_KEPT_MS)
    return hit.answer;
  const type = await typeFor(db, query.type, "any");
  const { input, windowDays } = await inputFor(db, type, from, to, now);
  const answer: AvailabilityAnswer = {
    type: publicMeetingTypeOf(type),
    time_zone: site.timeZone,
    slots: availableSlots(input).map(slotOf),
    bookable_until: new Date(now.getTime() + windowDays * DAY_MS).toISOString(),
  };
  if (!kept) keptAnswers.set(db, (kept = new Map()));
  if (kept.size >= AVAILABILITY_KEPT_PER_DB) kept.clear();
  kept.set(key, { generation, at: now.getTime(), answer });
  return answer;
}

const slotOf = (slot: { start: Date; end: Date }): BookingSlot => ({
  start: slot.start.toISOString(),
  end: slot.end.toISOString(),
});

/** The next free times of a type from now, for a refusal's answer. */
export async function nextSlots(db: DbOrTx, type: TypeRow, now: Date, count = 5): Promise<BookingSlot[]> {
  const settings = await settingsRow(db);
  for (let from = now; from.getTime() < now.getTime() + settings.windowDays * DAY_MS;) {
    const to = new Date(from.getTime() + 14 * DAY_MS);
    const { input } = await inputFor(db, type, from, to, now);
    const slots = availableSlots(input);
    if (slots.length > 0) return slots.slice(0, count).map(slotOf);
    from = to;
  }
  return [];
}

export const isExclusionViolation = (error: unknown) => pgCodeOf(error) === "23P01";

/** The business-zone day of an instant, for the per-day limit's lock. */
const dayKey = (instant: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: site.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);

/**
 * Writes a booking at `start` if it is still offered: the day's lock keeps the per-day limit
 * across processes, the constraint keeps the time. Throws SlotTakenError otherwise.
 */
async function insertBooking(
  tx: Tx,
  type: TypeRow,
  start: Date,
  now: Date,
  values: Omit<
    typeof bookings.$inferInsert,
    "uid" | "meetingTypeId" | "meetingName" | "locationKind" | "locationDetail" | "startsAt" | "endsAt" | "blocked"
  >,
): Promise<BookingRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`booking-day:${dayKey(start)}`}))`);
  const { input } = await inputFor(tx, type, start, new Date(start.getTime() + 1), now);
  if (!isOffered(input, start)) throw new SlotTakenError([]);
  const end = new Date(start.getTime() + type.lengthMinutes * 60_000);
  const blocked = blockedRangeOf(start, input.rules);
  try {
    const [row] = await tx
      .insert(bookings)
      .values({
        ...values,
        uid: `booking-${randomUUID()}@${site.productionHost}`,
        meetingTypeId: type.id,
        meetingName: type.name,
        locationKind: type.locationKind,
        locationDetail: type.locationDetail,
        startsAt: start,
        endsAt: end,
        blocked: `[${blocked.start.toISOString()},${blocked.end.toISOString()})`,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isExclusionViolation(error)) throw new SlotTakenError([]);
    throw error;
  }
}

export interface NewBookingInput {
  type: string;
  start: string;
  name: string;
  email: string;
  phone: string;
  about: string;
  time_zone: string;
  attribution?: Attribution;
  project_id?: string;
}

/**
 * Books a call: the contact found or made by e-mail (its lead score raised, the call in its log),
 * the project it is about when the contact is on it, the confirmation and the owner's notice with
 * their invitations, all in one transaction.
 */
export async function createBooking(
  deps: BookingDeps,
  input: NewBookingInput,
  options: { audience: MeetingAudience; now?: Date; projectId?: string } = { audience: "public" },
): Promise<PublicBooking> {
  const { db, mailer, env } = deps;
  const now = options.now ?? new Date();
  await ensureBookingDefaults(db);
  const type = await typeFor(db, input.type, options.audience);
  if (type.locationKind === "phone" && !input.phone.trim())
    throw new BookingError(400, "A phone call needs your phone number: add it so we can call you", {
      phone: "Add your phone number: this call is a phone call",
    });
  const start = new Date(input.start);
  await keyOf(db);
  try {
    const row = await mailer.transaction(async (tx, queue) => {
      const { contact } = await upsertLeadContact(tx, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        source: "website",
        status: "new",
        initialMessage: input.about,
        leadScore: scoreLead({ phone: input.phone, description: input.about }),
        attribution: input.attribution,
      });
      const projectId = await projectOfContact(tx, contact.id, options.projectId ?? input.project_id);
      const booking = await insertBooking(tx, type, start, now, {
        name: input.name,
        email: input.email,
        phone: input.phone.trim() || null,
        about: input.about,
        visitorTimeZone: input.time_zone,
        contactId: contact.id,
        projectId,
        landingPage: input.attribution?.landing_page?.slice(0, 500) ?? null,
        visitCounted: input.attribution?.analytics_consent ?? null,
      });
      await tx
        .update(contacts)
        .set({ leadScore: sql`least(100, ${contacts.leadScore} + ${BOOKING_SCORE})` })
        .where(eq(contacts.id, contact.id));
      await addCommunication(tx, {
        contactId: contact.id,
        type: "meeting",
        direction: "inbound",
        subject: callBookedLine(start),
        content: [
          `${booking.meetingName}, ${whenIn(start, site.timeZone)} (booked in ${input.time_zone}).`,
          input.about ? `About: ${input.about}` : "",
        ]
          .filter(Boolean)
          .join("\n"),
      });
      const links = await linksOf(db, env.SITE_URL, booking.id);
      const ics = invitationOf(booking, links, env.OWNER_EMAIL);
      await queueLoggedEmail(tx, queue, contact.id, writeBookingConfirmation(mailOf(booking), links, ics), "system");
      await queue(
        writeBookingNotice(
          mailOf(booking),
          env.SITE_URL,
          env.OWNER_EMAIL,
          invitationOf(booking, null, env.OWNER_EMAIL),
        ),
      );
      return booking;
    });
    return publicBookingOf(db, env.SITE_URL, row, type.slug);
  } catch (error) {
    if (error instanceof SlotTakenError) throw new SlotTakenError(await nextSlots(db, type, now));
    throw error;
  }
}

/** The project a booking is about: one the contact is on, else none. */
async function projectOfContact(tx: Tx, contactId: number, projectId: string | undefined): Promise<string | null> {
  if (!projectId) return null;
  const [link] = await tx
    .select({ projectId: projectContacts.projectId })
    .from(projectContacts)
    .where(
      and(eq(projectContacts.contactId, contactId), eq(projectContacts.projectId, projectId.trim().toUpperCase())),
    );
  return link?.projectId ?? null;
}
