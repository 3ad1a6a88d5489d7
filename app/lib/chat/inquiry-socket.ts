import { inquiriesEndpoints } from "~/contracts/inquiries";
import { urlOf } from "~/lib/api/call";
import { browserEnvironment, connectLiveFeed, parseFrame, socketUrl, type LiveFeedEnvironment } from "../live-feed";
import { NewMessageEventSchema, type InquiryMessage } from "~/contracts/inquiries";

export { reconnectDelay, SOCKET_RETRY } from "../live-feed";

/**
 * The live feed of one inquiry (docs/product/chat.md "The calls"): /api/inquiries/{id}/websocket
 * pushes { type: 'new_message', message } for every new message (app/lib/live-feed.ts does the
 * reconnecting).
 */
export interface InquirySocketHandlers {
  onMessage: (message: InquiryMessage) => void;
  /** Called on each successful open; `reconnected` is false only for the first. */
  onOpen?: (info: { reconnected: boolean }) => void;
}

export type InquirySocketEnvironment = LiveFeedEnvironment;

export const inquirySocketUrl = (inquiryId: string, location: Pick<Location, "protocol" | "host">) =>
  socketUrl(urlOf(inquiriesEndpoints.socket, { params: { id: inquiryId } }), location);

/** The message of a socket frame, or undefined for anything else (ignored). */
export const parseSocketEvent = (data: unknown): InquiryMessage | undefined =>
  parseFrame(data, (json) => NewMessageEventSchema.safeParse(json).data?.message);

/** Opens the feed; the returned function closes it for good (call it on unmount). */
export function connectInquirySocket(
  inquiryId: string,
  handlers: InquirySocketHandlers,
  environment: InquirySocketEnvironment = browserEnvironment(),
): () => void {
  return connectLiveFeed(
    {
      name: "Inquiry chat",
      url: inquirySocketUrl(inquiryId, environment.location),
      parse: parseSocketEvent,
      onEvent: handlers.onMessage,
      onOpen: handlers.onOpen,
    },
    environment,
  );
}
