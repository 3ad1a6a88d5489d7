/**
 * A live feed over a WebSocket (the inquiry chat's and a project's discussion): opens it, hands
 * each parsed event on, reconnects with a growing delay when it drops (at once when the network
 * returns), and reports every (re)open so the page can reload what it missed. Errors are only
 * logged (docs/product/errors.md "Public site").
 */

/** The parts of the browser a feed needs; tests pass fakes. */
export interface LiveFeedEnvironment {
  WebSocket: new (url: string, protocols?: string[]) => WebSocket;
  location: Pick<Location, "protocol" | "host">;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
  /** Optional: window, so a return of the network reconnects at once. */
  events?: Pick<Window, "addEventListener" | "removeEventListener">;
}

export const SOCKET_RETRY = { firstMs: 1000, maxMs: 30_000 } as const;

/** 1 s, 2 s, 4 s ... capped at 30 s, for the n-th retry in a row (0-based). */
export function reconnectDelay(attempt: number): number {
  return Math.min(SOCKET_RETRY.maxMs, SOCKET_RETRY.firstMs * 2 ** Math.min(attempt, 10));
}

/** ws:// or wss:// (as the page) for a path of this site. */
export function socketUrl(path: string, location: Pick<Location, "protocol" | "host">): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${path}`;
}

/** The payload of a JSON frame that passes `read`, or undefined for anything else (ignored). */
export function parseFrame<T>(data: unknown, read: (json: unknown) => T | undefined): T | undefined {
  if (typeof data !== "string") return undefined;
  try {
    return read(JSON.parse(data));
  } catch {
    return undefined;
  }
}

export function browserEnvironment(): LiveFeedEnvironment {
  return {
    WebSocket: window.WebSocket,
    location: window.location,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (id) => window.clearTimeout(id),
    events: window,
  };
}

export interface LiveFeedOptions<T> {
  /** Names the feed in console warnings ("Inquiry chat", "Project chat"). */
  name: string;
  url: string;
  protocols?: string[];
  parse: (data: unknown) => T | undefined;
  onEvent: (event: T) => void;
  /** Each successful open; `reconnected` is false only for the first. */
  onOpen?: (info: { reconnected: boolean }) => void;
  /** A close code after which the server does not want the feed back: no more reconnecting. */
  endCode?: number;
  onEnded?: () => void;
}

/** Opens the feed; the returned function closes it for good (call it on unmount). */
export function connectLiveFeed<T>(options: LiveFeedOptions<T>, environment: LiveFeedEnvironment): () => void {
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
      current = options.protocols
        ? new environment.WebSocket(options.url, options.protocols)
        : new environment.WebSocket(options.url);
    } catch (error) {
      console.warn(`${options.name} socket could not be opened`, error);
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (stopped || socket !== current) return;
      failures = 0;
      const reconnected = openedBefore;
      openedBefore = true;
      options.onOpen?.({ reconnected });
    };
    current.onmessage = (event: MessageEvent) => {
      if (stopped || socket !== current) return;
      const parsed = options.parse(event.data);
      if (parsed !== undefined) options.onEvent(parsed);
    };
    current.onclose = (event: CloseEvent) => {
      if (stopped || socket !== current) return;
      socket = undefined;
      if (options.endCode !== undefined && event?.code === options.endCode) {
        stopped = true;
        options.onEnded?.();
        return;
      }
      scheduleReconnect();
    };
    // An error is always followed by close, which does the reconnecting.
    current.onerror = () => console.warn(`${options.name} socket error`);
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
