/**
 * What the operator's commands (backup, restore, admin, seed) tell before they write, and the
 * embedded database they refuse to fall back on while the settings say the service runs on a
 * DATABASE_URL (README.md "Configuration" and "Backups and restore").
 */
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { readSettingsFile, SERVICE_ENV_FILE, SettingsFileError, type LoadedSettings } from "./settings-file.mjs";

/** A DATABASE_URL as the operator may read it: database, host and port, the user, never the password. */
export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "(the user's default)";
  const user = parsed.username ? ` as ${decodeURIComponent(parsed.username)}` : "";
  return `the database ${database} on ${parsed.hostname || "localhost"}:${parsed.port || "5432"}${user}`;
}

/** Where the settings came from, for the line a command prints before it writes. */
export function settingsSource(settings: LoadedSettings): string {
  return settings.file ? `settings from ${settings.file}` : "settings from the environment only (no ENV_FILE, no .env)";
}

/**
 * Why a command must not use the embedded database under `pgDir` (DATABASE_URL is unset), or
 * undefined when nothing says a DATABASE_URL service exists:
 * - the service's settings file (/etc/ri-web-design.env) sets DATABASE_URL, or exists and this
 *   user cannot read it;
 * - ENV_FILE named a settings file without DATABASE_URL, and there is no embedded database yet
 *   (the command would create one).
 * `--embedded` says the embedded database is meant.
 */
export function embeddedRefusal(opts: {
  settings: LoadedSettings;
  pgDir: string;
  command: string;
  serviceFile?: string;
}): string | undefined {
  const serviceFile = opts.serviceFile ?? SERVICE_ENV_FILE;
  const fixes =
    `Give it the service's settings (ENV_FILE=${serviceFile} npm run ${opts.command} ...), ` +
    `or add --embedded if the embedded database in ${opts.pgDir} is the one meant.`;
  if (existsSync(serviceFile) && path.resolve(serviceFile) !== opts.settings.file) {
    let serviceUrl: string | undefined;
    try {
      serviceUrl = readSettingsFile(serviceFile).DATABASE_URL;
    } catch (error) {
      if (!(error instanceof SettingsFileError)) throw error;
      return `${error.message} It holds the service's settings, which may name a DATABASE_URL; without them this command would use the embedded database in ${opts.pgDir}. ${fixes}`;
    }
    if (serviceUrl)
      return `The service's settings (${serviceFile}) set DATABASE_URL, ${describeDatabaseUrl(serviceUrl)}, but this command has no DATABASE_URL and would use the embedded database in ${opts.pgDir}. ${fixes}`;
  }
  if (opts.settings.explicit && !existsSync(path.join(opts.pgDir, "cluster", "PG_VERSION")))
    return `${opts.settings.file} (ENV_FILE) sets no DATABASE_URL, and there is no embedded database in ${opts.pgDir} yet: this command would create a new one. ${fixes}`;
  return undefined;
}

/** The folder itself, or the nearest one above it that exists. */
function nearestExisting(folder: string): string {
  let at = path.resolve(folder);
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

function userName(uid: number): string {
  try {
    return execFileSync("id", ["-nu", String(uid)], { encoding: "utf8" }).trim() || String(uid);
  } catch {
    return String(uid);
  }
}

/**
 * Why a command run as root must not write into `folders` (the data folder, the backups folder),
 * or undefined: one of them (or the nearest folder above it that exists) belongs to another user,
 * the service's (ri-web-design). What root writes there (an archive, the backups folder, restored
 * media files, the embedded database's files) would belong to root, and the service, running as
 * its own user, could no longer write or delete it. `uid`: this process's (tests give one).
 */
export function rootRefusal(opts: {
  folders: string[];
  command: string;
  settings: LoadedSettings;
  uid?: number;
}): string | undefined {
  const uid = opts.uid ?? process.getuid?.();
  if (uid !== 0) return undefined;
  for (const folder of opts.folders) {
    const owner = statSync(nearestExisting(folder)).uid;
    if (owner === 0) continue;
    const name = userName(owner);
    const settingsFile = opts.settings.explicit ? `env ENV_FILE=${opts.settings.file} ` : "";
    return (
      `npm run ${opts.command} is running as root, but ${path.resolve(folder)} belongs to ${name}: what it ` +
      `writes there would belong to root, and the service, running as ${name}, could no longer use it. ` +
      `Run it as that user: sudo -u ${name} -H ${settingsFile}npm run ${opts.command} ...`
    );
  }
  return undefined;
}
