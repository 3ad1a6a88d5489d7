import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { inquiryChatCopy } from "~/content/chat-pages";
import type { AnswerControls } from "~/lib/chat/inquiry-messages";
import { MAX_CHAT_MESSAGE_LENGTH, type QuestionType } from "~/contracts/inquiry-terms";
import { SendIcon } from "~/components/ui/icons";

interface AnswerInputProps {
  controls: AnswerControls;
  /** Id of the question being answered: when it changes after a send, focus moves to the new controls. */
  questionId: number | undefined;
  sending: boolean;
  error: { detail?: string } | null;
  onSend: (text: string) => Promise<boolean>;
  /** Focus the answer controls as soon as they show (the button that opened the chat is gone). */
  focusOnStart?: boolean;
}

/** Hints for phone keyboards and autofill, by question. */
function fieldHints(type: QuestionType | null) {
  if (type === "email") {
    return { inputMode: "email" as const, autoComplete: "email", autoCapitalize: "off", spellCheck: false };
  }
  if (type === "name") return { autoComplete: "name", autoCapitalize: "words" };
  return { autoCapitalize: "sentences" };
}

const primaryOption =
  "min-h-11 rounded-full border-2 border-brand-700 bg-white px-4 py-2 text-left font-semibold text-brand-800 transition-colors hover:bg-brand-50 aria-disabled:cursor-wait aria-disabled:opacity-70";
const secondaryOption =
  "min-h-10 rounded-full border border-slate-400 bg-white px-3.5 py-1.5 text-left text-sm font-medium text-slate-800 transition-colors hover:bg-slate-100 aria-disabled:cursor-wait aria-disabled:opacity-70";

/**
 * How the visitor answers (docs/product/chat.md "Answering"): the free-text box (Enter sends,
 * Shift+Enter adds a line), option buttons, or both. The typed text stays in the box until the
 * server has stored it, so a failed send loses nothing. Controls stay focusable while sending
 * (aria-disabled, not disabled) so keyboard focus is never dropped.
 */
export function AnswerInput({ controls, questionId, sending, error, onSend, focusOnStart }: AnswerInputProps) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [lastTry, setLastTry] = useState<"text" | "option">("text");
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const optionsRef = useRef<HTMLDivElement>(null);
  // Where focus goes next: to the controls of the next question (after a send
  // the old ones may be gone). Focusing never scrolls the page: the chat keeps itself in view.
  const focusPlan = useRef<{ from: number | undefined | null } | null>(focusOnStart ? { from: null } : null);

  useEffect(() => {
    const plan = focusPlan.current;
    if (!plan || sending || plan.from === questionId) return;
    focusPlan.current = null;
    const options = { preventScroll: true };
    if (controls.freeText) boxRef.current?.focus(options);
    else optionsRef.current?.querySelector("button")?.focus(options);
  }, [questionId, sending, controls.freeText]);

  async function send(text: string, kind: "text" | "option") {
    if (sending) return;
    setLastTry(kind);
    focusPlan.current = { from: questionId };
    const stored = await onSend(text);
    if (!stored) {
      focusPlan.current = null;
      return;
    }
    if (kind === "text") setDraft("");
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(draft, "text");
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }

  const empty = draft.trim() === "";
  const options = controls.options.length ? (
    <div
      ref={optionsRef}
      role="group"
      aria-label={
        controls.optionStyle === "primary" ? inquiryChatCopy.optionsLabel : inquiryChatCopy.secondaryOptionsLabel
      }
      className={controls.optionStyle === "primary" ? "grid gap-2 sm:grid-cols-2" : "flex flex-wrap items-center gap-2"}
    >
      {controls.optionStyle === "secondary" ? (
        <span aria-hidden="true" className="text-sm text-slate-600">
          {inquiryChatCopy.secondaryOptionsLabel}:
        </span>
      ) : null}
      {controls.options.map((option) => (
        <button
          key={`${questionId}-${option}`}
          type="button"
          aria-disabled={sending || undefined}
          onClick={() => void send(option, "option")}
          className={controls.optionStyle === "primary" ? primaryOption : secondaryOption}
        >
          {option}
        </button>
      ))}
    </div>
  ) : null;

  return (
    <div className="border-t border-slate-200 bg-white px-4 py-4 sm:px-5" aria-busy={sending || undefined}>
      {controls.freeText ? (
        <form onSubmit={handleSubmit} className="space-y-3">
          <label htmlFor={`${id}-answer`} className="sr-only">
            {inquiryChatCopy.answerLabel}
          </label>
          <div className="flex items-end gap-2">
            <textarea
              ref={boxRef}
              id={`${id}-answer`}
              name="answer"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={handleKeyDown}
              readOnly={sending}
              rows={controls.questionType === "description" ? 4 : 2}
              maxLength={MAX_CHAT_MESSAGE_LENGTH}
              placeholder={inquiryChatCopy.answerPlaceholder}
              aria-describedby={`${id}-hint`}
              enterKeyHint="send"
              {...fieldHints(controls.questionType)}
              className="block min-h-12 w-full min-w-0 resize-y rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none read-only:bg-slate-50"
            />
            <button
              type="submit"
              aria-disabled={empty || sending || undefined}
              className="inline-flex min-h-12 shrink-0 items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-400 aria-disabled:text-slate-900"
            >
              <SendIcon className="h-4 w-4" />
              <span className="max-sm:sr-only">{sending ? inquiryChatCopy.sending : inquiryChatCopy.send}</span>
            </button>
          </div>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {inquiryChatCopy.answerHint}
          </p>
          {options}
        </form>
      ) : (
        options
      )}
      <div role="status">
        {error ? (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {lastTry === "text" ? (
              <>
                {inquiryChatCopy.sendFailed} {error.detail ? `${error.detail} ` : ""}
                {inquiryChatCopy.sendKept}
              </>
            ) : (
              <>
                {inquiryChatCopy.optionFailed}
                {error.detail ? ` ${error.detail}` : ""}
              </>
            )}
          </p>
        ) : null}
      </div>
    </div>
  );
}
