import { useEffect, useRef } from "react";
import { site } from "~/config/site";
import { inquiryChatCopy } from "~/content/chat-pages";
import { formatMessageTime } from "~/lib/chat/format-time";
import type { InquiryMessage } from "~/contracts/inquiries";

function ChatBubble({ message }: { message: InquiryMessage }) {
  const mine = message.author_type === "visitor";
  // docs/product/chat.md "Chat states": the owner's messages show under the owner's first name,
  // whichever admin account sent them (the stored sender is that account's own name).
  const name = mine ? inquiryChatCopy.visitorName : site.owner.firstName;
  return (
    <li
      className={`flex ${mine ? "justify-end" : "justify-start"}`}
      data-message-id={message.id}
      data-author={message.author_type}
    >
      <div className={`flex max-w-[88%] min-w-0 flex-col sm:max-w-[75%] ${mine ? "items-end" : "items-start"}`}>
        <p className="mb-1 flex items-baseline gap-2 px-1 text-xs text-slate-600">
          <span className="font-semibold text-slate-800">{name}</span>
          <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
        </p>
        <p
          data-testid="message-content"
          className={`rounded-2xl px-4 py-2.5 leading-6 whitespace-pre-wrap wrap-anywhere ${
            mine
              ? "rounded-br-sm bg-brand-700 text-white"
              : "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200"
          }`}
        >
          {message.content}
        </p>
      </div>
    </li>
  );
}

/**
 * The conversation (docs/product/chat.md "The chat pages": a history area 96 units high). It is a
 * live log, so screen readers hear each new message, and it keeps the newest message in view by
 * scrolling itself, never the page.
 */
export function ChatHistory({ messages, busy }: { messages: readonly InquiryMessage[]; busy: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const shownNewest = useRef<number | undefined>(undefined);
  // Only a new last message scrolls: a reload of the same list leaves the reader where they are.
  useEffect(() => {
    const newest = messages.at(-1)?.id;
    const box = ref.current;
    if (!box || newest === shownNewest.current) return;
    shownNewest.current = newest;
    box.scrollTop = box.scrollHeight;
  }, [messages]);

  return (
    <div
      ref={ref}
      role="log"
      aria-live="polite"
      aria-label={inquiryChatCopy.logLabel}
      aria-busy={busy || undefined}
      // Focusable so keyboard users can scroll back through a long conversation.
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="h-96 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 focus-visible:outline-offset-[-3px] sm:px-5"
    >
      {messages.length === 0 ? (
        busy ? (
          <p className="flex h-full items-center justify-center gap-2 text-slate-600">
            <span aria-hidden="true" className="h-2.5 w-2.5 animate-pulse rounded-full bg-brand-500" />
            {inquiryChatCopy.starting}
          </p>
        ) : null
      ) : (
        <ol className="space-y-4">
          {messages.map((message) => (
            <ChatBubble key={message.id} message={message} />
          ))}
        </ol>
      )}
    </div>
  );
}
