import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type ServerOptions, type WebSocket } from "ws";
import { upgradeClientIp } from "../lib/client-ip";
import { guarded } from "../lib/guard";
import type { Logger } from "../lib/logger";
import type { PgListener } from "./pg-listener";
import { createSocketSlots, type SocketLimits } from "./socket-slots";

/**
 * What every live feed shares (the inquiry chat's and a project's discussion): a WebSocket
 * path per room, the caps of socket-slots.ts, a check before the upgrade, the NOTIFY fan-out of
 * pg-listener.ts relayed in commit order, and a heartbeat that drops dead sockets. Clients only
 * listen: a frame over MAX_FRAME_BYTES closes the socket.
 */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Bounds what idle sockets can take of the process's memory (some tens of KB each); past it, 503. */
export const MAX_SOCKETS_PER_PROCESS = 5000;
/** A client that does not read its frames is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 30_000;

export interface SocketRooms {
  /** Takes the upgrade when the path is ours; answers false otherwise. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
  /** Open sockets, for tests and logs. */
  count(): number;
  /** Slots taken: open sockets and upgrades still being checked. */
  held(): number;
}

/** A notification of the room's channel: the room, the row's id, and the frame when it fit the payload. */
export interface RoomNotification {
  roomId: string;
  id: number;
  frame?: string;
}

export type Admission<M> = { ok: true; member: M } | { ok: false; status: number; error: string };

export interface SocketRoomsOptions<M> {
  listener: PgListener;
  log: Logger;
  siteUrl: string;
  /** Names the feed in log lines ("chat", "project"). */
  name: string;
  /** The upgrade path, with the room's segment as its one group. */
  path: RegExp;
  /** The room named by the path segment, or undefined (answered 400 with `badPath`). */
  roomIdOf(segment: string): string | undefined;
  badPath: string;
  limits: SocketLimits;
  /**
   * Reverse proxies in front (TRUST_PROXY): the per-address cap counts the visitor's address from
   * X-Forwarded-For, as the HTTP limits do, not the proxy's. 0 (the default): the connection's.
   */
  trustProxy?: number;
  channel: string;
  readNotification(payload: string): RoomNotification | undefined;
  /** The frame of a row too long for a notification's payload. */
  loadFrame(roomId: string, id: number): Promise<string | undefined>;
  /** Whether this upgrade may join the room; runs once its slot is reserved. */
  admit(req: IncomingMessage, roomId: string): Promise<Admission<M>>;
  /** The 503 answer when `admit` fails. */
  unavailable: string;
  onJoin?(socket: WebSocket, roomId: string, member: M): void;
  onLeave?(socket: WebSocket): void;
  /** Runs after each heartbeat. */
  onHeartbeat?(): Promise<void> | void;
  handleProtocols?: ServerOptions["handleProtocols"];
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

/** A path segment decoded, or undefined when it does not decode. */
export function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function createSocketRooms<M>(options: SocketRoomsOptions<M>): SocketRooms {
  const { listener, log, name } = options;
  const slots = createSocketSlots(options.limits);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    handleProtocols: options.handleProtocols,
  });
  const rooms = new Map<string, Set<WebSocket>>();
  const alive = new WeakSet<WebSocket>();
  // Per room, the last frame still being loaded by id: later frames of that room wait behind it
  // (commit order), other rooms do not.
  const backlog = new Map<string, Promise<void>>();
  const reconnectAll = (sockets: Iterable<WebSocket>) => {
    for (const socket of sockets) socket.close(1012, "Reconnect to catch up");
  };

  /** One frame, encoded once, the same bytes to every socket of the room. */
  const broadcast = (roomId: string, frame: string) => {
    const room = rooms.get(roomId);
    if (!room) return;
    const data = Buffer.from(frame);
    for (const socket of room) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
      else socket.send(data, { binary: false });
    }
  };

  const loadFrame = (roomId: string, id: number): Promise<string | undefined> =>
    options.loadFrame(roomId, id).catch((error: unknown) => {
      log.warn({ err: error, roomId }, `could not load a ${name} frame to relay`);
      // These clients would miss a frame: they reconnect and reload.
      reconnectAll(rooms.get(roomId) ?? []);
      return undefined;
    });

  // The notification usually carries the frame itself: one parse, no query, one send per
  // socket. A row too long for a payload is loaded by id.
  listener.on(
    options.channel,
    guarded(log, `relaying a ${name} frame`, (payload: string) => {
      const note = options.readNotification(payload);
      if (!note || !rooms.has(note.roomId)) return;
      const { roomId } = note;
      const waiting = backlog.get(roomId);
      if (note.frame !== undefined && !waiting) return broadcast(roomId, note.frame);
      const frame = note.frame ?? loadFrame(roomId, note.id);
      const tail = (waiting ?? Promise.resolve())
        .then(() => frame)
        .then((loaded) => {
          if (loaded !== undefined) broadcast(roomId, loaded);
        })
        .catch((error: unknown) => log.error({ err: error, roomId }, `relaying a ${name} frame failed`))
        .finally(() => {
          if (backlog.get(roomId) === tail) backlog.delete(roomId);
        });
      backlog.set(roomId, tail);
    }),
  );
  // A lost LISTEN connection may have dropped notifications: clients reconnect and reload.
  listener.onReset(
    guarded(log, `closing ${name} sockets after a lost LISTEN connection`, () => {
      for (const room of rooms.values()) reconnectAll(room);
    }),
  );

  const heartbeat = setInterval(
    guarded(log, `the ${name} sockets' heartbeat`, async () => {
      for (const socket of wss.clients) {
        if (!alive.has(socket)) {
          socket.terminate();
          continue;
        }
        alive.delete(socket);
        socket.ping();
      }
      await options.onHeartbeat?.();
    }),
    HEARTBEAT_MS,
  );
  heartbeat.unref();

  const join = (roomId: string, member: M, socket: WebSocket) => {
    let room = rooms.get(roomId);
    if (!room) rooms.set(roomId, (room = new Set()));
    room.add(socket);
    options.onJoin?.(socket, roomId, member);
    alive.add(socket);
    socket.on("pong", () => alive.add(socket));
    // Clients have nothing to say over the socket; oversize frames are closed by ws (1009).
    socket.on("message", () => {});
    socket.on("error", () => socket.terminate());
    socket.on("close", () => {
      options.onLeave?.(socket);
      room.delete(socket);
      if (room.size === 0) rooms.delete(roomId);
    });
  };

  /** Checks, reserves a slot (synchronously, before any lookup), admits, upgrades. */
  const admit = (req: IncomingMessage, socket: Duplex, head: Buffer, segment: string) => {
    // Between the upgrade event and ws taking the socket nobody listens for its
    // errors: a client reset here must not become an uncaught 'error'.
    socket.on("error", () => socket.destroy());
    const roomId = options.roomIdOf(segment);
    if (roomId === undefined) return refuse(socket, 400, options.badPath);
    if (!originAllowed(req.headers.origin, req.headers.host, options.siteUrl))
      return refuse(socket, 403, "Connections from another site are not allowed");
    const slot = slots.reserve(roomId, upgradeClientIp(req, options.trustProxy ?? 0));
    if (!slot.ok) return refuse(socket, slot.status, slot.error);
    // However the connection ends (refused, handshake aborted by ws, closed later), the slot is freed.
    socket.once("close", slot.release);
    options
      .admit(req, roomId)
      .then(
        (admission) => {
          if (!admission.ok) {
            slot.release();
            return refuse(socket, admission.status, admission.error);
          }
          wss.handleUpgrade(req, socket, head, (ws) => join(roomId, admission.member, ws));
        },
        (error: unknown) => {
          slot.release();
          log.error({ err: error }, `could not check a ${name} socket's upgrade`);
          refuse(socket, 503, options.unavailable);
        },
      )
      .catch((error: unknown) => {
        slot.release();
        log.error({ err: error }, `a ${name} socket upgrade failed`);
        socket.destroy();
      });
  };
  const admitGuarded = guarded(
    log,
    `a ${name} socket upgrade`,
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
      const match = options.path.exec((req.url ?? "/").split("?", 1)[0]!);
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
