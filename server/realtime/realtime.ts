import type { Server } from "node:http";
import type { Http2SecureServer, Http2Server } from "node:http2";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import { createInquirySockets } from "./inquiry-sockets";
import { createPgListener } from "./pg-listener";

/** Every WebSocket endpoint on one HTTP server, fed by one LISTEN connection. */
export async function attachRealtime(
  server: Server | Http2Server | Http2SecureServer,
  deps: { db: Database; databaseUrl: string; log: Logger; siteUrl: string; refuseOtherUpgrades?: boolean },
) {
  const listener = createPgListener(deps.databaseUrl, deps.log);
  await listener.ready();
  const inquirySockets = createInquirySockets({ db: deps.db, listener, log: deps.log, siteUrl: deps.siteUrl });
  const onUpgrade = (...args: Parameters<typeof inquirySockets.handleUpgrade>) => {
    if (inquirySockets.handleUpgrade(...args)) return;
    // In development Vite's hot reload takes its own upgrades; otherwise nobody will.
    if (deps.refuseOtherUpgrades) args[1].end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  };
  (server as Server).on("upgrade", onUpgrade);
  return {
    inquirySockets,
    listener,
    async close() {
      (server as Server).off("upgrade", onUpgrade);
      await inquirySockets.close();
      await listener.close();
    },
  };
}
