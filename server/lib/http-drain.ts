import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/** How often idle keep-alive connections are closed while draining: a connection goes idle after each answer. */
const SWEEP_MS = 100;

/**
 * Graceful stop of a node:http server. `server.close()` alone stops accepting
 * and closes the connections idle at that instant, but a busy keep-alive
 * connection goes on being served as long as its client keeps sending. Once
 * draining, every answer not yet started says `Connection: close` (node then
 * closes the connection after it), idle connections are closed as soon as they
 * go idle, and whatever is still open after `graceMs` (a slow client, a chat
 * socket that never answered its close frame) is cut.
 *
 * Behind a reverse proxy (`idleGraceMs` > 0) idle connections are not closed at once: the proxy
 * may be writing its next request to one at that very instant, and a POST lost that way is not
 * sent again (nginx resends only what never reached a process, docs/decisions/038-production-deploy.md).
 * They are left to the proxy, which closes idle connections before Node.js would (nginx's
 * upstream keepalive_timeout 4 s against Node's 5 s), or sends one more request, answered with
 * `Connection: close`. Whatever is still idle after `idleGraceMs` is closed then.
 */
export function createHttpDrain(server: Server, options: { idleGraceMs?: number } = {}) {
  const pending = new Set<ServerResponse>();
  // Every socket, upgraded ones included (closeAllConnections() knows only HTTP ones).
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  let draining = false;
  let drained: Promise<void> | undefined;

  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  // Ahead of the app's own listener, which may answer synchronously.
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) return closeAfter(res);
    pending.add(res);
    // A response emits 'close' once it is finished or its connection is gone.
    res.once("close", () => pending.delete(res));
  });

  return {
    get draining() {
      return draining;
    },
    /**
     * Starts draining (once; later calls answer the same promise), which
     * resolves when every connection is closed: by its client, after its last
     * answer, or after `graceMs`.
     */
    drain(graceMs = 10_000): Promise<void> {
      if (drained) return drained;
      draining = true;
      for (const res of pending) closeAfter(res);
      pending.clear();
      return (drained = new Promise<void>((resolve) => {
        const idleGraceMs = Math.min(options.idleGraceMs ?? 0, graceMs);
        let sweep: NodeJS.Timeout | undefined;
        const closeIdle = () => {
          server.closeIdleConnections();
          sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
          sweep.unref();
        };
        const idle = idleGraceMs > 0 ? setTimeout(closeIdle, idleGraceMs) : undefined;
        idle?.unref();
        const cut = setTimeout(() => {
          server.closeAllConnections();
          for (const socket of sockets) socket.destroy();
        }, graceMs);
        cut.unref();
        const closed = () => {
          clearTimeout(idle);
          clearInterval(sweep);
          clearTimeout(cut);
          resolve();
        };
        if (idle) {
          // Stops listening and nothing more: node:http's own close() also closes the idle connections.
          NetServer.prototype.close.call(server, closed);
        } else {
          server.close(closed);
          closeIdle();
        }
      }));
    },
  };
}
