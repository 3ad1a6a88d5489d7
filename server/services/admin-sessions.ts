import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { adminSessions, adminUsers } from "../db/schema";
import { announceAccessChange } from "./access-changes";

/**
 * Admin sessions (ARCHITECTURE.md "sessions"): an opaque 256-bit token goes
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

/** The signed-in admin of a bearer token, or undefined when it is unknown, expired or revoked. */
export async function verifyAdminToken(db: Database, token: string | undefined): Promise<AdminIdentity | undefined> {
  if (!token || token.length < 20 || token.length > 200) return undefined;
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: adminSessions.id,
      lastUsedAt: adminSessions.lastUsedAt,
      userId: adminUsers.id,
      email: adminUsers.email,
      name: adminUsers.name,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(
      and(
        eq(adminSessions.tokenHash, hashToken(token)),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(adminSessions).set({ lastUsedAt: now }).where(eq(adminSessions.id, row.sessionId));
  }
  return { userId: row.userId, email: row.email, name: row.name, sessionId: row.sessionId };
}

export async function revokeAdminSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(adminSessions.id, sessionId));
  await announceAccessChange(db);
}

/** Reads `Authorization: Bearer <token>`. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1];
}
