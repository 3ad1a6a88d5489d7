import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { emailHref, site } from "~/config/site";
import { inquiryChatCopy } from "~/content/chat-pages";
import { CheckIcon } from "~/components/ui/icons";
import { AnswerInput } from "./answer-input";
import { ChatHistory } from "./chat-history";
import { ChatProgress } from "./chat-progress";
import { useInquiryChat, type InquiryChatOptions } from "./use-inquiry-chat";

interface InquiryChatProps extends InquiryChatOptions {
  /** Move focus to the answer controls once they show (the page's start button is gone). */
  focusOnStart?: boolean;
}

function ChatHeader() {
  return (
    <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
      <span
        aria-hidden="true"
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
      >
        {site.owner.firstName.charAt(0)}
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{inquiryChatCopy.headerName}</p>
        <p className="text-sm text-slate-600">{inquiryChatCopy.headerRole}</p>
      </div>
    </div>
  );
}

function ThankYouPanel() {
  return (
    <div className="flex gap-3 border-t border-slate-200 bg-emerald-50 px-4 py-4 sm:px-5">
      <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <CheckIcon className="h-5 w-5" />
      </span>
      <div>
        <p className="font-semibold text-slate-900">{inquiryChatCopy.thanksTitle}</p>
        <p className="mt-1 leading-6 text-slate-700">{inquiryChatCopy.thanksText}</p>
      </div>
    </div>
  );
}

function StartFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="border-t border-slate-200 bg-white px-4 py-4 sm:px-5">
      <p className="font-semibold text-slate-900">{inquiryChatCopy.startFailedTitle}</p>
      <p className="mt-1 leading-6 text-slate-700">{inquiryChatCopy.startFailedText}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
        <button
          type="button"
          onClick={onRetry}
          className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {inquiryChatCopy.retry}
        </button>
        <Link to="/start-project" className="py-2 font-semibold text-brand-700 underline-offset-4 hover:underline">
          Project form
        </Link>
        <a href={emailHref} className="py-2 font-semibold break-all text-brand-700 underline-offset-4 hover:underline">
          {site.email}
        </a>
      </div>
    </div>
  );
}

/**
 * The guided inquiry chat (docs/product/chat.md "The chat pages", "Chat states", "Answering"):
 * loads the given inquiry or starts a new one, shows the conversation live, and takes the answers.
 * Failures are logged; what the visitor typed is never lost.
 */
export function InquiryChat({ focusOnStart, ...options }: InquiryChatProps) {
  const chat = useInquiryChat(options);
  const completed = chat.session?.status === "completed";
  const cardRef = useRef<HTMLDivElement>(null);
  // Opened by a button: bring the whole chat into view, below the sticky header.
  useEffect(() => {
    if (focusOnStart) cardRef.current?.scrollIntoView({ block: "start" });
  }, [focusOnStart]);
  return (
    <div
      ref={cardRef}
      className="scroll-mt-20 overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-lg"
      data-inquiry-id={chat.inquiryId ?? undefined}
      data-phase={chat.phase}
    >
      <ChatHeader />
      {chat.session ? <ChatProgress percentage={chat.session.completion_percentage} /> : null}
      <ChatHistory messages={chat.messages} busy={chat.phase === "starting"} />
      <noscript>
        <p className="border-t border-slate-200 px-4 py-4 text-slate-800 sm:px-5">{inquiryChatCopy.noScript}</p>
      </noscript>
      {chat.phase === "failed" ? (
        <StartFailed onRetry={chat.retry} />
      ) : completed ? (
        <ThankYouPanel />
      ) : chat.canAnswer ? (
        <AnswerInput
          controls={chat.controls}
          questionId={chat.question?.id}
          sending={chat.sending}
          error={chat.sendError}
          onSend={chat.send}
          focusOnStart={focusOnStart}
        />
      ) : null}
    </div>
  );
}
