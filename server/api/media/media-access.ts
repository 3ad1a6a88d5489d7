import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "../../lib/app-env";
import type { Database } from "../../db/client";
import type { media } from "../../db/schema";
import { bearerToken } from "../../services/admin-sessions";
import { canAccessProject, portalAccessOf } from "../../services/portal-access";
import { sharedSecret } from "../../services/server-secrets";
import { adminOf } from "../auth/require-admin";

/**
 * Who may read a media file, and how it may be cached (docs/decisions/012):
 *
 * - a file attached to a project is private: an admin token, a portal token
 *   of that project (decision 017), or a preview signature the API handed out
 *   in the last hour (an <img> cannot send a bearer header); `private,
 *   no-store`; anyone else gets 404;
 * - any other file is read by whoever has its unguessable key; it is publicly
 *   cacheable for a year only while published content shows it.
 */
type Row = typeof media.$inferSelect;

export const PRIVATE_CACHE = "private, no-store";
/** A file only its key's holders know: a browser may keep it but must ask again. */
export const UNLISTED_CACHE = "private, no-cache";
/** Published content's files: the key is random and its bytes never change. */
export const PUBLIC_CACHE = "public, max-age=31536000, immutable";

export function cacheControlFor(row: Pick<Row, "projectId">, published: boolean): string {
  if (row.projectId) return PRIVATE_CACHE;
  return published ? PUBLIC_CACHE : UNLISTED_CACHE;
}

/** Whether this request may read the file; false answers 404, so a key's existence is not confirmed. */
export async function canReadMedia(c: Context<AppEnv>, row: Pick<Row, "key" | "projectId">): Promise<boolean> {
  if (!row.projectId) return true;
  const { exp, sig } = c.req.query();
  if (exp && sig && (await verifyPreview(c.var.deps.db, row.key, exp, sig))) return true;
  if (await adminOf(c)) return true;
  // The client portal's token (decision 017): a portal session whose projects include the file's.
  const token = bearerToken(c.req.header("authorization"));
  const access = token ? await portalAccessOf(c.var.deps.db, token) : null;
  return !!access && (await canAccessProject(c.var.deps.db, access, row.projectId));
}

/** How long a preview signature works: one to two hours (the hour is rounded so addresses stay stable). */
const HOUR_S = 3600;
const SECRET_NAME = "media-preview";
const secrets = new WeakMap<Database, Promise<Buffer>>();

/** The signing key, made once per database (shared by every app process) and kept in memory. */
function previewSecret(db: Database): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      const value = await sharedSecret(db, SECRET_NAME, () => randomBytes(32).toString("base64url"));
      return Buffer.from(value, "base64url");
    })();
    secrets.set(db, secret);
    // A failed read is tried again by the next request.
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

const signature = (secret: Buffer, key: string, exp: string) =>
  createHmac("sha256", secret).update(`media-preview:${key}:${exp}`).digest();

/** A function giving `exp=...&sig=...` for a key, valid for the rest of this hour and the next. */
export async function previewSigner(db: Database, now = Date.now()): Promise<(key: string) => string> {
  const secret = await previewSecret(db);
  const exp = String((Math.floor(now / 1000 / HOUR_S) + 2) * HOUR_S);
  return (key) => `exp=${exp}&sig=${signature(secret, key, exp).toString("base64url")}`;
}

async function verifyPreview(db: Database, key: string, exp: string, sig: string): Promise<boolean> {
  if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= Date.now()) return false;
  const given = Buffer.from(sig, "base64url");
  const expected = signature(await previewSecret(db), key, exp);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
