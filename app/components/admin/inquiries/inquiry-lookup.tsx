import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { adminButton, inputClass } from "../ui/styles";
import { fetchInquiryChat, inquiryLoadError } from "./api";
import { lookupIdOf } from "./labels";
import { Spinner } from "../ui/loading";

/**
 * The lookup by a specific ID with a View button (docs/product/inquiries.md "The list": it needs
 * non-blank text; "Errors": its two error texts). The inquiry is loaded before it opens, so a wrong
 * ID is told here and the typed text stays for correcting. A pasted chat address works too.
 */
export function InquiryLookup({ onFound }: { onFound: (id: string) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wanted = lookupIdOf(text);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!wanted || busy) return;
    setBusy(true);
    setError(null);
    try {
      await fetchInquiryChat(queryClient, wanted);
      onFound(wanted);
    } catch (failure) {
      setError(inquiryLoadError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Look up an inquiry
      </h2>
      <div className="mt-2 flex flex-col gap-2 sm:max-w-2xl sm:flex-row">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-input`} className="sr-only">
            Inquiry ID
          </label>
          <input
            id={`${id}-input`}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(null);
            }}
            placeholder="Inquiry ID or chat address"
            autoComplete="off"
            spellCheck={false}
            maxLength={300}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${inputClass} font-mono`}
          />
        </div>
        <button type="submit" className={`${adminButton.secondary} shrink-0`} disabled={!wanted || busy}>
          {busy ? <Spinner /> : <Eye className="size-4" aria-hidden="true" />}
          View
        </button>
      </div>
      <p id={`${id}-error`} role="alert" className="empty:hidden mt-2 text-sm font-medium text-red-800">
        {error}
      </p>
    </form>
  );
}
