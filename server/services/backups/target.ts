import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, rename, rm, stat } from "node:fs/promises";
import { archiveExtension, privateFolder } from "./archive";
import path from "node:path";
import { Readable } from "node:stream";
import { archiveContentType, isArchiveName, type BackupTarget as BackupTargetInfo } from "~/contracts/backups";
import type { Env } from "../../env";
import { isMissingKey, lazyS3Connection } from "../media/store";

/**
 * Where the daily backup keeps its archives (docs/decisions/037-backups.md): a folder on the
 * server (BACKUP_DIR) or a folder in the S3 bucket (BACKUP_S3_PREFIX). Only plain .tar.gz(.enc) names
 * directly in that folder are archives (isArchiveName): nothing else there is listed, opened or
 * deleted, and a name from a request can never reach another folder.
 */
export interface BackupTarget {
  /** Where, for the owner. */
  info: BackupTargetInfo;
  /** The folder on this server where an archive is written (in a folder of its own inside) before it is stored. */
  stagingDir: string;
  /** Keeps the finished archive `file` as `name`; the file is gone afterwards. */
  store(name: string, file: string): Promise<void>;
  /** Every archive, newest first. */
  list(): Promise<StoredArchive[]>;
  /** An archive's bytes as a web stream with their size, or undefined when there is none by that name. */
  open(name: string): Promise<{ body: ReadableStream<Uint8Array>; bytes: number } | undefined>;
  delete(name: string): Promise<void>;
}

export interface StoredArchive {
  name: string;
  bytes: number;
  createdAt: Date;
}

/**
 * An archive named by its time in UTC, as `npm run backup` names its own
 * (`backup-20261127-080200.tar.gz`, `.tar.gz.enc` encrypted); the daily backup's add 16 random hex digits.
 */
const STAMPED = /^backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(-[0-9a-f]{16})?\.tar\.gz(\.enc)?$/;

/**
 * A new archive's name, `backup-20261127-080200-3f9a1c2b7d4e5a60.tar.gz` (`.tar.gz.enc` when
 * encrypted): its time (names sort as the archives were made), and 64 random bits, so two backups
 * in one second never meet and a name cannot be guessed from the time alone.
 */
export function archiveName(at: Date, encrypted = false): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
  return `backup-${stamp}-${randomBytes(8).toString("hex")}${archiveExtension(encrypted)}`;
}

/** Whether the daily backup named it (only those are pruned: an archive put there by hand stays). */
export const isOwnArchive = (name: string) => STAMPED.exec(name)?.[7] !== undefined;

/** When an archive was made: the time in its name, else when the file was last written. */
function createdAt(name: string, modified: Date): Date {
  const m = STAMPED.exec(name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : modified;
}

const newestFirst = (a: StoredArchive, b: StoredArchive) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0);

function checkedName(name: string) {
  if (!isArchiveName(name)) throw new Error(`Not an archive's name: ${name}`);
  return name;
}

/** Archives in a folder on this server. The staging files sit beside them under names no archive has. */
export function folderBackupTarget(dir: string): BackupTarget {
  const file = (name: string) => path.join(dir, checkedName(name));
  return {
    info: { kind: "folder", path: dir },
    stagingDir: dir,
    async store(name, staged) {
      await privateFolder(dir);
      // Staged in a folder inside this one (same disk): the archive appears whole, under its name, at once.
      await rename(staged, file(name));
    },
    async list() {
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      const archives: StoredArchive[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || !isArchiveName(entry.name)) continue;
        const info = await stat(path.join(dir, entry.name)).catch(() => undefined);
        if (info) archives.push({ name: entry.name, bytes: info.size, createdAt: createdAt(entry.name, info.mtime) });
      }
      return archives.sort(newestFirst);
    },
    async open(name) {
      const at = file(name);
      const info = await stat(at).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { body: Readable.toWeb(createReadStream(at)) as ReadableStream<Uint8Array>, bytes: info.size };
    },
    async delete(name) {
      await rm(file(name), { force: true });
    },
  };
}

export interface BucketBackupConfig {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The archives' folder in the bucket, e.g. "backups". */
  prefix: string;
  /** Where archives are written before they are uploaded. */
  stagingDir: string;
}

/**
 * Archives in a folder of an S3-compatible bucket, written on this server first and then
 * uploaded in one request (S3 takes up to 5 GB so). The SDK is loaded on first use, as the
 * media store loads it.
 */
export function bucketBackupTarget(config: BucketBackupConfig): BackupTarget {
  const folder = `${config.prefix.replace(/^\/+|\/+$/g, "")}/`;
  const key = (name: string) => folder + checkedName(name);
  // The SDK warns on the console when an upload fails (a file's stream cannot be sent twice); the
  // failure itself is recorded with the run and shown to the owner.
  const connect = lazyS3Connection(config, { quiet: true });
  return {
    info: { kind: "bucket", bucket: config.bucket, prefix: folder.slice(0, -1) },
    stagingDir: config.stagingDir,
    async store(name, staged) {
      const { sdk, client } = await connect();
      const { size } = await stat(staged);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: key(name),
          Body: createReadStream(staged),
          ContentLength: size,
          ContentType: archiveContentType(name),
        }),
      );
      await rm(staged, { force: true });
    },
    async list() {
      const { sdk, client } = await connect();
      const archives: StoredArchive[] = [];
      let ContinuationToken: string | undefined;
      do {
        // The folder's own objects only (Delimiter): whatever sits in folders below it is not an archive.
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: config.bucket, Prefix: folder, Delimiter: "/", ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(folder.length);
          if (!name || !isArchiveName(name)) continue;
          archives.push({
            name,
            bytes: object.Size ?? 0,
            createdAt: createdAt(name, object.LastModified ?? new Date(0)),
          });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return archives.sort(newestFirst);
    },
    async open(name) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key(name) }));
        if (!answer.Body) return undefined;
        return {
          body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          bytes: answer.ContentLength ?? 0,
        };
      } catch (error) {
        if (isMissingKey(error)) return undefined;
        throw error;
      }
    },
    async delete(name) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key(name) }));
    },
  };
}

type BackupEnv = Pick<
  Env,
  | "BACKUP_DIR"
  | "BACKUP_S3_PREFIX"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_BUCKET"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

const targets = new Map<string, BackupTarget>();

/** The target the environment names (parseEnv has checked a bucket's settings), one per configuration. */
export function backupTargetFor(env: BackupEnv): BackupTarget {
  const id = JSON.stringify([
    env.BACKUP_DIR,
    env.BACKUP_S3_PREFIX,
    env.S3_ENDPOINT,
    env.S3_REGION,
    env.S3_BUCKET,
    env.S3_ACCESS_KEY_ID,
    env.S3_SECRET_ACCESS_KEY,
    env.S3_FORCE_PATH_STYLE,
  ]);
  let target = targets.get(id);
  if (target) return target;
  if (env.BACKUP_S3_PREFIX === undefined) target = folderBackupTarget(env.BACKUP_DIR);
  else {
    if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
      throw new Error("BACKUP_S3_PREFIX needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
    target = bucketBackupTarget({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
      prefix: env.BACKUP_S3_PREFIX,
      stagingDir: env.BACKUP_DIR,
    });
  }
  targets.set(id, target);
  return target;
}
