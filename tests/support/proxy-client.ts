import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { WebSocket } from "ws";

/**
 * A client of the site behind nginx: HTTP(S) requests and WebSockets that trust the test's
 * self-signed certificate and may leave from any loopback address (127.0.0.2, 127.0.0.3...), so
 * nginx sees several visitors, each with an address of its own, as it would on the internet.
 */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T = Record<string, unknown>>(): T;
  /** nginx's request id, which the app answers as X-Request-Id (an app reached directly makes its own). */
  requestId: string;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The loopback address the connection leaves from (the visitor's address as nginx sees it). */
  from?: string;
  /** The certificate to trust, for https. */
  ca?: Buffer;
}

export function call(origin: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const url = new URL(path, origin);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const body = typeof options.body === "string" ? Buffer.from(options.body) : options.body;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: options.method ?? "GET",
        headers: { ...(body ? { "Content-Length": String(body.length) } : {}), ...options.headers },
        localAddress: options.from,
        ca: options.ca,
        // One connection per request: nothing carries over between the test's visitors.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const all = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: all,
            text: () => all.toString("utf8"),
            json: <T>() => JSON.parse(all.toString("utf8")) as T,
            requestId: String(res.headers["x-request-id"] ?? ""),
          });
        });
      },
    );
    req.on("error", reject);
    // A request that hangs is a failure of its own, not a test's timeout.
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer to ${options.method ?? "GET"} ${path} in 15 s`)));
    req.end(body);
  });
}

/** A JSON request: the body stringified, with its Content-Type. */
export const callJson = (origin: string, path: string, body: unknown, options: CallOptions = {}) =>
  call(origin, path, {
    method: "POST",
    ...options,
    headers: { "Content-Type": "application/json", ...options.headers },
    body: JSON.stringify(body),
  });

export interface SocketOptions {
  from?: string;
  ca?: Buffer;
  headers?: Record<string, string>;
  protocols?: string[];
}

/** What an upgrade was answered: 101 (the socket is then closed) or the refusal's status. */
export function upgradeStatus(url: string, options: SocketOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, options.protocols ?? [], {
      ca: options.ca,
      localAddress: options.from,
      headers: options.headers,
    });
    socket.on("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      socket.terminate();
    });
    socket.on("open", () => {
      resolve(101);
      socket.close();
    });
    socket.on("error", () => resolve(-1));
  });
}

/** One upgrade, kept open when it succeeds: 101 and the socket, or the refusal's status. */
export function holdSocket(url: string, options: SocketOptions = {}): Promise<{ status: number; socket: WebSocket }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, options.protocols ?? [], {
      ca: options.ca,
      localAddress: options.from,
      headers: options.headers,
    });
    socket.on("unexpected-response", (_req, res) => {
      resolve({ status: res.statusCode ?? 0, socket });
      res.resume();
      socket.terminate();
    });
    socket.on("open", () => resolve({ status: 101, socket }));
    socket.on("error", () => resolve({ status: -1, socket }));
  });
}

/**
 * A socket that records the frames it receives and, like the site's chat, opens again when the
 * server closes it (a process stopping says 1001 "going away"). `closes` lists the close codes.
 */
export function reconnectingSocket(url: string, options: SocketOptions = {}) {
  const frames: string[] = [];
  const closes: number[] = [];
  let opens = 0;
  let current: WebSocket;
  let stopped = false;
  let resolveOpen: () => void;
  const firstOpen = new Promise<void>((resolve) => (resolveOpen = resolve));
  const open = () => {
    const socket = new WebSocket(url, options.protocols ?? [], {
      ca: options.ca,
      localAddress: options.from,
      headers: options.headers,
    });
    current = socket;
    socket.on("open", () => {
      opens++;
      resolveOpen();
    });
    socket.on("message", (data) => frames.push(data.toString()));
    socket.on("error", () => {});
    socket.on("close", (code) => {
      if (stopped) return;
      closes.push(code);
      setTimeout(() => {
        if (!stopped) open();
      }, 100);
    });
  };
  open();
  return {
    frames,
    closes,
    get opens() {
      return opens;
    },
    get open() {
      return current.readyState === WebSocket.OPEN;
    },
    opened: firstOpen,
    close() {
      stopped = true;
      current.close();
    },
  };
}

/** Waits until `check` holds, or fails naming what did not happen. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
