import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { COMMENT_SOCKET_PROTOCOL, SESSION_ENDED_CLOSE } from "~/lib/portal/comments";
import type { Database } from "../db/client";
import { guarded } from "../lib/guard";
import type { Logger } from "../lib/logger";
import { previewSigner } from "../api/media/media-access";
import {
  findProjectComment,
  newCommentFrame,
  normalizeProjectId,
  PROJECT_COMMENTS_CHANNEL,
  projectWriterOf,
  readCommentNotification,
} from "../services/project-comments";
import { MAX_FRAME_BYTES, MAX_SOCKETS_PER_PROCESS, originAllowed, refuse } from "./inquiry-sockets";
import type { PgListener } from "./pg-listener";
import { createSocketSlots, type SocketLimits } from "./socket-slots";

/**
 * WebSocket /api/projects/{id}/websocket (public-site spec 7, back-office spec 7): pushes
 * `{ type: 'new_comment', comment }` for every comment of the project, whichever app process
 * stored it (the NOTIFY fan-out of pg-listener.ts). Unlike an inquiry's, a project's feed is
 * private (decision 017): the upgrade needs an admin token or a portal token of the project,
 * as the `token` query parameter or as the second Sec-WebSocket-Protocol after
 * `project-comments` (a browser cannot send headers; the protocol keeps the token out of
 * addresses and logs). Others are refused before the upgrade: 401 without a valid token, 403
 * for another project's portal token. The token is checked again every few minutes while the
 * socket is open, so an ended session stops hearing the project. The caps and guards are the
 * inquiry sockets' (inquiry-sockets.ts).
 */
/** A project has a client or a few and the owner; tabs and reconnects fit well under this. */
export const MAX_SOCKETS_PER_PROJECT = 20;
export const DEFAULT_PROJECT_SOCKETS_PER_ADDRESS = 50;
/** How often an open socket's token is checked again. */
export const RECHECK_TOKEN_MS = 5 * 60_000;
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 30_000;
const PATH = /^\/api\/projects\/([^/]+)\/websocket\/?$/;
const PROJECT_ID = /^[A-Za-z0-9-]{1,40}$/;
export { SESSION_ENDED_CLOSE };

export interface ProjectSockets {
  /** Takes the upgrade when the path is ours; answers false otherwise. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
  /** Open sockets, for tests and logs. */
  count(): number;
  /** Slots taken: open sockets and upgrades still being checked. */
  held(): number;
  /** Checks every open socket's token now (the heartbeat does it every RECHECK_TOKEN_MS). */
  recheckTokens(): Promise<void>;
}

/** The project in the path, or undefined when it does not decode or cannot be a Project ID. */
function projectIdOf(segment: string): string | undefined {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return PROJECT_ID.test(id) ? normalizeProjectId(id) : undefined;
}

/** The offered subprotocols, in order. */
const protocolsOf = (req: IncomingMessage) =>
  (req.headers["sec-websocket-protocol"] ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);

/** The token of an upgrade: the `token` query parameter, or the protocol after `project-comments`. */
export function socketToken(req: Pick<IncomingMessage, "url" | "headers">): string | undefined {
  const query = (req.url ?? "").split("?", 2)[1];
  const fromQuery = query ? new URLSearchParams(query).get("token") : null;
  if (fromQuery) return fromQuery;
  const offered = protocolsOf(req as IncomingMessage);
  const at = offered.indexOf(COMMENT_SOCKET_PROTOCOL);
  return at >= 0 ? offered[at + 1] : undefined;
}

const REFUSALS = {
  401: "A valid admin or portal token of this project is needed: send it as the token query parameter or the second Sec-WebSocket-Protocol",
  403: "This project is not among the projects your portal session opens",
  404: "No project with this ID",
} as const;

interface Listener {
  projectId: string;
  token: string;
  checkedAt: number;
}

export function createProjectSockets(deps: {
  db: Database;
  listener: PgListener;
  log: Logger;
  siteUrl: string;
  limits?: Partial<SocketLimits>;
}): ProjectSockets {
  const { db, listener, log, siteUrl } = deps;
  const slots = createSocketSlots({
    perInquiry: deps.limits?.perInquiry ?? MAX_SOCKETS_PER_PROJECT,
    perAddress: deps.limits?.perAddress ?? DEFAULT_PROJECT_SOCKETS_PER_ADDRESS,
    perProcess: deps.limits?.perProcess ?? MAX_SOCKETS_PER_PROCESS,
  });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    // A browser that offered the protocol (with its token after it) must get it back; the token never is.
    handleProtocols: (offered) => (offered.has(COMMENT_SOCKET_PROTOCOL) ? COMMENT_SOCKET_PROTOCOL : false),
  });
  const rooms = new Map<string, Set<WebSocket>>();
  const alive = new WeakSet<WebSocket>();
  const listeners = new Map<WebSocket, Listener>();
  // Per project, the last frame still being loaded by id: later frames of that project wait behind it.
  const backlog = new Map<string, Promise<void>>();

  const broadcast = (projectId: string, frame: string) => {
    const room = rooms.get(projectId);
    if (!room) return;
    const data = Buffer.from(frame);
    for (const socket of room) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
      else socket.send(data, { binary: false });
    }
  };

  const loadFrame = async (projectId: string, commentId: number): Promise<string | undefined> => {
    try {
      const comment = await findProjectComment(db, commentId, await previewSigner(db));
      return comment ? newCommentFrame(comment) : undefined;
    } catch (error) {
      log.warn({ err: error, projectId }, "could not load a project comment to relay");
      // These clients would miss a comment: they reconnect and reload.
      for (const socket of rooms.get(projectId) ?? []) socket.close(1012, "Reconnect to catch up");
      return undefined;
    }
  };

  listener.on(
    PROJECT_COMMENTS_CHANNEL,
    guarded(log, "relaying a project comment", (payload: string) => {
      const note = readCommentNotification(payload);
      if (!note || !rooms.has(note.projectId)) return;
      const { projectId } = note;
      const waiting = backlog.get(projectId);
      if (note.frame !== undefined && !waiting) return broadcast(projectId, note.frame);
      const frame = note.frame ?? loadFrame(projectId, note.commentId);
      const tail = (waiting ?? Promise.resolve())
        .then(() => frame)
        .then((loaded) => {
          if (loaded !== undefined) broadcast(projectId, loaded);
        })
        .catch((error: unknown) => log.error({ err: error, projectId }, "relaying a project comment failed"))
        .finally(() => {
          if (backlog.get(projectId) === tail) backlog.delete(projectId);
        });
      backlog.set(projectId, tail);
    }),
  );
  listener.onReset(
    guarded(log, "closing project sockets after a lost LISTEN connection", () => {
      for (const room of rooms.values()) for (const socket of room) socket.close(1012, "Reconnect to catch up");
    }),
  );

  /** Closes the sockets whose token no longer opens their project (ended, expired, revoked); one pass at a time. */
  let rechecking: Promise<void> | undefined;
  const recheck = (olderThan: number): Promise<void> => {
    rechecking ??= (async () => {
      try {
        const due = [...listeners].filter(([, l]) => l.checkedAt <= olderThan);
        for (const [socket, l] of due) {
          if (socket.readyState !== socket.OPEN) continue;
          const found = await projectWriterOf(db, l.token, l.projectId);
          l.checkedAt = Date.now();
          if (!found.ok) socket.close(SESSION_ENDED_CLOSE, "Your session ended: look the project up again");
        }
      } finally {
        rechecking = undefined;
      }
    })();
    return rechecking;
  };

  const heartbeat = setInterval(
    guarded(log, "the project sockets' heartbeat", async () => {
      for (const socket of wss.clients) {
        if (!alive.has(socket)) {
          socket.terminate();
          continue;
        }
        alive.delete(socket);
        socket.ping();
      }
      await recheck(Date.now() - RECHECK_TOKEN_MS);
    }),
    HEARTBEAT_MS,
  );
  heartbeat.unref();

  const join = (projectId: string, token: string, socket: WebSocket) => {
    let room = rooms.get(projectId);
    if (!room) rooms.set(projectId, (room = new Set()));
    room.add(socket);
    listeners.set(socket, { projectId, token, checkedAt: Date.now() });
    alive.add(socket);
    socket.on("pong", () => alive.add(socket));
    // Comments are posted over HTTP; oversize frames are closed by ws (1009).
    socket.on("message", () => {});
    socket.on("error", () => socket.terminate());
    socket.on("close", () => {
      listeners.delete(socket);
      room.delete(socket);
      if (room.size === 0) rooms.delete(projectId);
    });
  };

  /** Checks, reserves a slot (synchronously, before the lookups), checks the token, upgrades. */
  const admit = (req: IncomingMessage, socket: Duplex, head: Buffer, segment: string) => {
    socket.on("error", () => socket.destroy());
    const projectId = projectIdOf(segment);
    if (projectId === undefined) return refuse(socket, 400, "The address does not name a project");
    if (!originAllowed(req.headers.origin, req.headers.host, siteUrl))
      return refuse(socket, 403, "Connections from another site are not allowed");
    const token = socketToken(req);
    if (!token) return refuse(socket, 401, REFUSALS[401]);
    const slot = slots.reserve(`project:${projectId}`, req.socket.remoteAddress ?? "unknown");
    if (!slot.ok) return refuse(socket, slot.status, slot.error);
    socket.once("close", slot.release);
    projectWriterOf(db, token, projectId)
      .then(
        (found) => {
          if (!found.ok) {
            slot.release();
            return refuse(socket, found.status, REFUSALS[found.status]);
          }
          wss.handleUpgrade(req, socket, head, (ws) => join(projectId, token, ws));
        },
        (error: unknown) => {
          slot.release();
          log.error({ err: error }, "could not check a token for a project socket");
          refuse(socket, 503, "The project chat is unavailable right now; try again shortly");
        },
      )
      .catch((error: unknown) => {
        slot.release();
        log.error({ err: error }, "a project socket upgrade failed");
        socket.destroy();
      });
  };
  const admitGuarded = guarded(
    log,
    "a project socket upgrade",
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
    recheckTokens: () => recheck(Date.now()),
  };
}
