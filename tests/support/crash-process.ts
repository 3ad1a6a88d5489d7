/**
 * A process with the app's shutdown handlers and a real embedded PostgreSQL
 * that then fails in a way nothing catches: `throw` from a timer, or `reject`
 * with a promise nobody awaits (argv[2]). Used by tests/api/crash-shutdown.test.ts.
 */
import path from "node:path";
import { startEmbeddedPostgres } from "../../server/db/embedded";
import { createLogger } from "../../server/lib/logger";
import { onShutdown } from "../../server/lib/shutdown";

const log = createLogger("info");
const embedded = await startEmbeddedPostgres({
  dataDir: path.join(process.env.DATA_DIR!, "postgres"),
  port: Number(process.env.EMBEDDED_PG_PORT),
  log,
});
onShutdown(log, [{ name: "stop the embedded database", run: () => embedded.stop() }]);
log.info("ready to fail");

if (process.argv[2] === "reject") {
  void Promise.reject(new Error("a rejection nobody handles"));
} else {
  setTimeout(() => {
    throw new Error("a throw nobody catches");
  }, 10);
}
// Without the handlers the process would end here; with them it must still stop the database first.
setInterval(() => {}, 1000);
