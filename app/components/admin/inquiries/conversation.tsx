import { useEffect, useRef } from "react";
import type { InquiryMessage } from "~/contracts/inquiries";
import { Badge } from "../ui/badge";
import { formatDateTime } from "../ui/format";
import { authorLabel } from "./labels";

/**
 * The conversation of an inquiry (docs/product/inquiries.md "The detail view"): each message under
 * its author (the owner's name, or 'Visitor'), with its message type, question type and options. It
 * is a live log: new messages are read out, and the newest stays in view by scrolling the box only.
 */
export function Conversation({ messages, labelledBy }: { messages: readonly InquiryMessage[]; labelledBy: string }) {
  const box = useRef<HTMLDivElement>(null);
  const newest = useRef<number | undefined>(undefined);
  useEffect(() => {
    const last = messages.at(-1)?.id;
    if (!box.current || last === newest.current) return;
    newest.current = last;
    box.current.scrollTop = box.current.scrollHeight;
  }, [messages]);

  return (
    <div
      ref={box}
      role="log"
      aria-live="polite"
      aria-labelledby={labelledBy}
      // Focusable so keyboard users can scroll back through a long conversation.
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="max-h-[32rem] min-h-48 overflow-y-auto overscroll-contain rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-4"
    >
      {messages.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol className="grid gap-3">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ol>
      )}
    </div>
  );
}

function MessageItem({ message }: { message: InquiryMessage }) {
  const owner = message.author_type === "admin";
  return (
    <li
      data-message-id={message.id}
      data-author={message.author_type}
      className={`min-w-0 rounded-lg p-3 ring-1 ${owner ? "bg-white ring-slate-200" : "bg-brand-50 ring-brand-200 sm:ml-8"}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-xs text-slate-600">
        <span className="text-sm font-semibold text-slate-900" data-testid="message-author">
          {authorLabel(message)}
        </span>
        {owner && <Badge tone="blue">Owner</Badge>}
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </p>
      <p
        className="mt-1 text-sm leading-6 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]"
        data-testid="message-content"
      >
        {message.content}
      </p>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <div className="flex gap-1">
          <dt>Message type:</dt>
          <dd className="font-medium text-slate-800">{message.message_type}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Question type:</dt>
          <dd className="font-medium text-slate-800">{message.question_type ?? "none"}</dd>
        </div>
        <div className="flex min-w-0 flex-wrap gap-1">
          <dt>Options:</dt>
          <dd className="min-w-0 font-medium text-slate-800">
            {message.options.length === 0 ? "none" : message.options.join(", ")}
          </dd>
        </div>
      </dl>
    </li>
  );
}
