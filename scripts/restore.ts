/**
 * `npm run restore -- FILE [--replace]`: puts a backup made by `npm run backup` back, onto this
 * installation's database and media store (docs/decisions/037-backups.md). The archive is checked
 * whole (manifest and every checksum) before anything is written. An installation that already
 * holds data is refused unless --replace is given: then its tables, and the media files that are
 * not in the archive, are deleted first. An archive from an older version is migrated after it
 * is restored; one from a newer version is refused. An encrypted or signed archive needs
 * BACKUP_ENCRYPTION_KEY, and one whose HMAC does not match is refused; one without an HMAC is
 * restored with a warning. Last, every accepted quote is checked against its stored content hash,
 * and any mismatch printed (docs/decisions/047-backup-encryption.md).
 *
 * Works on DATABASE_URL, or on the embedded database under DATA_DIR (started and stopped here),
 * with the settings of ENV_FILE or .env (scripts/settings-file.mjs). Refused while an app process
 * uses the database, in either mode: each holds the lock of server/db/app-lock.ts. Refused, too,
 * when it would fall back on the embedded database while the settings say the service runs on a
 * DATABASE_URL, unless --embedded says so. Media go to the store the environment names.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { tryAppLockExclusive } from "../server/db/app-lock";
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from "../server/db/embedded";
import { EnvError, parseEnv } from "../server/env";
import { backupKeyOf } from "../server/lib/backup-key";
import { createLogger } from "../server/lib/logger";
import { BackupError, restoreBackupArchive, type RestoreResult } from "../server/services/backups/archive";
import { mediaStoreFor } from "../server/services/media/store";
import { endProgress, printProgress } from "./backup-progress";
import { describeDatabaseUrl, embeddedRefusal, rootRefusal, settingsSource } from "./operator-settings";
import { loadSettingsFile, SettingsFileError } from "./settings-file.mjs";

const USAGE = `Usage: npm run restore -- FILE [--replace] [--embedded]

  FILE        a backup-YYYYMMDD-HHMMSS.tar.gz (or .tar.gz.enc, encrypted) made by npm run backup
              or the daily backup; an encrypted one needs BACKUP_ENCRYPTION_KEY, the key it was made with
  --replace   restore over an installation that holds data: everything in its database, and
              the media files that are not in the archive, are deleted first
  --embedded  the embedded database under DATA_DIR is meant, although the settings file
              (ENV_FILE, or /etc/ri-web-design.env) suggests a DATABASE_URL service

The settings are those of ENV_FILE (e.g. ENV_FILE=/etc/ri-web-design.env), or of .env in the app
folder; a variable set in the shell wins over the file.`;

/** The refusal while an app process holds the lock of server/db/app-lock.ts. */
const APP_RUNNING =
  "An app process is using this database: stop the service (sudo systemctl stop ri-web-design, " +
  "or each ri-web-design@PORT, or the npm start that runs it) and run the restore again.";

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      replace: { type: "boolean" },
      embedded: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 1) {
    console.error(`Give the one archive to restore.\n\n${USAGE}`);
    process.exit(1);
  }
  const file = path.resolve(positionals[0]!);
  const settings = loadSettingsFile();
  const env = parseEnv({ LOG_LEVEL: "error", ...process.env });
  const log = createLogger(env.LOG_LEVEL);
  const pgDir = path.join(env.DATA_DIR, "postgres");

  const asRoot = rootRefusal({ folders: [env.DATA_DIR], command: "restore", settings });
  if (asRoot) throw new BackupError(asRoot);
  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const refusal = values.embedded ? undefined : embeddedRefusal({ settings, pgDir, command: "restore" });
    if (refusal) throw new BackupError(refusal);
    const running = runningEmbeddedUrl(pgDir, env.EMBEDDED_PG_PORT);
    if (running) {
      // The server of a running process: an app's holds the lock; any other (a backup's, an
      // admin command's) is told apart by it.
      const lock = await tryAppLockExclusive(running).catch(() => null);
      if (lock === undefined) throw new BackupError(APP_RUNNING);
      await lock?.release();
      throw new BackupError(
        `Stop the app first (it is running on the embedded database in ${pgDir}): a restore replaces the database under it. Then run the restore again, and start the app.`,
      );
    }
    embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: env.EMBEDDED_PG_PORT, log });
    databaseUrl = embedded.url;
  }
  let lock: { release(): Promise<void> } | undefined;
  try {
    // Held until the restore ends: an app process started meanwhile waits for it.
    lock = await tryAppLockExclusive(databaseUrl);
    if (!lock) throw new BackupError(APP_RUNNING);
    const target = env.DATABASE_URL
      ? `DATABASE_URL, ${describeDatabaseUrl(env.DATABASE_URL)}`
      : `the embedded database in ${env.DATA_DIR}`;
    const media = env.MEDIA_STORAGE === "s3" ? `the bucket ${env.S3_BUCKET}` : path.join(env.DATA_DIR, "media");
    console.error(`Restoring ${file} into ${target} and ${media} (${settingsSource(settings)})...`);
    const result = await restoreBackupArchive({
      databaseUrl,
      store: mediaStoreFor(env),
      file,
      replace: values.replace ?? false,
      key: backupKeyOf(env),
      onProgress: printProgress(),
      // Told before the archive is read through, ahead of any progress line.
      onWarning: (message) => console.error(message),
    });
    endProgress();
    const { manifest } = result;
    console.log(
      `Restored the backup of ${manifest.created_at} (app ${manifest.app_version}, PostgreSQL ${manifest.postgres_version}):`,
    );
    const width = Math.max(...manifest.tables.map((t) => t.name.length));
    for (const table of manifest.tables)
      console.log(`  ${table.name.padEnd(width)}  ${table.rows} row${table.rows === 1 ? "" : "s"}`);
    console.log(`  ${result.tables} tables, ${result.rows} rows; ${result.files} media files`);
    console.log(
      result.migratedTo > result.migratedFrom
        ? `  migrated from migration ${result.migratedFrom} (${manifest.migrations.last_tag}) to ${result.migratedTo}, this version's`
        : `  database at migration ${result.migratedTo} (${manifest.migrations.last_tag}), this version's`,
    );
    printQuoteCheck(result.quotes);
    console.log("Start the app with: npm start");
  } finally {
    await lock?.release();
    await embedded?.stop();
  }
}

/** The accepted quotes checked after the restore: each one whose content no longer gives its stored hash. */
function printQuoteCheck({ checked, mismatches }: RestoreResult["quotes"]) {
  if (mismatches.length === 0) {
    console.log(
      `  ${checked} accepted quote${checked === 1 ? "" : "s"} checked: each matches its accepted content hash`,
    );
    return;
  }
  console.log(
    `WARNING: ${mismatches.length} of ${checked} accepted quotes no longer match the content hash stored when the client accepted:`,
  );
  for (const quote of mismatches)
    console.log(
      `  ${quote.number} revision ${quote.revision}: accepted ${quote.stored ?? "(no hash stored)"}, content now ${quote.computed}`,
    );
  console.log(
    "  Their terms, lines or amounts changed after the acceptance (in the archive, or in the database it was made from): compare them with the client's signed copy.",
  );
}

main().catch((error: unknown) => {
  endProgress();
  if (error instanceof BackupError || error instanceof EnvError || error instanceof SettingsFileError)
    console.error(error.message);
  else console.error("The restore failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
