import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "~/config/site";
import {
  createConversation,
  FOLLOW_UP_DELAY_MS,
  INQUIRY_FAILURE_TEXT,
  INQUIRY_READY_TEXT,
  parseStoredConversation,
  STORAGE_KEY,
  type ConversationDeps,
} from "./conversation";

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

function setup(overrides: Partial<ConversationDeps> = {}) {
  const storage = new MemoryStorage();
  const track = vi.fn();
  const fetch = vi.fn<typeof globalThis.fetch>();
  const deps: ConversationDeps = { storage, fetch, track, readAttribution: () => undefined, ...overrides };
  return { storage, track, fetch, deps, conversation: createConversation(deps) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("sending", () => {
  it("ignores blank messages", () => {
    const { conversation } = setup();
    expect(conversation.send("")).toBe(false);
    expect(conversation.send("  \n\t ")).toBe(false);
    expect(conversation.getState().messages).toEqual([]);
  });

  it("answers after the response delay, then the follow-up 500 ms later, blocking sends meanwhile", () => {
    const { conversation, track } = setup();
    conversation.configure({ responseDelay: 1200 });
    expect(conversation.send("  How much does a website cost?  ")).toBe(true);
    let state = conversation.getState();
    expect(state.messages.map((m) => [m.type, m.content])).toEqual([["user", "How much does a website cost?"]]);
    expect(state.pending).toBe(true);
    expect(conversation.send("another")).toBe(false);

    vi.advanceTimersByTime(1199);
    expect(conversation.getState().messages).toHaveLength(1);
    vi.advanceTimersByTime(1);
    state = conversation.getState();
    expect(state.messages).toHaveLength(2);
    expect(state.messages[1]!).toMatchObject({ type: "bot", link: { href: "/pricing" } });
    expect(state.messages[1]!.content).toContain("Projects start at $75");
    expect(state.pending).toBe(true);

    vi.advanceTimersByTime(FOLLOW_UP_DELAY_MS);
    state = conversation.getState();
    expect(state.messages).toHaveLength(3);
    expect(state.pending).toBe(false);
    expect(track).toHaveBeenCalledWith("chat_message", { topic: "pricing" });
  });

  it("ends pending without a follow-up when the answer has none", () => {
    const { conversation } = setup();
    conversation.send("Do you like jazz?");
    vi.advanceTimersByTime(800);
    const state = conversation.getState();
    expect(state.pending).toBe(false);
    expect(state.messages[1]!.content).toContain(site.phone.display);
  });

  it("notifies subscribers and stores the conversation", () => {
    const { conversation, storage } = setup();
    const listener = vi.fn();
    const unsubscribe = conversation.subscribe(listener);
    conversation.send("Is hosting included?");
    vi.advanceTimersByTime(800);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    const stored = JSON.parse(storage.getItem(STORAGE_KEY)!);
    expect(stored.messages).toHaveLength(2);
    expect(stored.inquiryId).toBeNull();
  });
});

describe("restoring", () => {
  it("picks up a stored conversation, and answers a question left unanswered by a reload", () => {
    const first = setup();
    first.conversation.send("Is hosting included?");
    vi.advanceTimersByTime(800);
    first.conversation.send("Do you do SEO?");
    const again = createConversation({ ...first.deps, storage: first.storage });
    expect(again.getState().messages).toHaveLength(3);
    expect(again.getState().pending).toBe(true);
    vi.advanceTimersByTime(800);
    expect(again.getState().messages.at(-1)?.content).toMatch(/fundamentals/);
  });

  it("ignores malformed or tampered data", () => {
    expect(parseStoredConversation(null)).toBeNull();
    expect(parseStoredConversation("{not json")).toBeNull();
    expect(parseStoredConversation(JSON.stringify({ messages: "x" }))).toBeNull();
    expect(parseStoredConversation(JSON.stringify({ messages: [{ id: 1, type: "user" }] }))).toBeNull();
    const unsafeLink = {
      id: "a",
      type: "bot",
      content: "hi",
      timestamp: "t",
      link: { label: "x", href: "javascript:alert(1)" },
    };
    expect(parseStoredConversation(JSON.stringify({ messages: [unsafeLink] }))).toBeNull();
    const ok = { id: "a", type: "bot", content: "hi", timestamp: "t", link: { label: "x", href: "/pricing" } };
    expect(parseStoredConversation(JSON.stringify({ messages: [ok], inquiryId: "../admin" }))).toEqual({
      messages: [ok],
      inquiryId: null,
    });
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY, "garbage");
    const { conversation } = setup({ storage });
    expect(conversation.getState().messages).toEqual([]);
  });

  it("works without storage", () => {
    const { conversation } = setup({ storage: null });
    expect(conversation.send("What's included?")).toBe(true);
  });
});

describe("starting an inquiry", () => {
  it("posts JSON with the attribution and links to the guided chat on success", async () => {
    const attribution = { landing_page: "/providence-web-design", utm_source: "google" };
    const { conversation, fetch, track } = setup({ readAttribution: () => attribution });
    fetch.mockResolvedValue(
      json(201, { inquiryId: "WBT-2025-ABC123", session: { id: "WBT-2025-ABC123" }, messages: [] }),
    );
    conversation.send("I want to start a project");
    expect(conversation.getState().messages[0]!.isProjectStart).toBe(true);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/inquiries/create");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toEqual({ "Content-Type": "application/json" });
    expect(JSON.parse(String(init?.body))).toEqual({ attribution });
    await vi.advanceTimersByTimeAsync(800);
    const state = conversation.getState();
    expect(state.inquiryId).toBe("WBT-2025-ABC123");
    expect(state.pending).toBe(false);
    expect(state.messages.at(-1)).toMatchObject({ type: "bot", content: INQUIRY_READY_TEXT, isProjectStart: true });
    expect(track).toHaveBeenCalledWith("chat_inquiry_started");
  });

  it("falls back to session.id and sends an empty object without attribution", async () => {
    const { conversation, fetch } = setup();
    fetch.mockResolvedValue(json(201, { session: { id: "WBT-2025-XYZ789" } }));
    conversation.send("start an inquiry");
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({});
    await vi.advanceTimersByTimeAsync(800);
    expect(conversation.getState().inquiryId).toBe("WBT-2025-XYZ789");
  });

  it.each([
    ["a non-OK answer", () => Promise.resolve(json(500, { error: "boom" }))],
    ["a missing id", () => Promise.resolve(json(201, { messages: [] }))],
    ["a network error", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("apologizes with the e-mail address on %s", async (_label, answer) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { conversation, fetch } = setup();
    fetch.mockImplementation(answer);
    conversation.send("I want to start a project");
    await vi.advanceTimersByTimeAsync(800);
    const state = conversation.getState();
    expect(state.inquiryId).toBeNull();
    expect(state.pending).toBe(false);
    expect(state.messages.at(-1)?.content).toBe(
      `Sorry, there was an issue starting the project inquiry. You can also email me directly at ${site.email}`,
    );
    expect(INQUIRY_FAILURE_TEXT).toBe(state.messages.at(-1)?.content);
    warn.mockRestore();
  });
});

describe("following the owner's settings", () => {
  it("answers every question with the owner's fallback message when auto responses are off", () => {
    const { conversation } = setup();
    conversation.configure({ autoResponses: false, fallbackMessage: "I'll answer myself soon: call me." });
    conversation.send("How much does a website cost?");
    vi.advanceTimersByTime(800);
    const state = conversation.getState();
    expect(state.pending).toBe(false);
    expect(state.messages.map((m) => m.content)).toEqual([
      "How much does a website cost?",
      "I'll answer myself soon: call me.",
    ]);
    expect(state.messages[1]!.link?.href).toMatch(/^tel:/);
  });

  it("uses the owner's fallback when nothing matches, and the built-in words when it is blank", () => {
    const { conversation } = setup();
    conversation.configure({ fallbackMessage: "Not sure about that one: e-mail me." });
    conversation.send("Do you like jazz?");
    vi.advanceTimersByTime(800);
    expect(conversation.getState().messages.at(-1)?.content).toBe("Not sure about that one: e-mail me.");
    conversation.configure({ fallbackMessage: "  " });
    conversation.send("Do you like opera?");
    vi.advanceTimersByTime(800);
    expect(conversation.getState().messages.at(-1)?.content).toContain(site.phone.display);
  });

  it("settings that arrive while a reply is pending apply to that reply", () => {
    const { conversation } = setup();
    conversation.send("Is hosting included?");
    conversation.configure({ autoResponses: false, fallbackMessage: "Ask me directly." });
    vi.advanceTimersByTime(800);
    expect(conversation.getState().messages.at(-1)?.content).toBe("Ask me directly.");
  });

  it("sends chat events only when the owner's analytics switches allow them", async () => {
    const { conversation, track, fetch } = setup();
    conversation.configure({ trackInteractions: false, trackInquiries: false });
    conversation.send("Is hosting included?");
    vi.advanceTimersByTime(800);
    fetch.mockResolvedValue(json(201, { inquiryId: "WBT-2025-NOTRACK" }));
    conversation.send("I want to start a project");
    await vi.advanceTimersByTimeAsync(800);
    expect(conversation.getState().inquiryId).toBe("WBT-2025-NOTRACK");
    expect(track).not.toHaveBeenCalled();

    conversation.configure({ trackInteractions: true, trackInquiries: false });
    conversation.send("Do you do SEO?");
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith("chat_message", { topic: "seo" });
  });
});
