import { afterEach, describe, expect, it, vi } from "vitest";
import {
  connectInquirySocket,
  inquirySocketUrl,
  parseSocketEvent,
  reconnectDelay,
  type InquirySocketEnvironment,
} from "./inquiry-socket";
import type { InquiryMessage } from "~/contracts/inquiries";

const message: InquiryMessage = {
  id: 7,
  inquiry_id: "abc",
  author_type: "admin",
  sender: "Tyler",
  content: "What's your e-mail address?",
  message_type: "question",
  question_type: "email",
  options: [],
  created_at: "2026-11-20T10:00:00Z",
};

/** A stand-in for the browser WebSocket: tests drive open, message and close by hand. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
}

function environment(): InquirySocketEnvironment {
  return {
    WebSocket: FakeSocket as unknown as InquirySocketEnvironment["WebSocket"],
    location: { protocol: "https:", host: "example.test" },
    setTimeout: (callback, ms) => setTimeout(callback, ms) as unknown as number,
    clearTimeout: (id) => clearTimeout(id),
  };
}

afterEach(() => {
  FakeSocket.made = [];
  vi.useRealTimers();
});

describe("inquiry socket helpers", () => {
  it("builds ws and wss addresses on the page's host", () => {
    expect(inquirySocketUrl("a b", { protocol: "https:", host: "site.test" })).toBe(
      "wss://site.test/api/inquiries/a%20b/websocket",
    );
    expect(inquirySocketUrl("x", { protocol: "http:", host: "localhost:3000" })).toBe(
      "ws://localhost:3000/api/inquiries/x/websocket",
    );
  });

  it("backs off 1, 2, 4 ... seconds up to 30", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("reads new_message events and ignores anything else", () => {
    expect(parseSocketEvent(JSON.stringify({ type: "new_message", message }))).toEqual(message);
    expect(
      parseSocketEvent(JSON.stringify({ type: "new_message", message: { ...message, options: undefined } }))!.options,
    ).toEqual([]);
    expect(parseSocketEvent(JSON.stringify({ type: "typing" }))).toBeUndefined();
    expect(parseSocketEvent(JSON.stringify({ type: "new_message", message: { id: "x" } }))).toBeUndefined();
    expect(parseSocketEvent("not json")).toBeUndefined();
    expect(parseSocketEvent(new ArrayBuffer(2))).toBeUndefined();
  });
});

describe("connectInquirySocket", () => {
  it("hands over messages, reconnects with back-off after a drop, and reports the reopen", () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const onMessage = vi.fn();
    const onOpen = vi.fn();
    const stop = connectInquirySocket("abc", { onMessage, onOpen }, environment());

    const first = FakeSocket.made[0]!;
    expect(first.url).toBe("wss://example.test/api/inquiries/abc/websocket");
    first.open();
    expect(onOpen).toHaveBeenLastCalledWith({ reconnected: false });
    first.receive(JSON.stringify({ type: "new_message", message }));
    expect(onMessage).toHaveBeenCalledWith(message);

    first.drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.made[1]!;
    second.drop(); // failed before opening: the next wait doubles
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeSocket.made[2]!;
    third.open();
    expect(onOpen).toHaveBeenLastCalledWith({ reconnected: true });

    stop();
    expect(third.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(3);
    warn.mockRestore();
  });

  it("stops for good on cleanup, even while a reconnect is waiting or a socket is connecting", () => {
    vi.useFakeTimers();
    const onMessage = vi.fn();
    const stop = connectInquirySocket("abc", { onMessage }, environment());
    FakeSocket.made[0]!.drop();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);

    const stopConnecting = connectInquirySocket("abc", { onMessage }, environment());
    const connecting = FakeSocket.made[1]!;
    stopConnecting();
    expect(connecting.closed).toBe(false);
    connecting.open(); // closed as soon as it opens, and nothing reaches the page
    expect(connecting.closed).toBe(true);
    connecting.receive(JSON.stringify({ type: "new_message", message }));
    expect(onMessage).not.toHaveBeenCalled();
  });
});
