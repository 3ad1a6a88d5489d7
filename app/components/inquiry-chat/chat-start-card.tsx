import { chatCopy, chatQuestions, inquiryChatCopy } from "~/content/chat-pages";
import { buttonClass } from "~/components/ui/button";
import { ChatIcon } from "~/components/ui/icons";

/** /chat before the chat opens: what it asks, and the button that opens it in this same place. */
export function ChatStartCard({ onStart, onPrepare }: { onStart: () => void; onPrepare?: () => void }) {
  return (
    <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8">
      <h2 id="chat-start-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {chatCopy.startTitle}
      </h2>
      <p className="mt-2 text-slate-700">{chatCopy.startIntro}</p>
      <ol className="mt-6 grid gap-x-8 gap-y-4 sm:grid-cols-2">
        {chatQuestions.map((question, index) => (
          <li key={question.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-semibold text-slate-900">{question.title}</p>
              <p className="text-sm leading-6 text-slate-700">{question.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
        <button
          type="button"
          onClick={onStart}
          onPointerEnter={onPrepare}
          onFocus={onPrepare}
          onTouchStart={onPrepare}
          className={buttonClass.primary}
        >
          <ChatIcon className="h-5 w-5" />
          {chatCopy.startLabel}
        </button>
        <p className="text-sm text-slate-700">{chatCopy.startNote}</p>
      </div>
      <noscript>
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-slate-800">{inquiryChatCopy.noScript}</p>
      </noscript>
    </div>
  );
}
