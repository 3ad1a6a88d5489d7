// The settings file every command reads (README.md "Configuration"), so `npm start`,
// `npm run backup`, `restore`, `admin` and `seed` see the settings the service sees: the file
// ENV_FILE names (the systemd unit's /etc/ri-web-design.env on a server), or else `.env` in the
// app folder when there is one. A variable already set in the environment (the shell's, the
// unit's) wins over the file's. The file is read with Node's own parser of `--env-file` files.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/** The settings file of the systemd unit (deploy/systemd/ri-web-design.service). */
export const SERVICE_ENV_FILE = "/etc/ri-web-design.env";

export class SettingsFileError extends Error {}

const appFolder = path.resolve(import.meta.dirname, "..");

/** The variables a settings file sets; throws a SettingsFileError that says what to do. */
export function readSettingsFile(file, name = file) {
  try {
    return parseEnv(readFileSync(file, "utf8"));
  } catch (error) {
    const code = error && typeof error === "object" && "code" in error ? error.code : undefined;
    if (code === "ENOENT") throw new SettingsFileError(`${name} names ${file}, which does not exist.`);
    if (code === "EACCES" || code === "EPERM")
      throw new SettingsFileError(
        `This user cannot read ${file} (${name}). Run the command as the service's user ` +
          `(sudo -u ri-web-design -H env ENV_FILE=${file} npm run ...) or as root.`,
      );
    throw error;
  }
}

/**
 * Loads ENV_FILE, or `.env` in the app folder when it exists, into `env` (process.env), leaving
 * every variable already set alone. Answers the file read (undefined: none) and whether ENV_FILE
 * named it.
 */
export function loadSettingsFile(env = process.env, folder = appFolder) {
  const named = env.ENV_FILE;
  const file = named ? path.resolve(named) : path.join(folder, ".env");
  if (!named && !existsSync(file)) return { file: undefined, explicit: false };
  const values = readSettingsFile(file, named ? "ENV_FILE" : ".env");
  for (const [key, value] of Object.entries(values))
    if (env[key] === undefined && value !== undefined) env[key] = value;
  return { file, explicit: Boolean(named) };
}
