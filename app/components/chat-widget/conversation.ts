/**
 * The assistant conversation (docs/product/chat.md "Assistant chat message",
 * "Sending and answering"; docs/product/errors.md "Public site", first row): a small store outside
 * React, so it outlives the panel being closed and reopened, kept in sessionStorage so a reload in
 * the same tab keeps it too.
 */
import { inquiriesEndpoints } from "~/contracts/inquiries";
import { urlOf } from "~/lib/api/call";
import type { Attribution } from "~/contracts/fields";
import { CreateInquiryResponseSchema, InquirySessionSchema } from "~/contracts/inquiries";
import { emailHref, site } from "~/config/site";
import { answerFor, FALLBACK_ANSWER, isProjectStart, matchTopic, type ChatLink } from "./assistant-rules";

export interface AssistantChatMessage {
  id: string;
  type: "user" | "bot";
  content: string;
  link?: ChatLink;
  isProjectStart?: boolean;
  timestamp: string;
}

export interface ConversationState {
  /** Everything after the welcome message, which comes from the settings and is never stored. */
  messages: readonly AssistantChatMessage[];
  /** A reply is on its way: the typing indicator shows and sending is blocked. */
  pending: boolean;
  /** Set once a project inquiry exists: the panel then links to /chat/{inquiryId}. */
  inquiryId: string | null;
}

export const STORAGE_KEY = "assistant-chat-v1";
/** docs/product/chat.md "Sending and answering": the reply waits 800 ms by default, a follow-up 500 ms more. */
export const DEFAULT_RESPONSE_DELAY_MS = 800;
export const FOLLOW_UP_DELAY_MS = 500;
/** Older messages are dropped from storage past this many. */
export const MAX_STORED_MESSAGES = 100;

/** docs/product/chat.md "Sending and answering": the exact words when an inquiry cannot be started. */
export const INQUIRY_FAILURE_TEXT = `Sorry, there was an issue starting the project inquiry. You can also email me directly at ${site.email}`;
export const INQUIRY_READY_TEXT = `Your guided project chat is ready. It asks a few quick questions about your business, budget and timeline, and I reply within ${site.replyPromise.standard}.`;

type TrackParams = Record<string, string | number | boolean | undefined>;

export interface ConversationDeps {
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  fetch: typeof fetch;
  readAttribution: () => Attribution | undefined;
  track: (event: string, params?: TrackParams) => void;
  now?: () => Date;
}

/**
 * How the assistant answers, from the owner's chat settings (docs/product/settings.md
 * "Chat settings entity"): its delay, whether it gives its rule-based answers (off: every question
 * gets the fallback message), the fallback's words, and which events reach analytics.
 */
export interface ReplyOptions {
  responseDelay: number;
  autoResponses: boolean;
  /** Replaces the built-in fallback's words; blank keeps them. */
  fallbackMessage: string;
  /** chat_open and chat_message. */
  trackInteractions: boolean;
  /** chat_inquiry_started. */
  trackInquiries: boolean;
}

/**
 * The widget's behaviour until the settings arrive, and for good when they cannot be read
 * (docs/product/chat.md "Reading the settings").
 */
export const DEFAULT_REPLY_OPTIONS: ReplyOptions = {
  responseDelay: DEFAULT_RESPONSE_DELAY_MS,
  autoResponses: true,
  fallbackMessage: "",
  trackInteractions: true,
  trackInquiries: true,
};

export interface Conversation {
  getState: () => ConversationState;
  subscribe: (listener: () => void) => () => void;
  /** Sends a visitor message; false when it is blank or a reply is still pending. */
  send: (text: string) => boolean;
  configure: (options: Partial<ReplyOptions>) => void;
}

const isLink = (value: unknown): value is ChatLink => {
  if (typeof value !== "object" || value === null) return false;
  const { label, href } = value as Record<string, unknown>;
  // Only site paths and mail/phone links: stored data is never trusted as a URL scheme.
  return typeof label === "string" && typeof href === "string" && /^(\/(?!\/)|mailto:|tel:)/.test(href);
};

const isMessage = (value: unknown): value is AssistantChatMessage => {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.id === "string" &&
    (m.type === "user" || m.type === "bot") &&
    typeof m.content === "string" &&
    typeof m.timestamp === "string" &&
    (m.link === undefined || isLink(m.link)) &&
    (m.isProjectStart === undefined || typeof m.isProjectStart === "boolean")
  );
};

/** Reads stored data; anything malformed counts as no conversation. */
export function parseStoredConversation(raw: string | null): Pick<ConversationState, "messages" | "inquiryId"> | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as { messages?: unknown; inquiryId?: unknown };
    if (!Array.isArray(data.messages) || !data.messages.every(isMessage)) return null;
    const inquiryId =
      typeof data.inquiryId === "string" && /^[\w-]{1,100}$/.test(data.inquiryId) ? data.inquiryId : null;
    return { messages: data.messages.slice(-MAX_STORED_MESSAGES), inquiryId };
  } catch {
    return null;
  }
}

/** All the widget needs of the create answer: the new inquiry's id, as inquiryId or as session.id. */
const CreatedInquiryIdSchema = CreateInquiryResponseSchema.pick({ inquiryId: true })
  .partial()
  .extend({ session: InquirySessionSchema.pick({ id: true }).optional() });

/** inquiryId, else session.id (docs/product/chat.md "The calls"), when it is a usable path segment. */
function inquiryIdFrom(answer: unknown): string | null {
  const parsed = CreatedInquiryIdSchema.safeParse(answer);
  if (!parsed.success) return null;
  const { inquiryId, session } = parsed.data;
  const id = inquiryId || session?.id;
  return id && /^[\w-]{1,100}$/.test(id) ? id : null;
}

export function createConversation(deps: ConversationDeps): Conversation {
  const now = deps.now ?? (() => new Date());
  let sequence = 0;
  let options: ReplyOptions = { ...DEFAULT_REPLY_OPTIONS };
  const listeners = new Set<() => void>();

  const readStored = () => {
    try {
      return parseStoredConversation(deps.storage?.getItem(STORAGE_KEY) ?? null);
    } catch {
      return null;
    }
  };
  let state: ConversationState = { messages: [], inquiryId: null, ...readStored(), pending: false };

  const update = (patch: Partial<ConversationState>) => {
    state = { ...state, ...patch };
    try {
      const { messages, inquiryId } = state;
      deps.storage?.setItem(STORAGE_KEY, JSON.stringify({ messages: messages.slice(-MAX_STORED_MESSAGES), inquiryId }));
    } catch {
      // Storage full or blocked: the conversation still works for this page view.
    }
    for (const listener of listeners) listener();
  };

  const message = (type: AssistantChatMessage["type"], content: string, extra: Partial<AssistantChatMessage> = {}) => ({
    id: `${now().getTime().toString(36)}-${(sequence++).toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
    type,
    content,
    timestamp: now().toISOString(),
    ...extra,
  });

  const addBot = (content: string, extra?: Partial<AssistantChatMessage>, patch: Partial<ConversationState> = {}) =>
    update({ messages: [...state.messages, message("bot", content, extra)], ...patch });

  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  /** The rule-based answer, or the fallback (in the owner's words when set) when none fits or answers are off. */
  const answerTo = (text: string) => {
    const fallback = { ...FALLBACK_ANSWER, content: options.fallbackMessage.trim() || FALLBACK_ANSWER.content };
    return options.autoResponses && matchTopic(text) ? answerFor(text) : fallback;
  };

  // The answer is chosen when it is given, so settings that arrive meanwhile apply to it.
  const reply = (text: string) => {
    setTimeout(() => {
      const answer = answerTo(text);
      const link = answer.link ? { link: answer.link } : {};
      if (!answer.followUp) return addBot(answer.content, link, { pending: false });
      addBot(answer.content, link);
      const followUpLink = answer.followUpLink ? { link: answer.followUpLink } : {};
      setTimeout(() => addBot(answer.followUp ?? "", followUpLink, { pending: false }), FOLLOW_UP_DELAY_MS);
    }, options.responseDelay);
  };

  const startInquiry = async () => {
    const attribution = deps.readAttribution();
    const request = (async () => {
      try {
        // Its own fetch, not call(): the widget needs only the new id (inquiryIdFrom), whatever else came.
        const response = await deps.fetch(urlOf(inquiriesEndpoints.create), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(attribution === undefined ? {} : { attribution }),
        });
        return response.ok ? inquiryIdFrom(await response.json()) : null;
      } catch (error) {
        console.warn("Starting a project inquiry failed", error);
        return null;
      }
    })();
    // The reply never comes quicker than a normal answer, so the typing indicator doesn't flash.
    const [inquiryId] = await Promise.all([request, wait(options.responseDelay)]);
    if (inquiryId) {
      if (options.trackInquiries) deps.track("chat_inquiry_started");
      addBot(INQUIRY_READY_TEXT, { isProjectStart: true }, { pending: false, inquiryId });
    } else {
      addBot(INQUIRY_FAILURE_TEXT, { link: { label: `Email ${site.email}`, href: emailHref } }, { pending: false });
    }
  };

  // A reload while a rule-based reply was on its way: answer it again.
  const last = state.messages.at(-1);
  if (last?.type === "user" && !isProjectStart(last.content)) {
    state = { ...state, pending: true };
    reply(last.content);
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(text) {
      const content = text.trim();
      if (!content || state.pending) return false;
      const projectStart = isProjectStart(content) && !state.inquiryId;
      update({
        messages: [...state.messages, message("user", content, projectStart ? { isProjectStart: true } : {})],
        pending: true,
      });
      if (options.trackInteractions)
        deps.track("chat_message", { topic: projectStart ? "project_start" : (matchTopic(content)?.id ?? "fallback") });
      if (projectStart) void startInquiry();
      else reply(content);
      return true;
    },
    configure(changes) {
      const { responseDelay: ms, ...rest } = changes;
      options = { ...options, ...rest };
      if (ms !== undefined && Number.isFinite(ms) && ms >= 0) options.responseDelay = Math.min(ms, 10_000);
    },
  };
}
