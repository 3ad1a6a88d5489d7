import { useId, useState } from "react";
import { Send } from "lucide-react";
import { site } from "~/config/site";
import { ApiError } from "~/lib/api/call";
import { MAX_CHAT_MESSAGE_LENGTH } from "~/contracts/inquiry-terms";
import type { InquiryMessage } from "~/contracts/inquiries";
import { adminButton, inputClass } from "../ui/styles";
import { useSendReply } from "./api";

/** What the owner is told about a failed send; the text stays in the box for another try. */
function sendError(error: unknown): string {
  if (error instanceof ApiError && error.status === 0)
    return "Failed to send the reply: the server could not be reached. Your text is kept; check your connection and press Send again.";
  const detail = error instanceof Error && error.message ? error.message : "Failed to send the reply";
  return `${detail.replace(/[.\s]+$/, "")}. Your text is kept; press Send to try again.`;
}

/**
 * The owner's answer from the detail view: the visitor sees it live at /chat/{id}, under the
 * owner's first name. Enter sends and Shift+Enter adds a line, as in the chat itself.
 */
export function ReplyForm({
  inquiryId,
  visitor,
  onSent,
}: {
  inquiryId: string;
  visitor: string | null;
  onSent: (message: InquiryMessage) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useSendReply(inquiryId);
  const blank = text.trim() === "";

  function submit() {
    if (send.isPending) return;
    if (blank) {
      setError("Write a reply before sending.");
      return;
    }
    setError(null);
    send.mutate(text.trim(), {
      onSuccess: (answer) => {
        onSent(answer.message);
        setText("");
      },
      onError: (failure) => setError(sendError(failure)),
    });
  }

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-reply`} className="text-sm font-medium text-slate-800">
        Reply to {visitor?.trim() || "the visitor"}
      </label>
      <textarea
        id={`${id}-reply`}
        rows={3}
        value={text}
        maxLength={MAX_CHAT_MESSAGE_LENGTH}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`${inputClass} resize-y`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        The visitor sees it at once in their chat, from {site.owner.firstName}. Enter sends; Shift+Enter adds a line.
      </p>
      <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {error}
      </p>
      <div>
        <button type="submit" className={adminButton.primary} disabled={send.isPending} aria-busy={send.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {send.isPending ? "Sending..." : "Send"}
        </button>
      </div>
    </form>
  );
}
