/**
 * `npm run backup [-- --out DIR]`: the whole site in one archive, DIR/backup-YYYYMMDD-HHMMSS.tar.gz
 * (UTC; DIR defaults to BACKUP_DIR, where the daily backups are and the admin lists them): every table's rows from one consistent snapshot, the
 * sequences, the migration level and every media file, with a manifest of counts and checksums
 * (docs/decisions/037-backups.md). Safe while the site serves. With BACKUP_ENCRYPTION_KEY the
 * archive is encrypted and its manifest signed, DIR/backup-YYYYMMDD-HHMMSS.tar.gz.enc
 * (docs/decisions/047-backup-encryption.md).
 *
 * Works on DATABASE_URL, or on the embedded database: the running app's server when the app is
 * running on DATA_DIR, otherwise its own, started and stopped here. Media come from the store the
 * environment names (MEDIA_STORAGE local or s3). The settings are those of ENV_FILE or .env
 * (scripts/settings-file.mjs); the embedded database is refused while they say the service runs on
 * a DATABASE_URL, unless --embedded says so.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from "../server/db/embedded";
import { EnvError, parseEnv } from "../server/env";
import { backupKeyOf } from "../server/lib/backup-key";
import { createLogger } from "../server/lib/logger";
import { BackupError, backupFileName, createBackupArchive } from "../server/services/backups/archive";
import { mediaStoreFor } from "../server/services/media/store";
import { endProgress, formatBytes, printProgress } from "./backup-progress";
import { describeDatabaseUrl, embeddedRefusal, rootRefusal, settingsSource } from "./operator-settings";
import { loadSettingsFile, SettingsFileError } from "./settings-file.mjs";

const USAGE = `Usage: npm run backup [-- --out DIR] [--embedded]

  --out DIR   the folder the archive is written to (default: BACKUP_DIR, itself DATA_DIR/backups by default)

With BACKUP_ENCRYPTION_KEY set, the archive is encrypted (AES-256-GCM) and signed, and named .tar.gz.enc.
  --embedded  the embedded database under DATA_DIR is meant, although the settings file
              (ENV_FILE, or /etc/ri-web-design.env) suggests a DATABASE_URL service

The settings are those of ENV_FILE (e.g. ENV_FILE=/etc/ri-web-design.env), or of .env in the app
folder; a variable set in the shell wins over the file.`;

async function main() {
  const { values } = parseArgs({
    options: { out: { type: "string" }, embedded: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const settings = loadSettingsFile();
  // "error": the embedded server's own start and stop lines are noise beside the progress.
  const env = parseEnv({ LOG_LEVEL: "error", ...process.env });
  const log = createLogger(env.LOG_LEVEL);
  const folder = path.resolve(values.out ?? env.BACKUP_DIR);
  const pgDir = path.join(env.DATA_DIR, "postgres");

  let embedded: EmbeddedPostgres | undefined;
  if (!env.DATABASE_URL && !values.embedded) {
    const refusal = embeddedRefusal({ settings, pgDir, command: "backup" });
    if (refusal) throw new BackupError(refusal);
  }
  const asRoot = rootRefusal({ folders: [env.DATA_DIR, folder], command: "backup", settings });
  if (asRoot) throw new BackupError(asRoot);
  let databaseUrl = env.DATABASE_URL ?? runningEmbeddedUrl(pgDir, env.EMBEDDED_PG_PORT);
  if (!databaseUrl) {
    if (!existsSync(path.join(pgDir, "cluster", "PG_VERSION")))
      throw new BackupError(
        `There is no database in ${pgDir} to back up. Set DATA_DIR to the app's data folder, or DATABASE_URL to its server.`,
      );
    embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: env.EMBEDDED_PG_PORT, log });
    databaseUrl = embedded.url;
  }
  try {
    const source = env.DATABASE_URL
      ? `DATABASE_URL, ${describeDatabaseUrl(env.DATABASE_URL)}`
      : `the embedded database in ${env.DATA_DIR}`;
    const media = env.MEDIA_STORAGE === "s3" ? `the bucket ${env.S3_BUCKET}` : path.join(env.DATA_DIR, "media");
    console.error(`Backing up ${source} and the media in ${media} (${settingsSource(settings)})...`);
    const key = backupKeyOf(env);
    const result = await createBackupArchive({
      databaseUrl,
      store: mediaStoreFor(env),
      file: path.join(folder, backupFileName(new Date(), key !== undefined)),
      key,
      onProgress: printProgress(),
    });
    endProgress();
    const { manifest } = result;
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const mediaBytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
    console.log(`Backup written: ${result.file} (${formatBytes(result.bytes)})`);
    console.log(`  ${manifest.tables.length} tables, ${rows} rows, as of ${manifest.created_at}`);
    console.log(`  ${manifest.files.length} media files (${formatBytes(mediaBytes)})`);
    console.log(`  database at migration ${manifest.migrations.last_tag ?? manifest.migrations.applied}`);
    console.log(
      key
        ? "  encrypted (AES-256-GCM) and signed with BACKUP_ENCRYPTION_KEY: the restore needs that key"
        : "  not encrypted (no BACKUP_ENCRYPTION_KEY): it holds every row in the clear; keep it private",
    );
    console.log(`Restore it with: npm run restore -- ${result.file}`);
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  endProgress();
  if (error instanceof BackupError || error instanceof EnvError || error instanceof SettingsFileError)
    console.error(error.message);
  else console.error("The backup failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
