import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { adminSessions, adminUsers } from "../db/schema";
import { announceAccessChange } from "./access-changes";

/**
 * Admin sessions (docs/product/architecture.md "Sessions"): an opaque 256-bit token goes
 * to the browser once; the database keeps only its SHA-256. A session ends
 * after IDLE_MS without use, after ABSOLUTE_MS in any case, or on logout.
 */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often, so reads stay cheap. */
const TOUCH_EVERY_MS = 60_000;

export interface AdminIdentity {
  userId: number;
  email: string;
  name: string;
  sessionId: number;
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export async function createAdminSession(
  db: Database,
  userId: number,
  userAgent?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await db.insert(adminSessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    userAgent: userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/**
 * Sessions verified in the last VERIFIED_KEPT_MS, by token hash. Every admin call reads its
 * session first: of a list page's two round trips to the database it was one, and the screens
 * call several at once. A session ended here (logout) is forgotten at once; one ended elsewhere
 * (another process's logout, a password reset from the command line) is announced on the
 * access_changed channel, and server/compose.ts forgets them all when it hears it (or when the
 * LISTEN connection comes back, having missed what was said). If that channel is down, a session
 * ended on another process is still taken for at most VERIFIED_KEPT_MS. Expiry is checked here too.
 */
const VERIFIED_KEPT_MS = 5_000;
const VERIFIED_MAX = 1_000;
const verified = new Map<
  string,
  { identity: AdminIdentity; keptUntil: number; expiresAt: number; idleFrom: number; db: Database }
>();

/** Forgets every verified session (an access change was announced: server/compose.ts). */
export function forgetVerifiedSessions(): void {
  verified.clear();
}

/** The signed-in admin of a bearer token, or undefined when it is unknown, expired or revoked. */
export async function verifyAdminToken(db: Database, token: string | undefined): Promise<AdminIdentity | undefined> {
  if (!token || token.length < 20 || token.length > 200) return undefined;
  const tokenHash = hashToken(token);
  const kept = verified.get(tokenHash);
  const nowMs = Date.now();
  if (kept && kept.db === db && nowMs < kept.keptUntil && nowMs < kept.expiresAt && nowMs < kept.idleFrom)
    return kept.identity;
  const now = new Date(nowMs);
  const [row] = await db
    .select({
      sessionId: adminSessions.id,
      lastUsedAt: adminSessions.lastUsedAt,
      expiresAt: adminSessions.expiresAt,
      userId: adminUsers.id,
      email: adminUsers.email,
      name: adminUsers.name,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(
      and(
        eq(adminSessions.tokenHash, tokenHash),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .limit(1);
  if (!row) {
    verified.delete(tokenHash);
    return undefined;
  }
  let lastUsedAt = row.lastUsedAt.getTime();
  if (nowMs - lastUsedAt > TOUCH_EVERY_MS) {
    await db.update(adminSessions).set({ lastUsedAt: now }).where(eq(adminSessions.id, row.sessionId));
    lastUsedAt = nowMs;
  }
  const identity = { userId: row.userId, email: row.email, name: row.name, sessionId: row.sessionId };
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(tokenHash, {
    identity,
    keptUntil: nowMs + VERIFIED_KEPT_MS,
    expiresAt: row.expiresAt.getTime(),
    idleFrom: lastUsedAt + SESSION_IDLE_MS,
    db,
  });
  return identity;
}

export async function revokeAdminSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(adminSessions.id, sessionId));
  // This process at once; every process (this one too) when the announcement arrives.
  for (const [hash, kept] of verified) if (kept.identity.sessionId === sessionId) verified.delete(hash);
  await announceAccessChange(db);
}
