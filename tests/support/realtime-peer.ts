/**
 * A second app process for the scale-out test: the same server as production (server/compose.ts)
 * on the same database, serving HTTP and sockets on its own port. Prints `ready <port>`.
 */
import { connectDatabase } from "../../server/db/client";
import { parseEnv } from "../../server/env";
import { createLogger } from "../../server/lib/logger";
import { composeServer } from "../../server/compose";

const databaseUrl = process.env.DATABASE_URL!;
const env = parseEnv({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  SITE_URL: "http://localhost:3000",
  ...process.env,
  PORT: "3000",
});
const log = createLogger("silent");
const database = connectDatabase(databaseUrl, { max: 2 });
const composed = await composeServer(env, { db: database.db, databaseUrl, log });
const { port } = await composed.listen(0, "127.0.0.1");
process.stdout.write(`ready ${port}\n`);
process.on("SIGTERM", () => process.exit(0));
