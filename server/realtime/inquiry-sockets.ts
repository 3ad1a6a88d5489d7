import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { InquiryMessage } from "~/lib/chat/types";
import type { Database } from "../db/client";
import { guarded } from "../lib/guard";
import type { Logger } from "../lib/logger";
import {
  findInquiry,
  findMessage,
  INQUIRY_CHANNEL,
  isWellFormedInquiryId,
  newMessageFrame,
  readMessageNotification,
} from "../services/inquiries";
import type { PgListener } from "./pg-listener";
import { createSocketSlots, type SocketLimits } from "./socket-slots";

/**
 * WebSocket /api/inquiries/{id}/websocket: pushes `{ type: 'new_message',
 * message }` for every message of the inquiry, whichever app process stored
 * it (the NOTIFY fan-out of pg-listener.ts). Visitors only listen: a frame
 * from the client over MAX_FRAME_BYTES closes the socket.
 */
export const MAX_FRAME_BYTES = 64 * 1024;
/** A chat has one visitor; a few tabs and reconnects fit well under this. */
export const MAX_SOCKETS_PER_INQUIRY = 20;
/** Bounds what idle sockets can take of the process's memory (some tens of KB each); past it, 503. */
export const MAX_SOCKETS_PER_PROCESS = 5000;
/** The default of INQUIRY_SOCKETS_PER_ADDRESS (server/env.ts), which the server passes in. */
export const DEFAULT_SOCKETS_PER_ADDRESS = 50;
/** A client that does not read its frames is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 30_000;
const PATH = /^\/api\/inquiries\/([^/]+)\/websocket\/?$/;

export interface InquirySockets {
  /** Takes the upgrade when the path is ours; answers false otherwise. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
  /** Open sockets, for tests and logs. */
  count(): number;
  /** Slots taken: open sockets and upgrades still being checked. */
  held(): number;
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

/** Answers an upgrade with a plain HTTP error and `{ error }`, and closes the connection. */
export function refuse(socket: Duplex, status: number, error: string) {
  const body = JSON.stringify({ error });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The id in the path, or undefined when it does not decode or cannot be an inquiry id (128 random bits, base64url). */
function inquiryIdOf(segment: string): string | undefined {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return isWellFormedInquiryId(id) ? id : undefined;
}

export function createInquirySockets(deps: {
  db: Database;
  listener: PgListener;
  log: Logger;
  siteUrl: string;
  limits?: Partial<SocketLimits>;
}): InquirySockets {
  const { db, listener, log, siteUrl } = deps;
  const slots = createSocketSlots({
    perInquiry: deps.limits?.perInquiry ?? MAX_SOCKETS_PER_INQUIRY,
    perAddress: deps.limits?.perAddress ?? DEFAULT_SOCKETS_PER_ADDRESS,
    perProcess: deps.limits?.perProcess ?? MAX_SOCKETS_PER_PROCESS,
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const rooms = new Map<string, Set<WebSocket>>();
  const alive = new WeakSet<WebSocket>();
  // Per inquiry, the last frame still being loaded by id: later frames of that
  // inquiry wait behind it (commit order), other inquiries do not.
  const backlog = new Map<string, Promise<void>>();

  /** One frame, encoded once, the same bytes to every socket of the inquiry. */
  const broadcast = (inquiryId: string, frame: string) => {
    const room = rooms.get(inquiryId);
    if (!room) return;
    const data = Buffer.from(frame);
    for (const socket of room) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
      else socket.send(data, { binary: false });
    }
  };

  const loadFrame = (inquiryId: string, messageId: number): Promise<string | undefined> =>
    findMessage(db, messageId).then(
      (message: InquiryMessage | undefined) => (message ? newMessageFrame(message) : undefined),
      (error: unknown) => {
        log.warn({ err: error, inquiryId }, "could not load a chat message to relay");
        // These clients would miss a message: they reconnect and reload.
        for (const socket of rooms.get(inquiryId) ?? []) socket.close(1012, "Reconnect to catch up");
        return undefined;
      },
    );

  // The notification usually carries the frame itself: one parse, no query,
  // one send per socket. A message too long for a payload is loaded by id.
  listener.on(
    INQUIRY_CHANNEL,
    guarded(log, "relaying a chat message", (payload: string) => {
      const note = readMessageNotification(payload);
      if (!note || !rooms.has(note.inquiryId)) return;
      const { inquiryId } = note;
      const waiting = backlog.get(inquiryId);
      if (note.frame !== undefined && !waiting) return broadcast(inquiryId, note.frame);
      const frame = note.frame ?? loadFrame(inquiryId, note.messageId);
      const tail = (waiting ?? Promise.resolve())
        .then(() => frame)
        .then((loaded) => {
          if (loaded !== undefined) broadcast(inquiryId, loaded);
        })
        .catch((error: unknown) => log.error({ err: error, inquiryId }, "relaying a chat message failed"))
        .finally(() => {
          if (backlog.get(inquiryId) === tail) backlog.delete(inquiryId);
        });
      backlog.set(inquiryId, tail);
    }),
  );
  // A lost LISTEN connection may have dropped notifications: clients reconnect and reload.
  listener.onReset(
    guarded(log, "closing chat sockets after a lost LISTEN connection", () => {
      for (const room of rooms.values()) for (const socket of room) socket.close(1012, "Reconnect to catch up");
    }),
  );

  const heartbeat = setInterval(
    guarded(log, "the chat sockets' heartbeat", () => {
      for (const socket of wss.clients) {
        if (!alive.has(socket)) {
          socket.terminate();
          continue;
        }
        alive.delete(socket);
        socket.ping();
      }
    }),
    HEARTBEAT_MS,
  );
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

  /** Checks, reserves a slot (synchronously, before the lookup), looks the inquiry up, upgrades. */
  const admit = (req: IncomingMessage, socket: Duplex, head: Buffer, segment: string) => {
    // Between the upgrade event and ws taking the socket nobody listens for its
    // errors: a client reset here must not become an uncaught 'error'.
    socket.on("error", () => socket.destroy());
    const inquiryId = inquiryIdOf(segment);
    if (inquiryId === undefined) return refuse(socket, 400, "The address does not name an inquiry");
    if (!originAllowed(req.headers.origin, req.headers.host, siteUrl))
      return refuse(socket, 403, "Connections from another site are not allowed");
    const slot = slots.reserve(inquiryId, req.socket.remoteAddress ?? "unknown");
    if (!slot.ok) return refuse(socket, slot.status, slot.error);
    // However the connection ends (refused, handshake aborted by ws, closed later), the slot is freed.
    socket.once("close", slot.release);
    findInquiry(db, inquiryId)
      .then(
        (inquiry) => {
          if (!inquiry) {
            slot.release();
            return refuse(socket, 404, "No inquiry with this id");
          }
          wss.handleUpgrade(req, socket, head, (ws) => join(inquiryId, ws));
        },
        (error: unknown) => {
          slot.release();
          log.error({ err: error }, "could not check an inquiry for its socket");
          refuse(socket, 503, "The chat is unavailable right now; try again shortly");
        },
      )
      .catch((error: unknown) => {
        slot.release();
        log.error({ err: error }, "a chat socket upgrade failed");
        socket.destroy();
      });
  };
  const admitGuarded = guarded(
    log,
    "a chat socket upgrade",
    (req: IncomingMessage, socket: Duplex, head: Buffer, segment: string) => {
      try {
        admit(req, socket, head, segment);
      } catch (error) {
        socket.destroy();
        throw error;
      }
    },
  );

  return {
    handleUpgrade(req, socket, head) {
      const match = PATH.exec((req.url ?? "/").split("?", 1)[0]!);
      if (!match) return false;
      admitGuarded(req, socket, head, match[1]!);
      return true;
    },
    async close() {
      clearInterval(heartbeat);
      for (const socket of wss.clients) socket.close(1001, "Server shutting down");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    count: () => wss.clients.size,
    held: () => slots.held(),
  };
}
