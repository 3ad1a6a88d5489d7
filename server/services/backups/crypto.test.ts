import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../../env";
import { backupKeyProblem, parseBackupKey } from "../../lib/backup-key";
import { encryptingStream, FRAME_PLAIN, hmacMatches, MAGIC, manifestHmac, NEEDS_KEY, openArchiveBytes } from "./crypto";

/**
 * The archives' encryption and signature (docs/decisions/047-backup-encryption.md) on real files:
 * what BACKUP_ENCRYPTION_KEY may be, bytes that come back as they went in, and every change to
 * the encrypted bytes found before a byte of them is handed on.
 */

let folder: string;
const key = randomBytes(32);
let counter = 0;
const fileIn = () => path.join(folder, `archive-${++counter}`);

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "wbt-backup-crypto-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** `plain` encrypted into a new file, written in pieces of `piece` bytes as a gzip stream writes. */
async function encryptToFile(plain: Buffer, piece = 10_000, withKey = key): Promise<string> {
  const file = fileIn();
  const pieces: Buffer[] = [];
  for (let at = 0; at < plain.length; at += piece) pieces.push(plain.subarray(at, at + piece));
  await pipeline(Readable.from(pieces), encryptingStream(withKey), createWriteStream(file));
  return file;
}

async function decrypt(file: string, withKey: Buffer | undefined = key): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openArchiveBytes(file, withKey)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const HEADER = MAGIC.length + 32 + 16;
const FRAME = FRAME_PLAIN + 16;

describe("BACKUP_ENCRYPTION_KEY", () => {
  it("is 32 bytes as 64 hex digits or as base64, standard or URL-safe, padded or not", () => {
    const bytes = randomBytes(32);
    for (const text of [
      bytes.toString("hex"),
      bytes.toString("hex").toUpperCase(),
      bytes.toString("base64"),
      bytes.toString("base64url"),
      ` ${bytes.toString("base64")}\n`,
    ])
      expect(parseBackupKey(text), text).toEqual(bytes);
  });

  it.each([
    ["a passphrase", "correct horse battery staple", /must be 32 random bytes written as 64 hex digits or as base64/],
    ["a word that base64 would read", "sentence-of-words", /^must be 32 random bytes .*openssl rand -base64 32$/],
    ["short hex", randomBytes(31).toString("hex"), /must be 32 random bytes.* \(this one is 62 hex digits\)$/],
    ["base64 of 16 bytes", randomBytes(16).toString("base64"), /\(this one is base64 for 16 bytes\)$/],
    ["base64 of 48 bytes", randomBytes(48).toString("base64"), /\(this one is base64 for 48 bytes\)$/],
    ["one byte 32 times", "00".repeat(32), /is the same byte 32 times, not a random key/],
    ["base64 with a stray character", `${randomBytes(32).toString("base64").slice(0, 40)}!abc`, /must be 32 random/],
  ])("refuses %s, saying how to make one", (_, text, problem) => {
    expect(backupKeyProblem(text)).toMatch(problem);
    expect(backupKeyProblem(text)).toContain("openssl rand -base64 32");
    expect(() => parseBackupKey(text)).toThrow(/^BACKUP_ENCRYPTION_KEY /);
  });

  it("a malformed one stops the start, naming the variable and never printing its value", () => {
    const secret = "my secret backup password";
    let error: unknown;
    try {
      parseEnv({ BACKUP_ENCRYPTION_KEY: secret });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    expect(message).toContain("BACKUP_ENCRYPTION_KEY: must be 32 random bytes");
    expect(message).toContain("(its value is not shown)");
    expect(message).not.toContain(secret);
    expect(parseEnv({ BACKUP_ENCRYPTION_KEY: "" }).BACKUP_ENCRYPTION_KEY).toBeUndefined();
    const good = randomBytes(32).toString("base64");
    expect(parseEnv({ BACKUP_ENCRYPTION_KEY: good }).BACKUP_ENCRYPTION_KEY).toBe(good);
  });
});

describe("an encrypted archive's bytes", () => {
  it.each([0, 1, FRAME_PLAIN - 1, FRAME_PLAIN, FRAME_PLAIN + 1, 3 * FRAME_PLAIN + 17])(
    "come back as they went in (%i bytes), in frames of 64 KiB with a header that says what it is",
    async (size) => {
      const plain = randomBytes(size);
      const file = await encryptToFile(plain);
      const bytes = await readFile(file);
      expect(bytes.subarray(0, MAGIC.length).toString()).toBe("ri-web-design backup, AES-256-GCM frames, v1\n");
      const frames = Math.max(1, Math.ceil(size / FRAME_PLAIN));
      expect(bytes.length).toBe(HEADER + size + frames * 16);
      // Buffer.equals: toEqual compares large buffers byte by byte, slowly.
      expect((await decrypt(file)).equals(plain)).toBe(true);
    },
  );

  it("hold none of the plaintext, and differ each time (a new salt per archive)", async () => {
    const plain = Buffer.from("contact: ada.lovelace@example.com\n".repeat(5000));
    const [a, b] = [await encryptToFile(plain), await encryptToFile(plain)];
    const [bytesA, bytesB] = [await readFile(a), await readFile(b)];
    expect(bytesA.includes("ada.lovelace")).toBe(false);
    expect(bytesA.subarray(MAGIC.length).equals(bytesB.subarray(MAGIC.length))).toBe(false);
    expect((await decrypt(b)).equals(plain)).toBe(true);
  });

  it("need the key, and the right one", async () => {
    const file = await encryptToFile(randomBytes(1000));
    await expect(openArchiveBytes(file, undefined)).rejects.toThrow(NEEDS_KEY);
    await expect(openArchiveBytes(file, randomBytes(32))).rejects.toThrow(
      "This archive was encrypted with another key than BACKUP_ENCRYPTION_KEY. Set the key it was made with, then restore again.",
    );
  });

  it("are refused when one byte changes, a frame is moved, dropped or added, or the file is cut", async () => {
    const plain = randomBytes(3 * FRAME_PLAIN + 500);
    const whole = await readFile(await encryptToFile(plain));
    const frame = (i: number) => whole.subarray(HEADER + i * FRAME, HEADER + (i + 1) * FRAME);
    const header = whole.subarray(0, HEADER);
    const flipped = Buffer.from(whole);
    flipped[HEADER + FRAME + 100]! ^= 1;
    const cases: [string, Buffer, number][] = [
      ["one byte of the second frame", flipped, HEADER + FRAME],
      ["two frames swapped", Buffer.concat([header, frame(1), frame(0), whole.subarray(HEADER + 2 * FRAME)]), HEADER],
      ["the last frame dropped", whole.subarray(0, HEADER + 3 * FRAME), HEADER + 2 * FRAME],
      ["a frame added", Buffer.concat([whole.subarray(0, HEADER + 3 * FRAME), frame(2), frame(3)]), HEADER + 3 * FRAME],
      ["cut inside the last frame", whole.subarray(0, whole.length - 10), HEADER + 3 * FRAME],
      ["cut after the header", header, HEADER],
    ];
    for (const [what, bytes, at] of cases) {
      const file = fileIn();
      await writeFile(file, bytes);
      await expect(decrypt(file), what).rejects.toThrow(
        `The archive is damaged or was altered: its encrypted bytes fail their check at byte ${at}.`,
      );
    }
  });

  it("a frame's bytes go on only once its tag is checked: a change in the first frame yields nothing", async () => {
    const whole = await readFile(await encryptToFile(randomBytes(2 * FRAME_PLAIN)));
    whole[HEADER + 5]! ^= 0x80;
    const file = fileIn();
    await writeFile(file, whole);
    const received: Buffer[] = [];
    const stream = await openArchiveBytes(file, key);
    await expect(
      (async () => {
        for await (const chunk of stream) received.push(chunk as Buffer);
      })(),
    ).rejects.toThrow(/fail their check at byte/);
    expect(received).toEqual([]);
  });
});

describe("the manifest's HMAC", () => {
  const manifest = { format: 1, tables: [{ name: "public.contacts", sha256: "ab".repeat(32) }] };

  it("is HMAC-SHA256 under a key derived from the backup key, and any change or other key fails it", () => {
    const hmac = manifestHmac(key, manifest);
    expect(hmac).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(hmacMatches(key, JSON.parse(JSON.stringify(manifest)), hmac)).toBe(true);
    const edited = { ...manifest, tables: [{ name: "public.contacts", sha256: "cd".repeat(32) }] };
    expect(hmacMatches(key, edited, hmac)).toBe(false);
    expect(hmacMatches(randomBytes(32), manifest, hmac)).toBe(false);
    expect(hmacMatches(key, manifest, "hmac-sha256:short")).toBe(false);
  });
});
