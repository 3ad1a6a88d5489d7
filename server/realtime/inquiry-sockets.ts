import type { InquiryMessage } from "~/contracts/inquiries";
import type { Database } from "../db/client";
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
import type { SocketLimits } from "./socket-slots";
import { createSocketRooms, decodeSegment, MAX_SOCKETS_PER_PROCESS, type SocketRooms } from "./socket-rooms";

export { MAX_FRAME_BYTES, MAX_SOCKETS_PER_PROCESS, originAllowed, refuse } from "./socket-rooms";

/**
 * WebSocket /api/inquiries/{id}/websocket: pushes `{ type: 'new_message',
 * message }` for every message of the inquiry, whichever app process stored
 * it. The inquiry's id (128 random bits) is what opens it; the rest is the
 * shared mechanism of socket-rooms.ts.
 */
/** A chat has one visitor; a few tabs and reconnects fit well under this. */
export const MAX_SOCKETS_PER_INQUIRY = 20;
/** The default of INQUIRY_SOCKETS_PER_ADDRESS (server/env.ts), which the server passes in. */
export const DEFAULT_SOCKETS_PER_ADDRESS = 50;

export type InquirySockets = SocketRooms;

/** The id in the path, or undefined when it does not decode or cannot be an inquiry id (128 random bits, base64url). */
function inquiryIdOf(segment: string): string | undefined {
  const id = decodeSegment(segment);
  return id !== undefined && isWellFormedInquiryId(id) ? id : undefined;
}

export function createInquirySockets(deps: {
  db: Database;
  listener: PgListener;
  log: Logger;
  siteUrl: string;
  limits?: Partial<SocketLimits>;
  trustProxy?: number;
}): InquirySockets {
  const { db } = deps;
  return createSocketRooms({
    ...deps,
    name: "chat",
    path: /^\/api\/inquiries\/([^/]+)\/websocket\/?$/,
    roomIdOf: inquiryIdOf,
    badPath: "The address does not name an inquiry",
    limits: {
      perRoom: deps.limits?.perRoom ?? MAX_SOCKETS_PER_INQUIRY,
      perAddress: deps.limits?.perAddress ?? DEFAULT_SOCKETS_PER_ADDRESS,
      perProcess: deps.limits?.perProcess ?? MAX_SOCKETS_PER_PROCESS,
    },
    channel: INQUIRY_CHANNEL,
    readNotification: (payload) => {
      const note = readMessageNotification(payload);
      return note && { roomId: note.inquiryId, id: note.messageId, frame: note.frame };
    },
    loadFrame: async (_inquiryId, messageId) => {
      const message: InquiryMessage | undefined = await findMessage(db, messageId);
      return message ? newMessageFrame(message) : undefined;
    },
    admit: async (_req, inquiryId) =>
      (await findInquiry(db, inquiryId))
        ? { ok: true, member: undefined }
        : { ok: false, status: 404, error: "No inquiry with this id" },
    unavailable: "The chat is unavailable right now; try again shortly",
  });
}
