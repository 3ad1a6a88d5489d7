import { and, asc, eq, gt, isNull, lte, ne, sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { Database } from "../../db/client";
import { bookingSettings, bookings, busyTimes } from "../../db/schema";
import { writeReminder } from "../../emails/bookings";
import { runExclusive } from "../../lib/job-lock";
import type { Logger } from "../../lib/logger";
import { queueLoggedEmail } from "../contact-emails";
import type { Mailer } from "../mail";
import { icsOf, linksOf, mailOf, type BookingRow } from "./views";
import { busyRangesOf, fetchFeed } from "./busy-feed";
import { feedIcs } from "./ics";
import { ensureBookingDefaults, settingsRow } from "./settings";
import { keyOf } from "./tokens";

/**
 * The bookings' jobs (docs/product/bookings.md "Reminders", "Busy times"): reminders a day and an
 * hour before each call, each sent once whatever the processes (the reminder's column is set in
 * the transaction that queues it, the row locked and skipped by others); and the owner's calendar
 * read every few minutes, its busy times replaced only by a read that worked.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export const REMINDERS: { which: "24h" | "1h"; before: number; column: "reminder24hAt" | "reminder1hAt" }[] = [
  { which: "24h", before: DAY, column: "reminder24hAt" },
  { which: "1h", before: HOUR, column: "reminder1hAt" },
];

/** Queues the reminders that are due; answers how many. A call booked within the hour gets none. */
export async function sendBookingReminders(
  deps: { db: Database; mailer: Mailer; env: { SITE_URL: string } },
  now = new Date(),
): Promise<number> {
  let sent = 0;
  await keyOf(deps.db);
  for (const reminder of REMINDERS) {
    const column = bookings[reminder.column];
    for (;;) {
      const queued = await deps.mailer.transaction(async (tx, queue) => {
        const due = (await tx
          .select()
          .from(bookings)
          .where(
            and(
              eq(bookings.status, "confirmed"),
              isNull(column),
              gt(bookings.startsAt, now),
              lte(bookings.startsAt, new Date(now.getTime() + reminder.before)),
              // Booked inside the reminder's time: the confirmation just said it all.
              lte(
                bookings.createdAt,
                sql`${bookings.startsAt} - ${`${reminder.before} milliseconds`}::interval + interval '15 minutes'`,
              ),
            ),
          )
          .orderBy(asc(bookings.startsAt))
          .limit(50)
          .for("update", { skipLocked: true })) as BookingRow[];
        for (const row of due) {
          await tx
            .update(bookings)
            .set({ [reminder.column]: now })
            .where(eq(bookings.id, row.id));
          const links = await linksOf(deps.db, deps.env.SITE_URL, row.id);
          const mail = writeReminder(mailOf(row), links, reminder.which);
          if (row.contactId !== null) await queueLoggedEmail(tx, queue, row.contactId, mail, "system");
          else await queue(mail);
        }
        return due.length;
      });
      sent += queued;
      if (queued < 50) break;
    }
    // Reminders too late to be of use (the process was down): marked, never sent late.
    await deps.db
      .update(bookings)
      .set({ [reminder.column]: now })
      .where(and(eq(bookings.status, "confirmed"), isNull(column), lte(bookings.startsAt, now)));
  }
  return sent;
}

/** Reads the owner's calendar and replaces the busy times; a failure keeps the last known ones and says why. */
export async function refreshBusyTimes(
  deps: { db: Database; log?: Pick<Logger, "warn"> },
  now = new Date(),
  fetchText: (url: string) => Promise<string> = (url) => fetchFeed(url),
): Promise<void> {
  await ensureBookingDefaults(deps.db);
  const settings = await settingsRow(deps.db);
  const url = settings.busyFeedUrl;
  if (!url) return;
  try {
    const text = await fetchText(url);
    const from = new Date(now.getTime() - DAY);
    const to = new Date(now.getTime() + (settings.windowDays + 2) * DAY);
    const ranges = busyRangesOf(text, from, to, site.timeZone);
    await deps.db.transaction(async (tx) => {
      // The address may have changed while it was read: then this read is not of it.
      const [current] = await tx.select().from(bookingSettings).where(eq(bookingSettings.id, 1)).for("update");
      if (current?.busyFeedUrl !== url) return;
      await tx.delete(busyTimes);
      for (let i = 0; i < ranges.length; i += 1000)
        await tx.insert(busyTimes).values(ranges.slice(i, i + 1000).map((r) => ({ startsAt: r.start, endsAt: r.end })));
      await tx
        .update(bookingSettings)
        .set({ busyFeedCheckedAt: now, busyFeedOkAt: now, busyFeedError: null })
        .where(eq(bookingSettings.id, 1));
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log?.warn({ err: error }, "reading the owner's calendar feed failed; its busy times stay as last read");
    await deps.db
      .update(bookingSettings)
      .set({ busyFeedCheckedAt: now, busyFeedError: message.slice(0, 500) })
      .where(and(eq(bookingSettings.id, 1), eq(bookingSettings.busyFeedUrl, url)));
  }
}

/** The jobs as compose schedules them: each on one process at a time. */
export const runBookingReminders = (deps: Parameters<typeof sendBookingReminders>[0]) =>
  runExclusive(deps.db, "booking-reminders", () => sendBookingReminders(deps));
export const runBusyRefresh = (deps: Parameters<typeof refreshBusyTimes>[0]) =>
  runExclusive(deps.db, "booking-busy-feed", () => refreshBusyTimes(deps));

/** The owner's subscribed calendar: every booking from 90 days back, cancelled ones marked so. */
export async function ownerFeed(
  deps: { db: Database; env: { SITE_URL: string; OWNER_EMAIL: string } },
  token: string,
  now = new Date(),
): Promise<string | null> {
  await ensureBookingDefaults(deps.db);
  const settings = await settingsRow(deps.db);
  const given = token.replace(/\.ics$/i, "");
  if (!given || given !== settings.ownerFeedToken) return null;
  const rows = (await deps.db
    .select()
    .from(bookings)
    .where(and(gt(bookings.endsAt, new Date(now.getTime() - 90 * DAY)), ne(bookings.status, "cancelled")))
    .orderBy(asc(bookings.startsAt))
    .limit(5000)) as BookingRow[];
  return feedIcs(
    rows.map((row) => icsOf(row, null, deps.env.OWNER_EMAIL)),
    `${site.brand}: calls`,
    site.brand,
  );
}
