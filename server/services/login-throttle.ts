import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { hitRateLimit, hitRateLimits, lowerRateLimit, type RateLimitResult } from "./rate-limit";

/**
 * Sign-in throttling (docs/decisions/011). Every attempt is counted before its
 * password is hashed, by atomic increment-and-return statements, so a burst
 * of concurrent guesses is judged against the limit one by one:
 *  - per address, across accounts (`perAddress`, which also bounds each
 *    account and address pair): past it the address is paused;
 *  - per account and address pair: failures from one address never pause the
 *    account for the others, so a stranger cannot lock the owner out;
 *  - per account, from every address (`perAccount`, much higher): past it the
 *    account is slowed, not closed: an address with no attempt against it in
 *    the window still gets one try (the owner signing in from their own
 *    device), an address that already tried waits for the window to end.
 * A sign-in that succeeds takes its address's attempts against that account
 * back; an attempt that was never carried out (the hash gate was full) is
 * taken back too.
 */
export interface LoginLimits {
  perAddress: number;
  perAccount: number;
  windowMs: number;
}

export interface LoginKeys {
  address: string;
  pair: string;
  account: string;
  alert: string;
}

const pairPrefix = (login: string) => `login-pair:${login}|`;

export const loginKeys = (login: string, address: string): LoginKeys => ({
  address: `login-ip:${address}`,
  pair: `${pairPrefix(login)}${address}`,
  account: `login-account:${login}`,
  alert: `login-alert:${login}`,
});

export type LoginAdmission =
  | { allowed: true; keys: LoginKeys; tripped: boolean }
  | { allowed: false; keys: LoginKeys; tripped: boolean; retryAfterSeconds: number };

/** Counts the attempt and says whether it may go on to the password check. */
export async function admitLoginAttempt(
  db: Database,
  login: string,
  address: string,
  limits: LoginLimits,
): Promise<LoginAdmission> {
  const keys = loginKeys(login, address);
  // One statement for both, pair first (the order liftLoginPauses deletes in): concurrent attempts line up.
  const [byPair, byAddress] = (await hitRateLimits(
    db,
    [
      { key: keys.pair, limit: limits.perAddress },
      { key: keys.address, limit: limits.perAddress },
    ],
    limits.windowMs,
  )) as [RateLimitResult, RateLimitResult];
  const paused = [byAddress, byPair].filter((r) => !r.allowed);
  // A paused address does not count against the account: one address alone cannot slow it.
  if (paused.length)
    return {
      allowed: false,
      keys,
      tripped: false,
      retryAfterSeconds: Math.max(...paused.map((r) => r.retryAfterSeconds)),
    };

  const byAccount = await hitRateLimit(db, keys.account, limits.perAccount, limits.windowMs);
  if (byAccount.allowed) return { allowed: true, keys, tripped: false };
  // Past the account's limit: the first attempt of each window raises the alert (once, across processes).
  const tripped = (await hitRateLimit(db, keys.alert, 1, limits.windowMs)).allowed;
  if (byPair.count > 1) return { allowed: false, keys, tripped, retryAfterSeconds: byAccount.retryAfterSeconds };
  return { allowed: true, keys, tripped };
}

/** A correct password: this address's attempts against the account are forgiven. */
export async function forgiveLoginAttempts(db: Database, keys: LoginKeys): Promise<void> {
  const removed = await db.execute<{ count: number }>(
    sql`delete from rate_limits where key = ${keys.pair} returning count`,
  );
  const count = removed.rows[0]?.count ?? 1;
  await Promise.all([lowerRateLimit(db, keys.address, count), lowerRateLimit(db, keys.account, count)]);
}

/** The attempt was admitted but never checked (no hash slot): it does not count. */
export async function cancelLoginAttempt(db: Database, keys: LoginKeys): Promise<void> {
  await Promise.all([keys.address, keys.pair, keys.account].map((key) => lowerRateLimit(db, key)));
}

/** Addresses that tried to sign in to the account in the current window. */
export async function countLoginAddresses(db: Database, login: string): Promise<number> {
  const prefix = pairPrefix(login);
  // The rest of a pair key is an address, which never holds '|': a login that merely starts the same is not counted.
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from rate_limits
    where starts_with(key, ${prefix}) and expires_at > now()
      and position('|' in substr(key, ${prefix.length + 1})) = 0`);
  return result.rows[0]?.n ?? 0;
}

/**
 * Lifts every sign-in pause of the account (a password reset): its own
 * counters, and those of the addresses that tried it, so the owner can sign in
 * at once from the address where they mistyped.
 */
export async function liftLoginPauses(db: Database, email: string): Promise<void> {
  const login = email.trim().toLowerCase();
  const prefix = pairPrefix(login);
  const keys = loginKeys(login, "");
  await db.execute(sql`
    with pairs as (
      delete from rate_limits
      where starts_with(key, ${prefix}) and position('|' in substr(key, ${prefix.length + 1})) = 0
      returning substr(key, ${prefix.length + 1}) as address
    )
    delete from rate_limits
    where key in (${keys.account}, ${keys.alert}) or key in (select 'login-ip:' || address from pairs)`);
}
