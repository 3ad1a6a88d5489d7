/**
 * `npm run admin -- <command>`: the owner's accounts, from the command line.
 *
 *   npm run admin -- list
 *   npm run admin -- create <email> [--name "Full Name"] [--password <password>]
 *   npm run admin -- reset-password <email> [--password <password>]
 *   npm run admin -- forget-devices
 *   npm run admin -- send-test-email <to>
 *
 * Without --password a strong one is generated and printed once. Works on
 * DATABASE_URL, or on the embedded database (also while the app is running).
 * send-test-email needs no database: it sends through SMTP_URL at once and prints the mail
 * server's answer, or what went wrong in plain words. forget-devices gives the known-device
 * cookies a new signing key: no browser is recognised at its next sign-in (docs/decisions/034).
 * The settings are those of ENV_FILE or .env (scripts/settings-file.mjs); the embedded database is
 * refused while they say the service runs on a DATABASE_URL, unless --embedded says so.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { connectDatabase } from "../server/db/client";
import { openDatabase } from "../server/db/open";
import { runningEmbeddedUrl } from "../server/db/embedded";
import { runMigrations } from "../server/db/migrate";
import { EnvError, parseEnv } from "../server/env";
import { createLogger } from "../server/lib/logger";
import { AccountError, createAdmin, listAdmins, resetAdminPassword } from "../server/services/admin-accounts";
import { rotateDeviceSecret } from "../server/services/known-devices";
import { sendTestEmail } from "../server/services/test-email";
import { describeDatabaseUrl, embeddedRefusal, rootRefusal, settingsSource } from "./operator-settings";
import { loadSettingsFile, SettingsFileError } from "./settings-file.mjs";

const USAGE = `Usage:
  npm run admin -- list
  npm run admin -- create <email> [--name "Full Name"] [--password <password>]
  npm run admin -- reset-password <email> [--password <password>]
  npm run admin -- forget-devices
  npm run admin -- send-test-email <to>

The settings are those of ENV_FILE (e.g. ENV_FILE=/etc/ri-web-design.env), or of .env in the app
folder; a variable set in the shell wins over the file. --embedded: the embedded database under
DATA_DIR is meant, although the settings suggest a DATABASE_URL service.`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: "string" },
      password: { type: "string" },
      embedded: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, email] = positionals;
  if (
    values.help ||
    !command ||
    !["list", "create", "reset-password", "forget-devices", "send-test-email"].includes(command)
  ) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  if (command !== "list" && command !== "forget-devices" && !email) {
    console.error(`Give the account's e-mail address.\n\n${USAGE}`);
    process.exit(1);
  }

  const settings = loadSettingsFile();
  const env = parseEnv({ LOG_LEVEL: "warn", ...process.env });
  if (command === "send-test-email") return testEmail(env.SMTP_URL, env.MAIL_FROM, email!);
  const log = createLogger(env.LOG_LEVEL);
  const pgDir = path.join(env.DATA_DIR, "postgres");
  if (!env.DATABASE_URL && !values.embedded) {
    const refusal = embeddedRefusal({ settings, pgDir, command: "admin" });
    if (refusal) throw new AccountError(refusal);
  }
  // The embedded database's files are written by whoever starts it.
  const asRoot = env.DATABASE_URL ? undefined : rootRefusal({ folders: [env.DATA_DIR], command: "admin", settings });
  if (asRoot) throw new AccountError(asRoot);
  // Which database, on stderr (the answers stay alone on stdout), before anything is written.
  console.error(
    `Using ${env.DATABASE_URL ? `DATABASE_URL, ${describeDatabaseUrl(env.DATABASE_URL)}` : `the embedded database in ${env.DATA_DIR}`} (${settingsSource(settings)}).`,
  );
  // A running app already serves the embedded database: use it rather than start a second server.
  const running = env.DATABASE_URL ? undefined : runningEmbeddedUrl(pgDir, env.EMBEDDED_PG_PORT);
  const database = running
    ? await runMigrations(running).then(() => ({ ...connectDatabase(running, { max: 1 }), embedded: undefined }))
    : await openDatabase(env, log);
  try {
    if (command === "list") {
      const admins = await listAdmins(database.db);
      if (admins.length === 0) console.log("No admin accounts yet. Create one with: npm run admin -- create <email>");
      for (const a of admins)
        console.log(
          `${a.email}\t${a.name}\tcreated ${a.createdAt.toISOString().slice(0, 10)}\tlast sign-in ${a.lastLoginAt?.toISOString() ?? "never"}`,
        );
    } else if (command === "create") {
      const { user, password, generated } = await createAdmin(database.db, {
        email: email!,
        name: values.name,
        password: values.password,
      });
      console.log(`Created the admin ${user.email}.`);
      if (generated) console.log(`Password (shown once, keep it safe): ${password}`);
    } else if (command === "forget-devices") {
      await rotateDeviceSecret(database.db);
      console.log(
        "Known devices forgotten: every browser signs in as a new one next time (the password is unchanged).",
      );
    } else {
      const { user, password } = await resetAdminPassword(database.db, email!, values.password);
      console.log(`New password set for ${user.email}; every session of this account was signed out.`);
      if (!values.password) console.log(`Password (shown once, keep it safe): ${password}`);
    }
  } finally {
    await database.close();
    await database.embedded?.stop();
  }
}

/** Sends one e-mail through SMTP_URL now; exit code 1 when it did not go. */
async function testEmail(smtpUrl: string | undefined, from: string, to: string) {
  if (!smtpUrl) {
    console.error(
      "SMTP_URL is not set, so the site sends no e-mail (it holds every message in the outbox).\n" +
        "Set it, e.g. SMTP_URL=smtp://user:password@smtp.example.com:587 (see README.md, E-mail), and run this again.",
    );
    process.exit(1);
  }
  console.log(`Sending a test e-mail to ${to} through ${new URL(smtpUrl).host}...`);
  const result = await sendTestEmail(smtpUrl, from, to);
  if (!result.ok) {
    console.error(`Not sent. ${result.error}`);
    process.exit(1);
  }
  console.log(`Sent. The mail server answered: ${result.response}`);
}

main().catch((error: unknown) => {
  if (error instanceof AccountError || error instanceof EnvError || error instanceof SettingsFileError)
    console.error(error.message);
  else console.error("The command failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
