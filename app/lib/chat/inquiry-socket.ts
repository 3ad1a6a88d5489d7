import { NewMessageEventSchema, type InquiryMessage } from "./types";

/**
 * The live feed of one inquiry (public-site spec 7): /api/inquiries/{id}/websocket
 * pushes { type: 'new_message', message } for every new message. When the
 * connection drops it reconnects with a growing delay; every (re)open is
 * reported so the page can reload the list and catch what it missed.
 */
export interface InquirySocketHandlers {
  onMessage: (message: InquiryMessage) => void;
  /** Called on each successful open; `reconnected` is false only for the first. */
  onOpen?: (info: { reconnected: boolean }) => void;
}

/** The parts of the browser the socket needs; tests pass fakes. */
export interface InquirySocketEnvironment {
  WebSocket: new (url: string) => WebSocket;
  location: Pick<Location, "protocol" | "host">;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
  /** Optional: window, so a return of the network reconnects at once. */
  events?: Pick<Window, "addEventListener" | "removeEventListener">;
}

export const SOCKET_RETRY = { firstMs: 1000, maxMs: 30_000 } as const;

export function inquirySocketUrl(inquiryId: string, location: Pick<Location, "protocol" | "host">): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/api/inquiries/${encodeURIComponent(inquiryId)}/websocket`;
}

/** 1 s, 2 s, 4 s ... capped at 30 s, for the n-th retry in a row (0-based). */
export function reconnectDelay(attempt: number): number {
  return Math.min(SOCKET_RETRY.maxMs, SOCKET_RETRY.firstMs * 2 ** Math.min(attempt, 10));
}

/** The message of a socket frame, or undefined for anything else (ignored). */
export function parseSocketEvent(data: unknown): InquiryMessage | undefined {
  if (typeof data !== "string") return undefined;
  try {
    const event = NewMessageEventSchema.safeParse(JSON.parse(data));
    return event.success ? event.data.message : undefined;
  } catch {
    return undefined;
  }
}

function browserEnvironment(): InquirySocketEnvironment {
  return {
    WebSocket: window.WebSocket,
    location: window.location,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (id) => window.clearTimeout(id),
    events: window,
  };
}

/** Opens the feed; the returned function closes it for good (call it on unmount). */
export function connectInquirySocket(
  inquiryId: string,
  handlers: InquirySocketHandlers,
  environment: InquirySocketEnvironment = browserEnvironment(),
): () => void {
  const url = inquirySocketUrl(inquiryId, environment.location);
  let socket: WebSocket | undefined;
  let timer: number | undefined;
  let failures = 0;
  let openedBefore = false;
  let stopped = false;

  function connect() {
    timer = undefined;
    if (stopped) return;
    let current: WebSocket;
    try {
      current = new environment.WebSocket(url);
    } catch (error) {
      console.warn("Inquiry chat socket could not be opened", error);
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (stopped || socket !== current) return;
      failures = 0;
      const reconnected = openedBefore;
      openedBefore = true;
      handlers.onOpen?.({ reconnected });
    };
    current.onmessage = (event: MessageEvent) => {
      if (stopped || socket !== current) return;
      const message = parseSocketEvent(event.data);
      if (message) handlers.onMessage(message);
    };
    current.onclose = () => {
      if (stopped || socket !== current) return;
      socket = undefined;
      scheduleReconnect();
    };
    // An error is always followed by close, which does the reconnecting.
    current.onerror = () => console.warn(`Inquiry chat socket error on ${url}`);
  }

  function scheduleReconnect() {
    if (stopped || timer !== undefined) return;
    timer = environment.setTimeout(connect, reconnectDelay(failures));
    failures += 1;
  }

  function reconnectNow() {
    if (stopped || socket) return;
    if (timer !== undefined) environment.clearTimeout(timer);
    connect();
  }

  environment.events?.addEventListener("online", reconnectNow);
  connect();

  return () => {
    stopped = true;
    environment.events?.removeEventListener("online", reconnectNow);
    if (timer !== undefined) environment.clearTimeout(timer);
    timer = undefined;
    const open = socket;
    socket = undefined;
    if (!open) return;
    open.onmessage = null;
    open.onclose = null;
    open.onerror = null;
    // Closing a socket that is still connecting makes the browser log an error: close it once open.
    if (open.readyState === 0) open.onopen = () => open.close(1000, "chat closed");
    else if (open.readyState === 1) open.close(1000, "chat closed");
  };
}
