/**
 * The assistant panel (docs/product/chat.md "Widget states", "Sending and answering"). Loaded with
 * import() on first open; everything here stays out of the first load.
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from "react";
import { Link } from "react-router";
import { site } from "~/config/site";
import { trackEvent } from "~/lib/analytics";
import { readAttribution } from "~/lib/attribution";
import { MAX_CHAT_MESSAGE_LENGTH } from "~/contracts/inquiry-terms";
import type { PublicChatSettings } from "~/contracts/chat-settings";
import { CloseIcon, SendIcon } from "~/components/ui/icons";
import { quickQuestionsFor } from "./assistant-rules";
import { createConversation, DEFAULT_REPLY_OPTIONS, type Conversation, type ReplyOptions } from "./conversation";
import { ExpandIcon, MinusIcon } from "./panel-icons";
import { Bubble, OfflineNote, PANEL_TITLE, PanelHeader } from "./panel-parts";
import { PANEL_THEME } from "./panel-theme";
import { useCookieBannerHeight } from "~/components/site/cookie-banner-space";

export const DEFAULT_WELCOME =
  "Hi! I'm here to help answer questions about web design services or help you start a project inquiry. What can I help you with?";

/** docs/product/chat.md "Widget states": closed (only the launcher), open, minimized (a bar with the title). */
export type WidgetMode = "closed" | "open" | "minimized";

export interface ChatPanelProps {
  mode: Exclude<WidgetMode, "closed">;
  /** null until GET /api/chat-settings answers, and for good when it fails. */
  settings: PublicChatSettings | null;
  /** GET /api/chat-settings has answered or failed: the chat_open event waits for it. */
  settingsSettled: boolean;
  setMode: (mode: WidgetMode) => void;
  /** Focus goes back to it when the chat closes. */
  launcher: RefObject<HTMLButtonElement | null>;
}

const title = PANEL_TITLE;

/** What the conversation takes from the settings; the defaults while there are none. */
function replyOptions(settings: PublicChatSettings | null): ReplyOptions {
  if (!settings) return DEFAULT_REPLY_OPTIONS;
  const { auto_responses, analytics } = settings;
  return {
    responseDelay: auto_responses.response_delay,
    autoResponses: auto_responses.enabled,
    fallbackMessage: auto_responses.fallback_message,
    trackInteractions: analytics.track_interactions,
    trackInquiries: analytics.track_inquiries,
  };
}

let shared: Conversation | null = null;
/** One conversation per tab, created on first use (never during the server render). */
function getConversation(): Conversation {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked: the conversation lasts for this page view only.
  }
  shared ??= createConversation({
    storage,
    fetch: (input, init) => fetch(input, init),
    readAttribution,
    track: trackEvent,
  });
  return shared;
}

/** On touch screens, focusing the text box would throw the keyboard over the conversation. */
function focusTarget(refs: { panel: HTMLElement | null; input: HTMLElement | null; link: HTMLElement | null }) {
  return window.matchMedia("(pointer: fine)").matches ? (refs.input ?? refs.link ?? refs.panel) : refs.panel;
}

export default function ChatPanel({ mode, settings, settingsSettled, setMode, launcher }: ChatPanelProps) {
  const conversation = getConversation();
  const { messages, pending, inquiryId } = useSyncExternalStore(
    conversation.subscribe,
    conversation.getState,
    conversation.getState,
  );
  const [draft, setDraft] = useState("");
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const continueLink = useRef<HTMLAnchorElement>(null);
  const restore = useRef<HTMLButtonElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const left = settings?.appearance.position === "bottom-left";
  const themeName = settings?.appearance.theme ?? "primary";
  const theme = PANEL_THEME[themeName];
  // Above the cookie banner while it shows: a bar across the bottom of the screen, measured by the
  // banner itself (cookie-banner-space.ts) before anyone could open the panel.
  const lift = useCookieBannerHeight();
  const trackInteractions = replyOptions(settings).trackInteractions;
  useEffect(() => conversation.configure(replyOptions(settings)), [conversation, settings]);

  // Replies that arrive while minimized show as a count on the bar.
  const [seen, setSeen] = useState(messages.length);
  if (mode === "open" && seen !== messages.length) setSeen(messages.length);
  const unread = messages.length - seen;

  const focusInside = useCallback(
    () => focusTarget({ panel: panel.current, input: input.current, link: continueLink.current })?.focus(),
    [],
  );

  const close = useCallback(() => {
    setMode("closed");
    // After React has put the launcher back.
    setTimeout(() => launcher.current?.focus());
  }, [setMode, launcher]);

  // The panel mounts each time the chat opens from closed; the event waits for the owner's say-so.
  const opened = useRef(false);
  useEffect(() => {
    if (!settingsSettled || opened.current) return;
    opened.current = true;
    if (trackInteractions) trackEvent("chat_open", { page_path: window.location.pathname });
  }, [settingsSettled, trackInteractions]);

  // The scroll-to-top button steps aside while the open panel covers its corner: before the
  // panel is painted, so the two never overlap, not even for a frame.
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute("data-chat-open-right", mode === "open" && !left);
    return () => root.removeAttribute("data-chat-open-right");
  }, [mode, left]);

  // Focus follows the state: into the panel when it opens, onto the bar when minimized.
  useEffect(() => {
    if (mode === "minimized") restore.current?.focus();
    else focusInside();
  }, [mode, focusInside]);

  // The text box gives way to the link once an inquiry exists: focus follows it, not lost to the page.
  useEffect(() => {
    if (inquiryId && document.activeElement === document.body) continueLink.current?.focus();
  }, [inquiryId]);

  // Keep the newest message in view whenever one arrives or the typing indicator changes.
  const scrollKey = `${messages.length}:${pending}:${mode}`;
  useEffect(() => {
    if (scrollKey && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [scrollKey]);

  // Escape closes the chat while focus is inside it (the page around stays usable: not modal).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && event.target instanceof Node && panel.current?.contains(event.target)) close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close]);

  const send = (text: string) => {
    if (conversation.send(text)) setDraft("");
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send(draft);
  };

  if (mode === "minimized") {
    return (
      <section
        ref={panel}
        aria-label={`${title} (minimized)`}
        data-theme={themeName}
        style={{ marginBottom: lift }}
        className={`flex items-center gap-1 rounded-full py-1.5 pl-2 pr-1.5 shadow-lg ${theme.minimized}`}
      >
        <button
          ref={restore}
          type="button"
          onClick={() => setMode("open")}
          className={`flex items-center gap-2 rounded-full py-1.5 pl-2 pr-3 font-semibold ${theme.minimizedButton}`}
        >
          <ExpandIcon className="h-4 w-4" />
          <span className="sr-only">Restore </span>
          {title}
          {unread > 0 && (
            <span className="rounded-full bg-accent-500 px-2 py-0.5 text-xs font-bold text-slate-900">
              {unread} new
            </span>
          )}
        </button>
        <button type="button" onClick={close} aria-label="Close chat" className={`${theme.iconButton} rounded-full`}>
          <CloseIcon className="h-4 w-4" />
        </button>
      </section>
    );
  }

  const welcome = settings?.welcome_message.trim() || DEFAULT_WELCOME;
  const quickQuestions = quickQuestionsFor(settings?.auto_responses.enabled ?? true);
  const showQuickQuestions = messages.length === 0 && !pending && quickQuestions.length > 0;
  const empty = !draft.trim();

  return (
    <section
      ref={panel}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-theme={themeName}
      // Below the sticky header, and above the cookie banner while it shows.
      style={{ marginBottom: lift, height: `min(36rem, calc(100dvh - ${lift}px - 6rem))` }}
      className={`flex w-[calc(100vw-1.5rem)] max-w-sm flex-col overflow-hidden rounded-2xl border shadow-2xl outline-none ${theme.panel}`}
    >
      <PanelHeader theme={theme} titleId={titleId}>
        <button
          type="button"
          onClick={() => setMode("minimized")}
          aria-label="Minimize chat"
          className={theme.iconButton}
        >
          <MinusIcon className="h-5 w-5" />
        </button>
        <button type="button" onClick={close} aria-label="Close chat" className={theme.iconButton}>
          <CloseIcon className="h-5 w-5" />
        </button>
      </PanelHeader>

      {settings?.offline_message && <OfflineNote theme={theme} message={settings.offline_message} />}

      <div
        ref={log}
        role="log"
        aria-label="Conversation"
        // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className={`flex-1 space-y-3 overflow-y-auto overscroll-contain px-4 py-4 focus-visible:outline-offset-[-3px] ${theme.log}`}
      >
        <Bubble theme={theme} message={{ type: "bot", content: welcome }} />
        {messages.map((message) => (
          <Bubble key={message.id} theme={theme} message={message} />
        ))}
        {pending && (
          <div
            className={`flex w-fit items-center gap-1 rounded-2xl rounded-bl-sm px-4 py-3 shadow-sm ${theme.typing}`}
            data-testid="chat-typing"
          >
            <span className="sr-only">{site.owner.firstName}'s assistant is typing</span>
            {[0, 150, 300].map((ms) => (
              <span
                key={ms}
                aria-hidden
                className="h-2 w-2 animate-bounce rounded-full bg-slate-400"
                style={{ animationDelay: `${ms}ms` }}
              />
            ))}
          </div>
        )}
        {showQuickQuestions && (
          <div role="group" aria-label="Quick questions" className="flex flex-wrap gap-2 pt-1">
            {quickQuestions.map((question) => (
              <button
                key={question}
                type="button"
                onClick={() => {
                  send(question);
                  // The buttons go away once asked: keep focus in the chat.
                  focusInside();
                }}
                className={`rounded-full border px-3 py-1.5 text-left text-sm font-medium ${theme.quickQuestion}`}
              >
                {question}
              </button>
            ))}
          </div>
        )}
      </div>

      <div className={`border-t p-3 ${theme.footer}`}>
        {inquiryId ? (
          <Link
            ref={continueLink}
            to={`/chat/${encodeURIComponent(inquiryId)}`}
            className="flex w-full items-center justify-center rounded-lg bg-accent-500 px-4 py-3 font-semibold text-slate-900 shadow-sm hover:bg-accent-400"
          >
            Continue in full chat
          </Link>
        ) : (
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              send(draft);
            }}
          >
            <label htmlFor={`${titleId}-input`} className="sr-only">
              Your message
            </label>
            <textarea
              ref={input}
              id={`${titleId}-input`}
              rows={2}
              maxLength={MAX_CHAT_MESSAGE_LENGTH}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Ask about prices, timing, your area..."
              className={`max-h-32 min-h-11 flex-1 resize-none rounded-lg border px-3 py-2 text-base leading-6 sm:text-sm ${theme.inputFrame} ${theme.inputText}`}
            />
            <button
              type="submit"
              disabled={empty || pending}
              className="rounded-lg bg-brand-700 p-3 text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
            >
              <SendIcon className="h-5 w-5" />
              <span className="sr-only">Send</span>
            </button>
          </form>
        )}
        <p className={`mt-2 text-center text-xs ${theme.footerText}`}>
          Prefer a form?{" "}
          <Link to="/start-project" className={`font-medium underline underline-offset-2 ${theme.link}`}>
            Start a Project
          </Link>{" "}
          or call{" "}
          <a href={`tel:${site.phone.e164}`} className={`font-medium underline underline-offset-2 ${theme.link}`}>
            {site.phone.display}
          </a>
        </p>
      </div>
    </section>
  );
}
