import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client";
import { sharedSecret } from "../server-secrets";

/**
 * The links in a booking's e-mails (docs/product/bookings.md "Links"): one to reschedule and one to
 * cancel, each a signed single-purpose token, `<booking id>.<r|c>.<HMAC>`, that works without an
 * account. The key is the app's own, shared by every process through the database; a token keeps
 * working through reschedules, and a cancelled booking's links open it as cancelled.
 */
export type BookingLinkAction = "reschedule" | "cancel";

const CODE: Record<BookingLinkAction, string> = { reschedule: "r", cancel: "c" };
const ACTION_OF: Record<string, BookingLinkAction> = { r: "reschedule", c: "cancel" };

let cached: { db: Database; key: Promise<string> } | undefined;
/**
 * The links' key, read once per process. Services load it before they open a transaction: read
 * inside one, it would wait for a second pooled connection while holding the first.
 */
export function keyOf(db: Database): Promise<string> {
  if (cached?.db !== db) cached = { db, key: sharedSecret(db, "booking-links", () => randomBytes(32).toString("hex")) };
  return cached.key;
}

const mac = (key: string, body: string) => createHmac("sha256", key).update(`booking-link:${body}`).digest("base64url");

export async function bookingToken(db: Database, bookingId: number, action: BookingLinkAction): Promise<string> {
  const body = `${bookingId}.${CODE[action]}`;
  return `${body}.${mac(await keyOf(db), body)}`;
}

/** The booking and action a token stands for, or null when it is not one of ours. */
export async function readBookingToken(
  db: Database,
  token: string,
): Promise<{ bookingId: number; action: BookingLinkAction } | null> {
  const match = /^(\d{1,15})\.([rc])\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const body = `${match[1]}.${match[2]}`;
  const expected = Buffer.from(mac(await keyOf(db), body));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { bookingId: Number(match[1]), action: ACTION_OF[match[2]!]! };
}

/** The pages the links open. */
export const bookingLinkPath = (action: BookingLinkAction, token: string) => `/book/${action}/${token}`;
