import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { serverSecrets } from "../db/schema";
import { clearRateLimit, hitRateLimit, lowerRateLimit } from "./rate-limit";
import { sharedSecret } from "./server-secrets";

/**
 * Known devices (docs/decisions/034): a browser that has signed in to an account gets a cookie
 * naming that account, signed with a server secret and with the account's current password hash.
 * A sign-in to that account carrying it has its password checked in a lane of its own
 * (services/hash-gate.ts), so a burst of strangers' attempts does not keep the owner waiting.
 * The cookie never lets anyone in by itself: the password is checked all the same. A changed
 * password or a new secret (rotateDeviceSecret) makes every earlier cookie count for nothing, and
 * a device that fails DEVICE_FAILURE_LIMIT times in a window is back in the common lane, so a
 * stolen cookie buys no more than that many guesses out of turn.
 */
export const DEVICE_COOKIE = "admin_device";
/** Sent to the sign-in calls only. */
export const DEVICE_COOKIE_PATH = "/api/auth";
export const DEVICE_LIFETIME_S = 365 * 24 * 60 * 60;
/** Failed sign-ins of one device in the sign-in window before its own lane is closed to it. */
export const DEVICE_FAILURE_LIMIT = 3;
const SECRET_NAME = "admin-device";

export interface DeviceClaims {
  userId: number;
  /** Random, 128 bits: the key of the device's failure count. */
  deviceId: string;
  /** Unix seconds. */
  expiresAt: number;
}

interface SignedDevice extends DeviceClaims {
  mac: string;
}

/** `<account id>.<device id>.<expiry>.<HMAC-SHA256>`, each part digits or base64url. */
const COOKIE_PATTERN = /^(\d{1,10})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function parseDeviceCookie(value: string | undefined): SignedDevice | undefined {
  const match = COOKIE_PATTERN.exec(value ?? "");
  if (!match) return undefined;
  return { userId: Number(match[1]), deviceId: match[2]!, expiresAt: Number(match[3]), mac: match[4]! };
}

// The password hash never leaves the server; signing over it ties the cookie to the current password.
const macOf = (secret: Buffer, claims: DeviceClaims, passwordHash: string) =>
  createHmac("sha256", secret)
    .update(`admin-device:${claims.userId}.${claims.deviceId}.${claims.expiresAt}:${passwordHash}`)
    .digest();

export function signDeviceCookie(secret: Buffer, claims: DeviceClaims, passwordHash: string): string {
  const mac = macOf(secret, claims, passwordHash).toString("base64url");
  return `${claims.userId}.${claims.deviceId}.${claims.expiresAt}.${mac}`;
}

/** The claims of a cookie signed with this secret for this account and its current password, unexpired. */
export function checkDeviceCookie(
  secret: Buffer,
  signed: SignedDevice,
  user: { id: number; passwordHash: string },
  now = Date.now(),
): DeviceClaims | undefined {
  if (signed.userId !== user.id || signed.expiresAt * 1000 <= now) return undefined;
  const given = Buffer.from(signed.mac, "base64url");
  const expected = macOf(secret, signed, user.passwordHash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId: signed.userId, deviceId: signed.deviceId, expiresAt: signed.expiresAt };
}

/**
 * The signing key, read from the database at each use (a sign-in is rare): a rotation counts at
 * once in every app process.
 */
async function deviceSecret(db: Database): Promise<Buffer> {
  return Buffer.from(await sharedSecret(db, SECRET_NAME, () => randomBytes(32).toString("base64url")), "base64url");
}

/** A new signing key: every device cookie issued so far stops counting (its browser signs in as a stranger's). */
export async function rotateDeviceSecret(db: Database): Promise<void> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoUpdate({ target: serverSecrets.name, set: { value: sql`excluded.value`, createdAt: sql`now()` } });
}

const failureKey = (deviceId: string) => `login-device:${deviceId}`;

export interface KnownDevice {
  deviceId: string;
  /** Under its failure limit: its password is checked in the known-device lane. */
  ownLane: boolean;
}

/**
 * The device of a sign-in to `user`, when its cookie is one this server issued for that account
 * and its password, unexpired. Counts the attempt against the device before the hash (one atomic
 * statement, so concurrent attempts with one stolen cookie line up): past the limit it is
 * recognised but keeps no lane of its own.
 */
export async function recogniseDevice(
  db: Database,
  cookie: string | undefined,
  user: { id: number; passwordHash: string },
  windowMs: number,
  now = Date.now(),
): Promise<KnownDevice | undefined> {
  const signed = parseDeviceCookie(cookie);
  // A cookie for another account, or one past its date, costs no database read.
  if (!signed || signed.userId !== user.id || signed.expiresAt * 1000 <= now) return undefined;
  const claims = checkDeviceCookie(await deviceSecret(db), signed, user, now);
  if (!claims) return undefined;
  const count = await hitRateLimit(db, failureKey(claims.deviceId), DEVICE_FAILURE_LIMIT, windowMs);
  return { deviceId: claims.deviceId, ownLane: count.allowed };
}

/** A correct password: the device's failures are forgiven. */
export const forgiveDevice = (db: Database, deviceId: string) => clearRateLimit(db, failureKey(deviceId));

/** The attempt was counted but never checked (no hash slot): it does not count against the device. */
export const cancelDeviceAttempt = (db: Database, deviceId: string) => lowerRateLimit(db, failureKey(deviceId));

/** The cookie's value for a browser that has just signed in to `user`: a year from now, its device kept. */
export async function issueDeviceCookie(
  db: Database,
  user: { id: number; passwordHash: string },
  deviceId = randomBytes(16).toString("base64url"),
  now = Date.now(),
): Promise<string> {
  const claims = { userId: user.id, deviceId, expiresAt: Math.floor(now / 1000) + DEVICE_LIFETIME_S };
  return signDeviceCookie(await deviceSecret(db), claims, user.passwordHash);
}

/** Set-Cookie's attributes: script cannot read it, no other site's request carries it. */
export const deviceCookieOptions = (siteUrl: string) => ({
  path: DEVICE_COOKIE_PATH,
  httpOnly: true,
  secure: siteUrl.startsWith("https:"),
  sameSite: "Strict" as const,
  maxAge: DEVICE_LIFETIME_S,
});
