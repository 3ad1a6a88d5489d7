import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
import { deriveKey } from "../../lib/backup-key";
import { BackupError } from "./manifest";

/**
 * Encrypted and signed archives (docs/decisions/047-backup-encryption.md). With
 * BACKUP_ENCRYPTION_KEY set, the gzipped tar is written as
 *
 *   MAGIC | salt (32 bytes) | key check (16 bytes) | frame | frame | ... | last frame
 *
 * Each frame is up to FRAME_PLAIN bytes of the gzip sealed with AES-256-GCM (node:crypto) and its
 * 16-byte tag, under a key derived from the backup key and the archive's own random salt. A
 * frame's nonce is its number and whether it is the last, and every frame authenticates the
 * header: no frame can be changed, moved, dropped or added, and an archive cut after any frame
 * fails, as the reader meets it. The reader hands on a frame's bytes only once its tag is checked,
 * so nothing unauthenticated is ever unpacked, and an archive of any size streams through in
 * memory of one frame.
 *
 * The manifest itself carries an HMAC-SHA256 under another derived key (manifestHmac): the
 * manifest names every entry's SHA-256, so the HMAC vouches for the whole archive, encrypted or not.
 */

/** The archive's first line says what it is, to anyone who looks (`head -1`). */
export const MAGIC = Buffer.from("ri-web-design backup, AES-256-GCM frames, v1\n", "ascii");
const SALT_BYTES = 32;
const CHECK_BYTES = 16;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + CHECK_BYTES;
/** 64 KiB of plaintext a frame: the tag costs 0.02 %, and a reader holds at most two frames. */
export const FRAME_PLAIN = 64 * 1024;
const FRAME = FRAME_PLAIN + TAG_BYTES;

/** A 12-byte GCM nonce: the frame's number (11 bytes, big-endian), then 1 for the last frame. */
function nonce(counter: bigint, last: boolean): Buffer {
  const bytes = Buffer.alloc(12);
  bytes.writeBigUInt64BE(counter, 3);
  bytes[11] = last ? 1 : 0;
  return bytes;
}

/** The archive's cipher key and the check that tells a wrong backup key from a damaged archive. */
const archiveKeys = (key: Buffer, salt: Buffer) => ({
  cipherKey: deriveKey(key, salt, "AES-256-GCM archive key v1"),
  check: deriveKey(key, salt, "key check v1", CHECK_BYTES),
});

/**
 * A pass-through that cuts what flows through it into frames of `size` bytes and hands on
 * `each(frame, last)`, after `header` if given. A frame goes once more bytes follow it: which one
 * is the last is known only at the end. What `each` throws fails the stream.
 */
function framing(size: number, each: (frame: Buffer, last: boolean) => Buffer, header?: Buffer): Transform {
  let buffered: Buffer = Buffer.alloc(0);
  let started = header === undefined;
  const start = (stream: Transform) => {
    if (!started) stream.push(header);
    started = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        start(this);
        buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
        let at = 0;
        while (buffered.length - at > size) {
          this.push(each(buffered.subarray(at, at + size), false));
          at += size;
        }
        buffered = buffered.subarray(at);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        start(this);
        this.push(each(buffered, true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** A pass-through that encrypts what flows through it into the format above. */
export function encryptingStream(key: Buffer): Transform {
  const salt = randomBytes(SALT_BYTES);
  const { cipherKey, check } = archiveKeys(key, salt);
  const header = Buffer.concat([MAGIC, salt, check]);
  let counter = 0n;
  const seal = (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv("aes-256-gcm", cipherKey, nonce(counter++, last));
    cipher.setAAD(header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  return framing(FRAME_PLAIN, seal, header);
}

const damaged = (at: number) =>
  new BackupError(
    `The archive is damaged or was altered: its encrypted bytes fail their check at byte ${at}. Nothing was restored; use another archive.`,
  );

/** A pass-through that opens the frames after `header`, each checked before its bytes go on. */
function decryptingStream(cipherKey: Buffer, header: Buffer): Transform {
  let counter = 0n;
  const openFrame = (frame: Buffer, last: boolean) => {
    const at = HEADER_BYTES + Number(counter) * FRAME;
    if (frame.length < TAG_BYTES) throw damaged(at);
    const decipher = createDecipheriv("aes-256-gcm", cipherKey, nonce(counter++, last));
    decipher.setAAD(header);
    decipher.setAuthTag(frame.subarray(frame.length - TAG_BYTES));
    const plain = decipher.update(frame.subarray(0, frame.length - TAG_BYTES));
    try {
      decipher.final();
    } catch {
      throw damaged(at);
    }
    return plain;
  };
  return framing(FRAME, openFrame);
}

/** The refusal of an encrypted archive when no key is set. */
export const NEEDS_KEY =
  "This archive is encrypted. Set BACKUP_ENCRYPTION_KEY (in the settings file, or the shell) to the key it was made with, then restore again.";

/**
 * An archive's gzip bytes as a stream: the file itself, or its frames opened with `key`. An
 * encrypted archive without a key, or with another key than its own, is refused at once.
 */
export async function openArchiveBytes(file: string, key: Buffer | undefined): Promise<Readable> {
  const handle = await open(file, "r");
  let header: Buffer;
  try {
    const read = await handle.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0);
    header = read.buffer.subarray(0, read.bytesRead);
  } finally {
    await handle.close();
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) return createReadStream(file);
  if (!key) throw new BackupError(NEEDS_KEY);
  if (header.length < HEADER_BYTES) throw damaged(header.length);
  const { cipherKey, check } = archiveKeys(key, header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES));
  if (!timingSafeEqual(check, header.subarray(HEADER_BYTES - CHECK_BYTES)))
    throw new BackupError(
      "This archive was encrypted with another key than BACKUP_ENCRYPTION_KEY. Set the key it was made with, then restore again.",
    );
  // Reads of several frames: fewer frames split between two reads, to be joined.
  const source = createReadStream(file, { start: HEADER_BYTES, highWaterMark: 16 * FRAME });
  const plain = decryptingStream(cipherKey, header);
  source.once("error", (error) => plain.destroy(error));
  plain.once("close", () => source.destroy());
  return source.pipe(plain);
}

/**
 * The HMAC-SHA256 of a manifest (without its own `hmac`), as its compact JSON: the writer signs
 * the object it writes, the reader the object it parsed, key order and all, so one byte's change
 * in what a restore will use changes it.
 */
export function manifestHmac(key: Buffer, manifest: object): string {
  const macKey = deriveKey(key, Buffer.alloc(0), "manifest HMAC-SHA256 v1");
  return `hmac-sha256:${createHmac("sha256", macKey).update(JSON.stringify(manifest)).digest("hex")}`;
}

/** Whether `hmac` is the manifest's, compared in constant time. */
export function hmacMatches(key: Buffer, manifest: object, hmac: string): boolean {
  const expected = Buffer.from(manifestHmac(key, manifest));
  const given = Buffer.from(hmac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
