import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { NewMessageEvent } from "~/lib/chat/types";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import { findInquiry, findMessage, INQUIRY_CHANNEL } from "../services/inquiries";
import type { PgListener } from "./pg-listener";

/**
 * WebSocket /api/inquiries/{id}/websocket: pushes `{ type: 'new_message',
 * message }` for every message of the inquiry, whichever app process stored
 * it (the NOTIFY fan-out of pg-listener.ts). Visitors only listen: a frame
 * from the client over MAX_FRAME_BYTES closes the socket.
 */
export const MAX_FRAME_BYTES = 64 * 1024;
const MAX_SOCKETS_PER_INQUIRY = 20;
const HEARTBEAT_MS = 30_000;
const PATH = /^\/api\/inquiries\/([^/]+)\/websocket\/?$/;

export interface InquirySockets {
  /** Takes the upgrade when the path is ours; answers false otherwise. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
  /** Open sockets, for tests and logs. */
  count(): number;
}

/** Same-origin only: the site's own address, or the host the request came to. Clients without Origin are not browsers. */
export function originAllowed(origin: string | undefined, host: string | undefined, siteUrl: string): boolean {
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(siteUrl).origin) return true;
  return !!host && parsed.host === host;
}

function refuse(socket: Duplex, status: number, reason: string) {
  const body = JSON.stringify({ error: reason });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function createInquirySockets(deps: {
  db: Database;
  listener: PgListener;
  log: Logger;
  siteUrl: string;
}): InquirySockets {
  const { db, listener, log, siteUrl } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const rooms = new Map<string, Set<WebSocket>>();
  const alive = new WeakSet<WebSocket>();
  // Notifications are relayed one at a time, so sockets see messages in commit order.
  let queue = Promise.resolve();

  listener.on(INQUIRY_CHANNEL, (payload) => {
    const [inquiryId, messageId] = payload.split(":");
    if (!inquiryId || !rooms.has(inquiryId)) return;
    queue = queue.then(async () => {
      const message = await findMessage(db, Number(messageId)).catch((error: unknown) => {
        log.warn({ err: error, inquiryId }, "could not load a chat message to relay");
        return undefined;
      });
      if (!message) return;
      const frame = JSON.stringify({ type: "new_message", message } satisfies NewMessageEvent);
      for (const socket of rooms.get(inquiryId) ?? []) if (socket.readyState === socket.OPEN) socket.send(frame);
    });
  });
  // A lost LISTEN connection may have dropped notifications: clients reconnect and reload.
  listener.onReset(() => {
    for (const room of rooms.values()) for (const socket of room) socket.close(1012, "Reconnect to catch up");
  });

  const heartbeat = setInterval(() => {
    for (const socket of wss.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const join = (inquiryId: string, socket: WebSocket) => {
    let room = rooms.get(inquiryId);
    if (!room) rooms.set(inquiryId, (room = new Set()));
    room.add(socket);
    alive.add(socket);
    socket.on("pong", () => alive.add(socket));
    // Visitors have nothing to say over the socket; oversize frames are closed by ws (1009).
    socket.on("message", () => {});
    socket.on("error", () => socket.terminate());
    socket.on("close", () => {
      room.delete(socket);
      if (room.size === 0) rooms.delete(inquiryId);
    });
  };

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? "/", "http://localhost");
      const match = PATH.exec(url.pathname);
      if (!match) return false;
      const inquiryId = decodeURIComponent(match[1]!);
      if (!originAllowed(req.headers.origin, req.headers.host, siteUrl)) {
        refuse(socket, 403, "Forbidden");
        return true;
      }
      if ((rooms.get(inquiryId)?.size ?? 0) >= MAX_SOCKETS_PER_INQUIRY) {
        refuse(socket, 429, "Too Many Requests");
        return true;
      }
      findInquiry(db, inquiryId).then(
        (inquiry) => {
          if (!inquiry) return refuse(socket, 404, "Not Found");
          wss.handleUpgrade(req, socket, head, (ws) => join(inquiryId, ws));
        },
        (error: unknown) => {
          log.error({ err: error }, "could not check an inquiry for its socket");
          refuse(socket, 503, "Service Unavailable");
        },
      );
      return true;
    },
    async close() {
      clearInterval(heartbeat);
      for (const socket of wss.clients) socket.close(1001, "Server shutting down");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    count: () => wss.clients.size,
  };
}
