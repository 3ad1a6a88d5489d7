import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client";
import { sharedSecret } from "../server-secrets";

/**
 * The signed preview addresses of private media (docs/decisions/012): `exp=...&sig=...` after a
 * file's address lets an `<img>`, which cannot send a bearer header, read a project's file for an
 * hour or two. The admin's answers carry them; server/api/media/media-access.ts accepts them.
 */

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

/** Whether `exp` and `sig` are a signature this database made for this key, not yet expired. */
export async function verifyPreview(db: Database, key: string, exp: string, sig: string): Promise<boolean> {
  if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= Date.now()) return false;
  const given = Buffer.from(sig, "base64url");
  const expected = signature(await previewSecret(db), key, exp);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
