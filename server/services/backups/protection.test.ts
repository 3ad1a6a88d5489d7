import { randomBytes } from "node:crypto";
import { readFile, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Quote } from "~/contracts/quotes";
import { createAdminToken } from "../../../tests/support/admin";
import { createTestApp } from "../../../tests/support/app";
import { createTestDatabase } from "../../../tests/support/db";
import { runScript, type Spawned } from "../../../tests/support/app-process";
import {
  appTableCount,
  createEmptyDatabase,
  replaceOnce,
  rewriteArchive,
} from "../../../tests/support/backup-archives";
import { acceptedQuoteCount, dumpTables, fillEveryTable, storeContents } from "../../../tests/support/backup-site";
import { billingApi, createBilledProject, projectToken } from "../../../tests/support/billing";
import { startS3Peer } from "../../../tests/support/s3-peer";
import { startSmtpServer } from "../../../tests/support/smtp";
import { SIGN_IN_TOKEN_SLOT } from "../../emails/portal-sign-in";
import { projectRoot } from "../../lib/paths";
import { hashToken } from "../admin-sessions";
import {
  backupFileName,
  createBackupArchive,
  readBackupManifest,
  restoreBackupArchive,
  type BackupResult,
} from "./archive";
import { MAGIC, NEEDS_KEY } from "./crypto";
import { tableEntry } from "./manifest";
import { unsignedWarning } from "./reader";
import { archiveName, bucketBackupTarget, folderBackupTarget, isOwnArchive } from "./target";
import { backupJob, type BackupDeps } from "./backups";
import { runDailyJob } from "../job-runs";
import { localMediaStore, mediaStoreFor, type MediaStore } from "../media/store";

/**
 * Archives fit for a disaster (docs/decisions/047-backup-encryption.md), on a real database, real
 * files, a real SMTP peer and a real S3 peer: an encrypted archive restores with its key and with
 * no other, a manifest edited without the key is refused, an unsigned archive restores with a
 * warning, the outbox in an archive holds no sign-in token, and an accepted quote changed in an
 * archive is reported after its restore.
 */

const cleanups: (() => Promise<unknown>)[] = [];
const processes: Spawned[] = [];
const key = randomBytes(32);
/** Words of the accepted quote's terms that the tampering test changes in an archive. */
const TERMS = "A deposit of half starts the work; the other half is due at launch, seventeen days after.";
let folder: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let store: MediaStore;
let accepted: Quote;
let signIn: { email: string; token: string };
let plain: BackupResult;
let sealed: BackupResult;
let sourceDump: Record<string, string[]>;
let sourceFiles: Record<string, string>;
/** The accepted quotes of the source: the seed's and the one accepted here. */
let acceptedQuotes: number;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "wbt-backup-protection-"));
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, TRUST_PROXY: "1", DATA_DIR: folder } });
  store = mediaStoreFor(ctx.env);
  await fillEveryTable(ctx.db, store);

  // A quote the client accepted through the portal: its content hash stored as the acceptance computes it.
  const api = billingApi(ctx.app, (await createAdminToken(ctx.db)).auth);
  const client = await createBilledProject(ctx.db, { name: "Grace Hopper" });
  accepted = await api.acceptedQuote(client.projectId, await projectToken(ctx.db, client.projectId), {
    terms: TERMS,
  });
  // A portal sign-in e-mail, sent: its link's token is made at send time.
  const lookup = await ctx.app.request("/api/client-portal/lookup", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.47.0.1" },
    body: JSON.stringify({ type: "email", identifier: client.email }),
  });
  expect(lookup.status, await lookup.clone().text()).toBe(200);
  await ctx.mailer.settled();
  const mail = smtp.received.filter((m) => m.to.includes(client.email) && /sign-in link/.test(m.subject)).at(-1);
  const token = mail && /\/client-portal\/sign-in\?token=([A-Za-z0-9_%-]+)/.exec(mail.body)?.[1];
  expect(token, "the sign-in e-mail was sent with its link").toBeDefined();
  signIn = { email: client.email, token: decodeURIComponent(token!) };

  const archives = path.join(folder, "archives");
  plain = await createBackupArchive({
    databaseUrl: ctx.databaseUrl,
    store,
    file: path.join(archives, backupFileName(new Date(), false)),
  });
  sealed = await createBackupArchive({
    databaseUrl: ctx.databaseUrl,
    store,
    file: path.join(archives, backupFileName(new Date(), true)),
    key,
  });
  sourceDump = await dumpTables(ctx.databaseUrl);
  sourceFiles = await storeContents(store);
  acceptedQuotes = await acceptedQuoteCount(ctx.databaseUrl);
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const run of processes) if (run.child.exitCode === null) run.child.kill("SIGKILL");
  await ctx?.close();
  await smtp?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const freshStore = async () => localMediaStore(await mkdtemp(path.join(folder, "media-")));
const edited = () => path.join(folder, `edited-${randomBytes(4).toString("hex")}.tar.gz`);

/** A restore into a new empty database and store, with what it warned of. */
async function restoreFresh(file: string, withKey?: Buffer) {
  const url = await createEmptyDatabase(cleanups);
  const target = await freshStore();
  const warnings: string[] = [];
  const result = await restoreBackupArchive({
    databaseUrl: url,
    store: target,
    file,
    key: withKey,
    onWarning: (message) => warnings.push(message),
  });
  return { url, store: target, warnings, result };
}

describe("an encrypted archive (BACKUP_ENCRYPTION_KEY)", () => {
  it("is written 0600 as .tar.gz.enc, says what it is on its first line, and reads as nothing in the clear", async () => {
    expect(path.basename(sealed.file)).toMatch(/^backup-\d{8}-\d{6}\.tar\.gz\.enc$/);
    expect(((await stat(sealed.file)).mode & 0o777).toString(8)).toBe("600");
    const bytes = await readFile(sealed.file);
    expect(bytes.subarray(0, MAGIC.length).equals(MAGIC)).toBe(true);
    for (const clear of [signIn.email, "public.contacts", TERMS.slice(0, 20)])
      expect(bytes.includes(clear), clear).toBe(false);
    expect(sealed.manifest.hmac).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(await readBackupManifest(sealed.file, { key })).toEqual(sealed.manifest);
  });

  it("restores with its key: every row and every file, with no warning, the accepted quote checked", async () => {
    const restored = await restoreFresh(sealed.file, key);
    expect(restored.warnings).toEqual([]);
    expect(await dumpTables(restored.url)).toEqual(sourceDump);
    expect(await storeContents(restored.store)).toEqual(sourceFiles);
    expect(restored.result.quotes).toEqual({ checked: acceptedQuotes, mismatches: [] });
  }, 60_000);

  it("is refused without the key and with another key, before anything is written", async () => {
    const url = await createEmptyDatabase(cleanups);
    const target = await freshStore();
    const restore = (withKey?: Buffer) =>
      restoreBackupArchive({ databaseUrl: url, store: target, file: sealed.file, key: withKey });
    await expect(restore()).rejects.toThrow(NEEDS_KEY);
    await expect(restore(randomBytes(32))).rejects.toThrow(
      "This archive was encrypted with another key than BACKUP_ENCRYPTION_KEY. Set the key it was made with, then restore again.",
    );
    expect(await appTableCount(url), "no table was created").toBe(0);
    expect(await storeContents(target), "no file was put").toEqual({});
  });
});

describe("the manifest's HMAC", () => {
  it("refuses an archive edited with its checksums made to match, encrypted again or not, and writes nothing", async () => {
    const change = (name: string, data: Buffer) =>
      name === tableEntry("public.contacts") ? replaceOnce(data, "@example.com", "@attacker.example") : undefined;
    const decrypted = edited();
    await rewriteArchive(sealed.file, decrypted, change, { readKey: key, recomputeChecksums: true });
    const reEncrypted = `${edited()}.enc`;
    await rewriteArchive(sealed.file, reEncrypted, change, { readKey: key, writeKey: key, recomputeChecksums: true });

    const url = await createEmptyDatabase(cleanups);
    const target = await freshStore();
    const restore = (file: string, withKey?: Buffer) =>
      restoreBackupArchive({ databaseUrl: url, store: target, file, key: withKey });
    for (const file of [decrypted, reEncrypted])
      await expect(restore(file, key)).rejects.toThrow(
        `The manifest of ${file} does not match its HMAC: the archive was altered, or signed with another key than BACKUP_ENCRYPTION_KEY. Nothing was restored; use another archive.`,
      );
    // Signed, but no key to check it with: refused too, not restored unchecked.
    await expect(restore(decrypted)).rejects.toThrow(
      `${decrypted} is signed (its manifest carries an HMAC) and no BACKUP_ENCRYPTION_KEY is set to check it.`,
    );
    expect(await appTableCount(url), "no table was created").toBe(0);
    expect(await storeContents(target), "no file was put").toEqual({});
  });

  it("an archive that carries none restores, with a warning that nothing vouches for it", async () => {
    expect(plain.manifest.hmac).toBeUndefined();
    const restored = await restoreFresh(plain.file, key);
    expect(restored.warnings).toEqual([unsignedWarning(plain.file)]);
    expect(restored.warnings[0]).toMatch(/^Warning: .* carries no HMAC .* Restoring it anyway\.$/);
    expect(await dumpTables(restored.url)).toEqual(sourceDump);
    expect(await storeContents(restored.store)).toEqual(sourceFiles);
  }, 60_000);
});

describe('README "What an archive holds"', () => {
  it("names every table an archive holds, and no other", async () => {
    const readme = await readFile(path.join(projectRoot, "README.md"), "utf8");
    const section = readme.slice(
      readme.indexOf("### What an archive holds"),
      readme.indexOf("### Keeping archives safe"),
    );
    const named = new Set([...section.matchAll(/`(_{0,2}[a-z][a-z_]*)`/g)].map((m) => m[1]));
    const held = plain.manifest.tables.map((t) => t.name.slice(t.name.indexOf(".") + 1));
    expect([...named].sort()).toEqual([...held].sort());
    expect(held).toContain("server_secrets");
    expect(held).toContain("email_outbox");
  });
});

describe("the outbox in an archive", () => {
  it("holds no raw sign-in token: the e-mailed link's token is nowhere in the archive's bytes", async () => {
    const tar = gunzipSync(await readFile(plain.file));
    expect(tar.includes(signIn.token)).toBe(false);
    expect(tar.includes(encodeURIComponent(signIn.token))).toBe(false);
    // What is there: the message with the slot its link was made in, and the link's hash alone.
    expect(tar.includes(`/client-portal/sign-in?token=${SIGN_IN_TOKEN_SLOT}`)).toBe(true);
    expect(tar.includes(signIn.email)).toBe(true);
    expect(tar.includes(hashToken(signIn.token))).toBe(true);
  });
});

describe("the accepted quotes after a restore", () => {
  /** The plain archive with the accepted quote's terms changed, its checksums made to match. */
  async function tamperedArchive() {
    const file = edited();
    await rewriteArchive(
      plain.file,
      file,
      (name, data) =>
        name === tableEntry("public.quotes")
          ? replaceOnce(data, "seventeen days after", "seventy days after")
          : undefined,
      { recomputeChecksums: true },
    );
    return file;
  }

  it("reports a quote whose content no longer gives its stored hash, with number and revision; the restore completes", async () => {
    const restored = await restoreFresh(await tamperedArchive());
    expect(restored.result.quotes).toEqual({
      checked: acceptedQuotes,
      mismatches: [
        {
          number: accepted.number,
          revision: accepted.revision,
          stored: accepted.acceptance!.content_hash,
          computed: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
        },
      ],
    });
    expect(restored.result.quotes.mismatches[0]!.computed).not.toBe(accepted.acceptance!.content_hash);
    const client = new Client({ connectionString: restored.url });
    await client.connect();
    const { rows } = await client.query("select terms, status from quotes where number = $1", [accepted.number]);
    await client.end();
    expect(rows).toEqual([{ terms: TERMS.replace("seventeen", "seventy"), status: "accepted" }]);
  }, 60_000);

  it("npm run restore prints the warning and the mismatch and succeeds; an encrypted archive needs the key", async () => {
    const env = (url: string) => ({ DATABASE_URL: url, DATA_DIR: path.join(folder, "script-data") });
    const tampered = await runScript(
      "restore.ts",
      [await tamperedArchive()],
      env(await createEmptyDatabase(cleanups)),
      processes,
    );
    expect(tampered.code, tampered.output).toBe(0);
    expect(tampered.output).toMatch(/^Warning: .* carries no HMAC/m);
    expect(tampered.output).toContain(
      `WARNING: 1 of ${acceptedQuotes} accepted quotes no longer match the content hash stored when the client accepted:`,
    );
    expect(tampered.output).toContain(
      `  ${accepted.number} revision ${accepted.revision}: accepted ${accepted.acceptance!.content_hash}, content now sha256:`,
    );

    const url = await createEmptyDatabase(cleanups);
    const refused = await runScript("restore.ts", [sealed.file], env(url), processes);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(NEEDS_KEY);
    const keyed = await runScript(
      "restore.ts",
      [sealed.file],
      { ...env(url), BACKUP_ENCRYPTION_KEY: key.toString("hex") },
      processes,
    );
    expect(keyed.code, keyed.output).toBe(0);
    expect(keyed.output).not.toContain("carries no HMAC");
    expect(keyed.output).not.toContain("WARNING:");
    expect(keyed.output).toContain(
      `  ${acceptedQuotes} accepted quotes checked: each matches its accepted content hash`,
    );
  }, 120_000);
});

describe("npm run backup with BACKUP_ENCRYPTION_KEY", () => {
  it("writes an encrypted, signed .tar.gz.enc and says so; a malformed key stops it, unprinted", async () => {
    const out = await mkdtemp(path.join(folder, "by-hand-"));
    const env = { DATABASE_URL: ctx.databaseUrl, DATA_DIR: folder };
    const run = await runScript(
      "backup.ts",
      ["--out", out],
      { ...env, BACKUP_ENCRYPTION_KEY: key.toString("base64") },
      processes,
    );
    expect(run.code, run.output).toBe(0);
    const file = run.output.match(/^Backup written: (\/\S+\.tar\.gz\.enc) \(/m)?.[1];
    expect(file, run.output).toBeDefined();
    expect(run.output).toContain("encrypted (AES-256-GCM) and signed with BACKUP_ENCRYPTION_KEY");
    expect((await readBackupManifest(file!, { key })).hmac).toMatch(/^hmac-sha256:/);

    const bad = "not-a-key-but-a-sentence";
    const refused = await runScript("backup.ts", ["--out", out], { ...env, BACKUP_ENCRYPTION_KEY: bad }, processes);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("BACKUP_ENCRYPTION_KEY: must be 32 random bytes");
    expect(refused.output).not.toContain(bad);
  }, 60_000);
});

describe("the daily backup with the key", () => {
  it("names its archives .tar.gz.enc and keeps the newest BACKUP_KEEP, the plain ones before the key among them", async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const dir = path.join(folder, `daily-${randomBytes(4).toString("hex")}`);
    const media = await freshStore();
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    // A backup taken by hand ("Back up now"), before the key is set and after.
    const run = (withKey?: Buffer) => {
      const deps: BackupDeps = {
        db: database.db,
        databaseUrl: database.url,
        store: media,
        target: folderBackupTarget(dir),
        keep: 3,
        hour: 3,
        key: withKey,
        log,
      };
      return runDailyJob(backupJob(deps), { db: database.db, log, force: true });
    };
    await run();
    await run();
    // npm run backup's encrypted archive: listed by its time, never pruned.
    await writeFile(path.join(dir, "backup-20261101-030000.tar.gz.enc"), "made by hand");
    // Names sort by the second: the encrypted ones start in a later one than the plain ones.
    await new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));
    await run(key);
    await run(key);
    const names = (await folderBackupTarget(dir).list()).map((a) => a.name);
    expect(names.filter(isOwnArchive)).toHaveLength(3);
    expect(names.filter(isOwnArchive).slice(0, 2)).toEqual([
      expect.stringMatching(/-[0-9a-f]{16}\.tar\.gz\.enc$/),
      expect.stringMatching(/-[0-9a-f]{16}\.tar\.gz\.enc$/),
    ]);
    expect(names.filter(isOwnArchive)[2]).toMatch(/-[0-9a-f]{16}\.tar\.gz$/);
    expect(names.at(-1)).toBe("backup-20261101-030000.tar.gz.enc");
    expect((await readBackupManifest(path.join(dir, names[0]!), { key })).hmac).toMatch(/^hmac-sha256:/);
  }, 60_000);
});

describe("an encrypted archive in a bucket", () => {
  it("is stored as .tar.gz.enc and restores from there with the key", async () => {
    const s3 = await startS3Peer();
    cleanups.push(() => s3.close());
    const target = bucketBackupTarget({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
      prefix: "backups",
      stagingDir: await mkdtemp(path.join(folder, "staging-")),
    });
    const name = archiveName(new Date(), true);
    const staged = path.join(target.stagingDir, name);
    await createBackupArchive({ databaseUrl: ctx.databaseUrl, store, file: staged, key });
    await target.store(name, staged);
    expect((await target.list()).map((a) => a.name)).toEqual([name]);

    const opened = await target.open(name);
    const downloaded = path.join(folder, name);
    await writeFile(downloaded, Buffer.from(await new Response(opened!.body).arrayBuffer()));
    const restored = await restoreFresh(downloaded, key);
    expect(restored.warnings).toEqual([]);
    expect(await storeContents(restored.store)).toEqual(sourceFiles);
    expect(await dumpTables(restored.url)).toEqual(sourceDump);
  }, 60_000);
});
