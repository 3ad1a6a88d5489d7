import { hkdfSync } from "node:crypto";

/**
 * BACKUP_ENCRYPTION_KEY (docs/decisions/047-backup-encryption.md): 32 random bytes, AES-256's key
 * size, written as 64 hex digits or as base64. A random key, not a passphrase: nothing has to be
 * stretched (scrypt would cost every restore seconds and memory to protect a weak secret), and
 * `openssl rand -base64 32` makes one. The archives' keys are derived from it with HKDF-SHA256
 * (RFC 5869), each under its own name, so the key itself encrypts or signs nothing.
 */
export const BACKUP_KEY_BYTES = 32;

const HOW_TO_MAKE = "make one with: openssl rand -base64 32";
const HEX = /^[0-9a-f]+$/i;
/** Standard or URL-safe base64, with or without its padding. */
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

const FORMAT = `must be ${BACKUP_KEY_BYTES} random bytes written as ${BACKUP_KEY_BYTES * 2} hex digits or as base64 (44 characters), not a password; ${HOW_TO_MAKE}`;

/** Base64 (either alphabet) as bytes, or undefined when the text is not exactly that. */
function fromBase64(text: string): Buffer | undefined {
  if (!BASE64.test(text)) return undefined;
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Buffer.from(standard, "base64");
  // Node skips what is not base64; written back, the bytes must give the text again.
  return bytes.toString("base64").replace(/=+$/, "") === standard.replace(/=+$/, "") ? bytes : undefined;
}

function decode(text: string): Buffer | string {
  if (HEX.test(text) && text.length === BACKUP_KEY_BYTES * 2) return Buffer.from(text, "hex");
  const bytes = fromBase64(text);
  if (bytes?.length === BACKUP_KEY_BYTES) return bytes;
  // What it looks like, to say how far off it is.
  if (HEX.test(text) && text.length > 40) return `${FORMAT} (this one is ${text.length} hex digits)`;
  if (bytes && text.length > 20) return `${FORMAT} (this one is base64 for ${bytes.length} bytes)`;
  return FORMAT;
}

/** What is wrong with a BACKUP_ENCRYPTION_KEY as written, or null when it is a key (the message never repeats it). */
export function backupKeyProblem(text: string): string | null {
  const decoded = decode(text.trim());
  if (typeof decoded === "string") return decoded;
  if (decoded.every((byte) => byte === decoded[0]))
    return `is the same byte ${BACKUP_KEY_BYTES} times, not a random key; ${HOW_TO_MAKE}`;
  return null;
}

/** The key's bytes; throws with backupKeyProblem's words (parseEnv has already refused a bad one). */
export function parseBackupKey(text: string): Buffer {
  const problem = backupKeyProblem(text);
  if (problem) throw new Error(`BACKUP_ENCRYPTION_KEY ${problem}`);
  return decode(text.trim()) as Buffer;
}

/** The key the environment sets, or undefined when backups are not encrypted. */
export const backupKeyOf = (env: { BACKUP_ENCRYPTION_KEY?: string }) =>
  env.BACKUP_ENCRYPTION_KEY === undefined ? undefined : parseBackupKey(env.BACKUP_ENCRYPTION_KEY);

/** A key of `bytes` for one use (`purpose`), derived from the backup key and a salt (RFC 5869). */
export const deriveKey = (key: Buffer, salt: Buffer, purpose: string, bytes = 32) =>
  Buffer.from(hkdfSync("sha256", key, salt, `ri-web-design backup: ${purpose}`, bytes));
