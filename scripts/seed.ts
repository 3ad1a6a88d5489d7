/**
 * `npm run seed -- [--scale N] [--force]`: fills an empty database with N times a busy two-year
 * solo web-design practice (contacts, projects, chats, e-mails, posts, analytics), so screens,
 * tests and the benchmark can be judged on years of data. N may be fractional (0.01); 1 is
 * 5,000 contacts and 500,000 pageviews. Refuses a database that already holds data unless
 * --force is given (then it adds beside it and deletes nothing).
 *
 * Works on DATABASE_URL, or on the embedded database: the running app's server when the app is
 * running on DATA_DIR, otherwise its own, started and stopped here. Migrates first. The settings
 * are those of ENV_FILE or .env (scripts/settings-file.mjs); the embedded database is refused while
 * they say the service runs on a DATABASE_URL, unless --embedded says so.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { connectDatabase } from "../server/db/client";
import { runningEmbeddedUrl } from "../server/db/embedded";
import { runMigrations } from "../server/db/migrate";
import { openDatabase } from "../server/db/open";
import { EnvError, parseEnv } from "../server/env";
import { createLogger } from "../server/lib/logger";
import { seedDatabase, SeedRefusedError } from "./seed/seed-database";
import { describeDatabaseUrl, embeddedRefusal, settingsSource } from "./operator-settings";
import { loadSettingsFile, SettingsFileError } from "./settings-file.mjs";

const USAGE = `Usage: npm run seed -- [--scale N] [--force]

  --scale N   how many times a busy two-year practice (default 1: 5,000 contacts, 600 projects,
              3,000 chats, 20,000 e-mails, 500,000 pageviews); fractions work (0.01)
  --force     seed a database that already holds data (adds beside it, deletes nothing)
  --embedded  the embedded database under DATA_DIR is meant, although the settings file
              (ENV_FILE, or /etc/ri-web-design.env) suggests a DATABASE_URL service

The settings are those of ENV_FILE, or of .env in the app folder; a variable set in the shell
wins over the file.`;

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: "string" },
      force: { type: "boolean" },
      embedded: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const scale = Number(values.scale ?? 1);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000) {
    console.error(`--scale must be a number above 0 and at most 1000 (got ${values.scale}).\n\n${USAGE}`);
    process.exit(1);
  }

  // "error": the embedded server's own FATAL lines as it stops (connections the pool is still
  // closing) are noise here; a failed statement fails the seed and is printed anyway.
  const settings = loadSettingsFile();
  const env = parseEnv({ LOG_LEVEL: "error", ...process.env });
  const log = createLogger(env.LOG_LEVEL);
  if (!env.DATABASE_URL && !values.embedded) {
    const refusal = embeddedRefusal({ settings, pgDir: path.join(env.DATA_DIR, "postgres"), command: "seed" });
    if (refusal) throw new SeedRefusedError(refusal);
  }
  // A running app already serves the embedded database (its lock and password are in DATA_DIR/postgres):
  // use it rather than start a second server on the same folder.
  const running = env.DATABASE_URL
    ? undefined
    : runningEmbeddedUrl(path.join(env.DATA_DIR, "postgres"), env.EMBEDDED_PG_PORT);
  // Which database, before anything is written to it (the migrations first).
  console.log(
    `Seeding ${scale} x a two-year practice into ${running ? "the running app's database" : env.DATABASE_URL ? `DATABASE_URL, ${describeDatabaseUrl(env.DATABASE_URL)}` : `the embedded database in ${env.DATA_DIR}`} (${settingsSource(settings)})...`,
  );
  const database = running
    ? // the seed's main transaction and its two analytics writers (scripts/seed/workers.ts)
      await runMigrations(running).then(() => ({ ...connectDatabase(running, { max: 3 }), embedded: undefined }))
    : await openDatabase(env, log);
  try {
    await seedDatabase(database.db, { scale, force: values.force ?? false, log: (line) => console.log(line) });
  } finally {
    await database.close();
    await database.embedded?.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof SeedRefusedError || error instanceof EnvError || error instanceof SettingsFileError)
    console.error(error.message);
  else {
    // A failed statement's message is the statement; PostgreSQL's own words are its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : "";
    console.error("The seed failed:", error instanceof Error ? error.message : error, cause);
  }
  process.exit(1);
});
