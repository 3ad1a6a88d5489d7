import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProjectComment } from "~/contracts/project-comments";
import { PROJECT_EVENTS_PROTOCOL, SESSION_ENDED_CLOSE } from "~/contracts/project-events";
import { ApiError } from "~/lib/api/api-error";
import {
  attachmentProblem,
  canSend,
  connectDiscussionSocket,
  discussionSocketUrl,
  mergeComments,
  parseCommentEvent,
  pickFiles,
  sendFailure,
  sendWithFiles,
  type DiscussionSocketEnvironment,
  type PendingFile,
} from "./discussion";

const comment = (id: number, created_at: string, extra: Partial<ProjectComment> = {}): ProjectComment => ({
  id,
  project_id: "WBT-2026-7KQ4MZ",
  author_name: "Maria Santos",
  author_email: "maria@example.com",
  author_type: "client",
  content: `comment ${id}`,
  attachments: [],
  created_at,
  ...extra,
});

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const pending = (name: string, status: PendingFile["status"] = "waiting", extra: Partial<PendingFile> = {}) => ({
  key: name,
  file: file(name),
  status,
  ...extra,
});

describe("canSend (docs/product/client-portal.md 'Project chat')", () => {
  it("blocks while sending, and when the text is blank and no file can be sent", () => {
    expect(canSend({ text: "Hello", files: [], sending: false })).toBe(true);
    expect(canSend({ text: "Hello", files: [], sending: true })).toBe(false);
    expect(canSend({ text: "", files: [], sending: false })).toBe(false);
    expect(canSend({ text: "  \n\t ", files: [], sending: false })).toBe(false);
    expect(canSend({ text: "", files: [pending("a.pdf")], sending: false })).toBe(true);
    expect(canSend({ text: "", files: [pending("a.pdf")], sending: true })).toBe(false);
    // A failed file is skipped: alone it is nothing to send.
    expect(canSend({ text: "", files: [pending("a.exe", "failed")], sending: false })).toBe(false);
    expect(canSend({ text: "x".repeat(5001), files: [], sending: false })).toBe(false);
  });
});

describe("picked files", () => {
  it("marks a file of another type, an empty one or one over 25 MB as failed at once", () => {
    expect(attachmentProblem({ name: "plan.PDF", size: 100 })).toBeUndefined();
    expect(attachmentProblem({ name: "setup.exe", size: 100 })).toMatch(/not allowed/);
    expect(attachmentProblem({ name: "noext", size: 100 })).toMatch(/not allowed/);
    expect(attachmentProblem({ name: "big.zip", size: 25 * 1024 * 1024 + 1 })).toMatch(/25 MB/);
    expect(attachmentProblem({ name: "empty.txt", size: 0 })).toMatch(/empty/);
    const picked = pickFiles([file("a.png"), file("b.exe")]);
    expect(picked.map((p) => p.status)).toEqual(["waiting", "failed"]);
    expect(new Set(picked.map((p) => p.key)).size).toBe(2);
  });
});

describe("mergeComments", () => {
  it("keeps the server's order, oldest first, each comment once (the socket's copy and the post's)", () => {
    const a = comment(1, "2026-11-23T10:00:00.000Z");
    const b = comment(2, "2026-11-23T10:05:00.000Z");
    const c = comment(3, "2026-11-23T10:05:00.000Z");
    expect(mergeComments([c, a], [b, c]).map((x) => x.id)).toEqual([1, 2, 3]);
  });
});

describe("sendWithFiles (docs/product/client-portal.md 'Project chat')", () => {
  it("uploads the files one at a time, skips a failed one, and posts with the rest", async () => {
    const order: string[] = [];
    let active = 0;
    const upload = vi.fn(async (f: File) => {
      active += 1;
      expect(active).toBe(1);
      order.push(f.name);
      await new Promise((r) => setTimeout(r, 1));
      active -= 1;
      if (f.name === "bad.pdf") throw new Error("This file's content is not that of a .pdf file");
      return { id: f.name === "a.png" ? 11 : 12 };
    });
    const post = vi.fn(async (body: { content: string; attachments: number[] }) =>
      comment(9, "2026-11-23T10:00:00.000Z", { content: body.content }),
    );
    const seen: PendingFile[][] = [];
    const files = [pending("a.png"), pending("bad.pdf"), pending("skip.exe", "failed"), pending("c.txt")];
    const stored = await sendWithFiles({ text: "  Here  ", files, upload, post, onFiles: (f) => seen.push(f) });

    expect(order).toEqual(["a.png", "bad.pdf", "c.txt"]);
    expect(post).toHaveBeenCalledWith({ content: "Here", attachments: [11, 12] });
    expect(stored?.id).toBe(9);
    const last = seen.at(-1)!;
    expect(last.map((f) => [f.key, f.status])).toEqual([
      ["a.png", "uploaded"],
      ["bad.pdf", "failed"],
      ["skip.exe", "failed"],
      ["c.txt", "uploaded"],
    ]);
    expect(last[1]!.error).toMatch(/content is not/);
  });

  it("posts nothing when the text is blank and every upload failed", async () => {
    const post = vi.fn();
    const stored = await sendWithFiles({
      text: " ",
      files: [pending("a.pdf")],
      upload: () => Promise.reject(new Error("Upload failed")),
      post,
      onFiles: () => {},
    });
    expect(stored).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it("stops at an upload told to wait: nothing is posted, and the text and every file stay for the next send", async () => {
    const wait = new ApiError(
      429,
      "Please wait a moment: the server is busy with other uploads right now. Try again in 5 seconds.",
    );
    const upload = vi.fn(async (f: File) => {
      if (f.name === "b.pdf") throw wait;
      return { id: 11 };
    });
    const post = vi.fn();
    const seen: PendingFile[][] = [];
    const files = [pending("a.png"), pending("b.pdf"), pending("c.txt")];
    await expect(sendWithFiles({ text: "The plans", files, upload, post, onFiles: (f) => seen.push(f) })).rejects.toBe(
      wait,
    );
    expect(post).not.toHaveBeenCalled();
    // The one after it is not tried; the one before it keeps its upload.
    expect(upload.mock.calls.map(([f]) => f.name)).toEqual(["a.png", "b.pdf"]);
    expect(seen.at(-1)!.map((f) => [f.key, f.status, f.mediaId])).toEqual([
      ["a.png", "uploaded", 11],
      ["b.pdf", "waiting", undefined],
      ["c.txt", "waiting", undefined],
    ]);
    expect(sendFailure(wait)).toBe(
      "Please wait a moment: the server is busy with other uploads right now. Try again in 5 seconds. Your message and its files are still here: send them then.",
    );
    expect(sendFailure(new ApiError(500, "Something went wrong"))).toBe(
      "Your message was not sent: Something went wrong. It is still in the box; try again.",
    );
  });

  it("does not upload again a file a failed send already uploaded", async () => {
    const upload = vi.fn(async () => ({ id: 5 }));
    const post = vi.fn(async () => comment(1, "2026-11-23T10:00:00.000Z"));
    await sendWithFiles({
      text: "",
      files: [pending("a.pdf", "uploaded", { mediaId: 4 }), pending("b.pdf")],
      upload,
      post,
      onFiles: () => {},
    });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith({ content: "", attachments: [4, 5] });
  });

  it("lets a failed post throw, keeping the uploads", async () => {
    const seen: PendingFile[][] = [];
    await expect(
      sendWithFiles({
        text: "hi",
        files: [pending("a.pdf")],
        upload: async () => ({ id: 3 }),
        post: () => Promise.reject(new Error("offline")),
        onFiles: (f) => seen.push(f),
      }),
    ).rejects.toThrow("offline");
    expect(seen.at(-1)![0]).toMatchObject({ status: "uploaded", mediaId: 3 });
  });
});

/** A stand-in for the browser WebSocket: tests drive open, message and close by hand. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeSocket.made.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
}

function environment(): DiscussionSocketEnvironment {
  return {
    WebSocket: FakeSocket as unknown as DiscussionSocketEnvironment["WebSocket"],
    location: { protocol: "https:", host: "example.test" },
    setTimeout: (callback, ms) => setTimeout(callback, ms) as unknown as number,
    clearTimeout: (id) => clearTimeout(id),
  };
}

afterEach(() => {
  FakeSocket.made = [];
  vi.useRealTimers();
});

describe("the live feed", () => {
  it("opens the project's socket with the token as a subprotocol, never in the address", () => {
    expect(discussionSocketUrl("WBT-2026-7KQ4MZ", { protocol: "http:", host: "localhost:3000" })).toBe(
      "ws://localhost:3000/api/projects/WBT-2026-7KQ4MZ/websocket",
    );
    const stop = connectDiscussionSocket("WBT-2026-7KQ4MZ", "secret-token", { onComment: () => {} }, environment());
    const [socket] = FakeSocket.made;
    expect(socket!.url).toBe("wss://example.test/api/projects/WBT-2026-7KQ4MZ/websocket");
    expect(socket!.protocols).toEqual([PROJECT_EVENTS_PROTOCOL, "secret-token"]);
    stop();
  });

  it("hands on new comments, reconnects after a drop and reports it", () => {
    vi.useFakeTimers();
    const got: ProjectComment[] = [];
    const opens: boolean[] = [];
    const stop = connectDiscussionSocket(
      "P",
      "t",
      { onComment: (c) => got.push(c), onOpen: ({ reconnected }) => opens.push(reconnected) },
      environment(),
    );
    const first = FakeSocket.made[0]!;
    first.open();
    first.receive(JSON.stringify({ type: "new_comment", comment: comment(1, "2026-11-23T10:00:00.000Z") }));
    first.receive(JSON.stringify({ type: "something_else" }));
    first.receive("not json");
    expect(got.map((c) => c.id)).toEqual([1]);
    first.drop();
    vi.advanceTimersByTime(1000);
    FakeSocket.made[1]!.open();
    expect(opens).toEqual([false, true]);
    stop();
    expect(FakeSocket.made[1]!.closed).toBe(true);
  });

  it("stops for good when the server says the session ended", () => {
    vi.useFakeTimers();
    const ended = vi.fn();
    connectDiscussionSocket("P", "t", { onComment: () => {}, onEnded: ended }, environment());
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.drop(SESSION_ENDED_CLOSE);
    vi.advanceTimersByTime(60_000);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it("reads only well-formed new_comment frames", () => {
    expect(parseCommentEvent(JSON.stringify({ type: "new_comment", comment: { id: 1 } }))).toBeUndefined();
    expect(parseCommentEvent(new ArrayBuffer(2))).toBeUndefined();
  });
});
