import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { contacts, portalSessions, portalSignInLinks, projectContacts, projects } from "../db/schema";
import { announceAccessChange } from "./access-changes";
import { hashToken } from "./admin-sessions";
import type { DbOrTx } from "../db/tx";

/**
 * The client portal's way in (docs/product/architecture.md "Security defaults"; decision 017).
 * Knowing an e-mail address opens nothing: it gets a one-time sign-in link by e-mail, valid for
 * SIGN_IN_LINK_MS and spent by a button on the page it opens. Knowing a project ID (unguessable)
 * opens that one project. Either way the browser holds a portal token; the database keeps only
 * its SHA-256, like the admin's.
 */
export const SIGN_IN_LINK_MS = 30 * 60 * 1000;
export const PORTAL_SESSION_MS = 14 * 24 * 60 * 60 * 1000;

/** Who a portal token stands for: the projects of an e-mail address, or one project. */
export type PortalAccess = ({ email: string; projectId: null } | { email: null; projectId: string }) & {
  /** When the session ends by itself (its sockets are closed then). */
  expiresAt?: Date;
};

const newToken = () => randomBytes(32).toString("base64url");
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Makes a sign-in link's token for this address (only its hash is stored), valid SIGN_IN_LINK_MS or
 * `until`: the lookup makes one for an address without projects (the same work as for one with
 * them), and the outbox makes the e-mailed one as it sends the message (server/emails/portal-sign-in.ts).
 */
export async function createSignInLink(
  db: DbOrTx,
  email: string,
  now = new Date(),
  until?: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = until ?? new Date(now.getTime() + SIGN_IN_LINK_MS);
  await db.insert(portalSignInLinks).values({ tokenHash: hashToken(token), email: normalizeEmail(email), expiresAt });
  return { token, expiresAt };
}

/**
 * Spends a sign-in link, once: answers a portal session token for its address, or null when the
 * link is unknown, used or expired. One statement, so two presses cannot both spend it.
 */
export async function redeemSignInLink(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ token: string; email: string; expiresAt: Date } | null> {
  const [link] = await db
    .update(portalSignInLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(portalSignInLinks.tokenHash, hashToken(token)),
        isNull(portalSignInLinks.usedAt),
        gt(portalSignInLinks.expiresAt, now),
      ),
    )
    .returning({ email: portalSignInLinks.email });
  if (!link) return null;
  const session = await createPortalSession(db, { email: link.email, projectId: null }, now);
  return { ...session, email: link.email };
}

export async function createPortalSession(
  db: Database,
  access: PortalAccess,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PORTAL_SESSION_MS);
  await db.insert(portalSessions).values({
    tokenHash: hashToken(token),
    email: access.email,
    projectId: access.projectId,
    expiresAt,
  });
  return { token, expiresAt };
}

/** What a portal token opens, or null for an unknown or expired one. */
export async function portalAccessOf(db: Database, token: string, now = new Date()): Promise<PortalAccess | null> {
  const [row] = await db
    .select({ email: portalSessions.email, projectId: portalSessions.projectId, expiresAt: portalSessions.expiresAt })
    .from(portalSessions)
    .where(and(eq(portalSessions.tokenHash, hashToken(token)), gt(portalSessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (row.projectId) return { email: null, projectId: row.projectId, expiresAt: row.expiresAt };
  return row.email ? { email: row.email, projectId: null, expiresAt: row.expiresAt } : null;
}

export async function endPortalSession(db: Database, token: string): Promise<void> {
  await db.delete(portalSessions).where(eq(portalSessions.tokenHash, hashToken(token)));
  await announceAccessChange(db);
}

/** The IDs of the projects this access opens: the one project, or every project a contact of that address is on. */
export async function accessibleProjectIds(db: Database, access: PortalAccess): Promise<string[]> {
  if (access.projectId !== null) {
    const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, access.projectId));
    return row ? [row.id] : [];
  }
  const rows = await db
    .selectDistinct({ id: projectContacts.projectId })
    .from(projectContacts)
    .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
    .where(sql`lower(${contacts.email}) = ${normalizeEmail(access.email)}`);
  return rows.map((r) => r.id);
}

export async function canAccessProject(db: Database, access: PortalAccess, projectId: string): Promise<boolean> {
  if (access.projectId !== null) return access.projectId === projectId;
  const [row] = await db
    .select({ id: projectContacts.projectId })
    .from(projectContacts)
    .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
    .where(
      and(eq(projectContacts.projectId, projectId), sql`lower(${contacts.email}) = ${normalizeEmail(access.email)}`),
    )
    .limit(1);
  return !!row;
}

/** Whether any project's contact has this address (decides whether a sign-in link is e-mailed). */
export async function emailHasProjects(db: Database, email: string): Promise<boolean> {
  return (await accessibleProjectIds(db, { email, projectId: null })).length > 0;
}

/** The retention purge's part: links and sessions past their time. */
export async function purgeExpiredPortalAccess(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(portalSignInLinks)
    .where(
      or(lt(portalSignInLinks.expiresAt, now), lt(portalSignInLinks.createdAt, new Date(now.getTime() - 86_400_000))),
    );
  await db.delete(portalSessions).where(lt(portalSessions.expiresAt, now));
}
