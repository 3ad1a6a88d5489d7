import type { IncomingMessage, Server } from "node:http";
import type { Http2SecureServer, Http2Server } from "node:http2";
import type { Duplex } from "node:stream";
import type { Database } from "../db/client";
import { guarded } from "../lib/guard";
import type { Logger } from "../lib/logger";
import { createInquirySockets } from "./inquiry-sockets";
import { createProjectSockets } from "./project-sockets";
import type { SocketLimits } from "./socket-slots";
import { createPgListener, type PgListener } from "./pg-listener";

function answerUpgrade(socket: Duplex, status: 400 | 404 | 500, reason: string) {
  if (socket.destroyed) return;
  const body = status === 404 ? "" : JSON.stringify({ error: reason });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      (body ? "Content-Type: application/json\r\n" : "") +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** A path that cannot be decoded or parsed is the client's mistake; anything else is ours. */
const isBadRequest = (error: unknown) =>
  error instanceof URIError || (error as NodeJS.ErrnoException | undefined)?.code === "ERR_INVALID_URL";

/** Every handler a listener calls is guarded: a failing one is logged and the others still run. */
function guardedListener(listener: PgListener, log: Logger): PgListener {
  return {
    ...listener,
    on: (channel, handler) => listener.on(channel, guarded(log, `the ${channel} notification handler`, handler)),
    onReset: (handler) => listener.onReset(guarded(log, "the LISTEN reset handler", handler)),
  };
}

/** Every WebSocket endpoint on one HTTP server, fed by one LISTEN connection. */
export async function attachRealtime(
  server: Server | Http2Server | Http2SecureServer,
  deps: {
    db: Database;
    databaseUrl: string;
    log: Logger;
    siteUrl: string;
    refuseOtherUpgrades?: boolean;
    socketLimits?: Partial<SocketLimits>;
    /** TRUST_PROXY: the sockets' per-address caps count visitors, not the proxy in front. */
    trustProxy?: number;
  },
) {
  const { log } = deps;
  const listener = guardedListener(createPgListener(deps.databaseUrl, log), log);
  await listener.ready();
  const inquirySockets = createInquirySockets({
    db: deps.db,
    listener,
    log,
    siteUrl: deps.siteUrl,
    limits: deps.socketLimits,
    trustProxy: deps.trustProxy,
  });
  // A project's discussion: the same caps per project as per inquiry, its own slots.
  const projectSockets = createProjectSockets({
    db: deps.db,
    listener,
    log,
    siteUrl: deps.siteUrl,
    limits: deps.socketLimits,
    trustProxy: deps.trustProxy,
  });
  // Node takes its own error listener off an upgraded socket: without one, a
  // client resetting the connection before the upgrade completes is an
  // uncaught 'error' event.
  const onSocketError = () => {};
  // One request must never stop the process: a handler that throws gets a plain HTTP error on its socket.
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", onSocketError);
    try {
      if (inquirySockets.handleUpgrade(req, socket, head)) return;
      if (projectSockets.handleUpgrade(req, socket, head)) return;
      // In development Vite's hot reload takes its own upgrades; otherwise nobody will.
      if (deps.refuseOtherUpgrades) answerUpgrade(socket, 404, "Not Found");
    } catch (error) {
      if (isBadRequest(error)) {
        log.warn({ err: error }, "refused a socket upgrade with a malformed path");
        answerUpgrade(socket, 400, "Bad Request");
      } else {
        log.error({ err: error }, "a socket upgrade failed");
        answerUpgrade(socket, 500, "Internal Server Error");
      }
    }
  };
  (server as Server).on("upgrade", onUpgrade);
  return {
    inquirySockets,
    projectSockets,
    listener,
    async close() {
      (server as Server).off("upgrade", onUpgrade);
      await Promise.all([inquirySockets.close(), projectSockets.close()]);
      await listener.close();
    },
  };
}
