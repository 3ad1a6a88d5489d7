import type { IncomingMessage } from "node:http";
import type { WebSocket } from "ws";
import {
  PROJECT_EVENTS_CHANNEL,
  PROJECT_EVENTS_PROTOCOL,
  ProjectEventSchema,
  SESSION_ENDED_CLOSE,
} from "~/contracts/project-events";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import { previewSigner } from "../services/media/preview";
import { findProjectComment, normalizeProjectId, projectWriterOf } from "../services/projects/comments";
import { billingChangedFrame, newCommentFrame } from "../services/projects/project-events";
import { ACCESS_CHANGED_CHANNEL } from "../services/access-changes";
import type { PgListener } from "./pg-listener";
import type { SocketLimits } from "./socket-slots";
import {
  createSocketRooms,
  decodeSegment,
  MAX_SOCKETS_PER_PROCESS,
  type RoomNotification,
  type SocketRooms,
} from "./socket-rooms";

/**
 * WebSocket /api/projects/{id}/websocket (docs/product/client-portal.md "The calls",
 * docs/product/projects.md "The calls"): pushes `{ type: 'new_comment', comment }` for every
 * comment of the project, and `{ type: 'billing_changed', project_id }` when its quotes or invoices
 * change (docs/product/billing.md "The calls"), whichever app process stored it (the NOTIFY fan-out
 * of pg-listener.ts on the one project events channel, decision 055).
 * Unlike an inquiry's, a project's feed is private (decision 017): the upgrade needs an admin token
 * or a portal token of the project, as the `token` query parameter or as the second
 * Sec-WebSocket-Protocol after `project-comments` (a browser cannot send headers; the protocol
 * keeps the token out of addresses and logs). Others are refused before the upgrade: 401 without a
 * valid token, 403 for another project's portal token. The token is checked again every few minutes
 * while the socket is open, so an ended session stops hearing the project. The caps, guards and the
 * relay are the shared ones of socket-rooms.ts.
 */
/** A project has a client or a few and the owner; tabs and reconnects fit well under this. */
export const MAX_SOCKETS_PER_PROJECT = 20;
export const DEFAULT_PROJECT_SOCKETS_PER_ADDRESS = 50;
/** How often an open socket's token is checked again. */
export const RECHECK_TOKEN_MS = 5 * 60_000;
const PROJECT_ID = /^[A-Za-z0-9-]{1,40}$/;
export { SESSION_ENDED_CLOSE };

export interface ProjectSockets extends SocketRooms {
  /** Checks every open socket's token now (the heartbeat does it every RECHECK_TOKEN_MS). */
  recheckTokens(): Promise<void>;
}

/** The project in the path, or undefined when it does not decode or cannot be a Project ID. */
function projectIdOf(segment: string): string | undefined {
  const id = decodeSegment(segment);
  return id !== undefined && PROJECT_ID.test(id) ? normalizeProjectId(id) : undefined;
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
  const at = offered.indexOf(PROJECT_EVENTS_PROTOCOL);
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
  /** Closes the socket when its portal session ends by itself. */
  expiry?: NodeJS.Timeout;
}

/** The longest a timer can wait (about 24.8 days); a session that ends later is caught by a recheck. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const ENDED = "Your session ended: look the project up again";

/**
 * A notification of the project events channel as its project's room and frame: a comment's frame
 * when it travelled with it (else the relay loads the comment by id), a billing change's from its
 * project. A payload that is not an event is ignored.
 */
export function readProjectNotification(payload: string): RoomNotification | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const event = ProjectEventSchema.safeParse(json).data;
  switch (event?.kind) {
    case "comment":
      return { roomId: event.projectId, id: event.commentId, frame: event.frame };
    case "billing":
      return { roomId: event.projectId, id: 0, frame: billingChangedFrame(event.projectId) };
    default:
      return undefined;
  }
}

export function createProjectSockets(deps: {
  db: Database;
  listener: PgListener;
  log: Logger;
  siteUrl: string;
  limits?: Partial<SocketLimits>;
  trustProxy?: number;
}): ProjectSockets {
  const { db } = deps;
  const listeners = new Map<WebSocket, Listener>();
  /** A portal session's end, from its admission to its join (the same token, a moment later). */
  const expiries = new Map<string, Date>();

  /**
   * Closes the sockets whose token no longer opens their project (ended, expired, revoked); one
   * pass at a time. A call while a pass runs is not merged into it (that pass may have read a
   * token before the change): another pass follows, and both calls resolve after it.
   */
  const pass = async (olderThan: number) => {
    const due = [...listeners].filter(([, l]) => l.checkedAt <= olderThan);
    for (const [socket, l] of due) {
      if (socket.readyState !== socket.OPEN) continue;
      const found = await projectWriterOf(db, l.token, l.projectId);
      l.checkedAt = Date.now();
      if (!found.ok) socket.close(SESSION_ENDED_CLOSE, ENDED);
    }
  };
  let rechecking: Promise<void> | undefined;
  let again: number | undefined;
  const recheck = (olderThan: number): Promise<void> => {
    if (rechecking) {
      again = Math.max(again ?? olderThan, olderThan);
      return rechecking;
    }
    rechecking = (async () => {
      try {
        for (let bound: number | undefined = olderThan; bound !== undefined;) {
          again = undefined;
          await pass(bound);
          bound = again;
        }
      } finally {
        rechecking = undefined;
      }
    })();
    return rechecking;
  };

  // A session ended or a contact taken off a project, on any process: every socket is checked now.
  deps.listener.on(ACCESS_CHANGED_CHANNEL, () => void recheck(Date.now()));
  // Announcements missed while the LISTEN connection was away: checked as if one had come.
  deps.listener.onReset(() => void recheck(Date.now()));

  const rooms = createSocketRooms<string>({
    ...deps,
    name: "project",
    path: /^\/api\/projects\/([^/]+)\/websocket\/?$/,
    roomIdOf: projectIdOf,
    badPath: "The address does not name a project",
    limits: {
      perRoom: deps.limits?.perRoom ?? MAX_SOCKETS_PER_PROJECT,
      perAddress: deps.limits?.perAddress ?? DEFAULT_PROJECT_SOCKETS_PER_ADDRESS,
      perProcess: deps.limits?.perProcess ?? MAX_SOCKETS_PER_PROCESS,
    },
    // A browser that offered the protocol (with its token after it) must get it back; the token never is.
    handleProtocols: (offered) => (offered.has(PROJECT_EVENTS_PROTOCOL) ? PROJECT_EVENTS_PROTOCOL : false),
    channel: PROJECT_EVENTS_CHANNEL,
    readNotification: readProjectNotification,
    loadFrame: async (_projectId, commentId) => {
      const comment = await findProjectComment(db, commentId, await previewSigner(db));
      return comment ? newCommentFrame(comment) : undefined;
    },
    admit: async (req, projectId) => {
      const token = socketToken(req);
      if (!token) return { ok: false, status: 401, error: REFUSALS[401] };
      const found = await projectWriterOf(db, token, projectId);
      if (found.ok && found.writer.kind === "client" && found.writer.access.expiresAt)
        expiries.set(token, found.writer.access.expiresAt);
      return found.ok
        ? { ok: true, member: token }
        : { ok: false, status: found.status, error: REFUSALS[found.status] };
    },
    unavailable: "The project chat is unavailable right now; try again shortly",
    onJoin: (socket, projectId, token) => {
      const listener: Listener = { projectId, token, checkedAt: Date.now() };
      const endsAt = expiries.get(token);
      expiries.delete(token);
      if (endsAt) {
        const wait = endsAt.getTime() - Date.now();
        if (wait <= MAX_TIMER_MS)
          listener.expiry = setTimeout(() => socket.close(SESSION_ENDED_CLOSE, ENDED), Math.max(0, wait)).unref();
      }
      listeners.set(socket, listener);
    },
    onLeave: (socket) => {
      clearTimeout(listeners.get(socket)?.expiry);
      listeners.delete(socket);
    },
    onHeartbeat: () => recheck(Date.now() - RECHECK_TOKEN_MS),
  });

  return { ...rooms, recheckTokens: () => recheck(Date.now()) };
}
