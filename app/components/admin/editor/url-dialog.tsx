import { useId, useState } from "react";
import { Dialog as RadixDialog } from "radix-ui";
import { adminButton, inputClass, labelClass } from "~/components/admin/ui/styles";

export interface UrlRequest {
  kind: "link" | "image";
  url: string;
  text: string;
}

/**
 * Asks for a link's or an image's address (docs/product/posts-and-portfolio.md "Commands":
 * inserting a link asks for its address in a dialog): a small labelled dialog instead of
 * window.prompt, with the text too.
 */
export function UrlDialog({
  request,
  onSubmit,
  onClose,
}: {
  request: UrlRequest | null;
  onSubmit: (url: string, text: string) => void;
  /** Called after it closed, either way, to give focus back to the editor. */
  onClose: () => void;
}) {
  return (
    <RadixDialog.Root open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <RadixDialog.Content
          className="fixed top-[15vh] left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 rounded-xl bg-white p-5 shadow-xl focus:outline-none"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClose();
          }}
        >
          {/* Keyed so each request starts from its own values. */}
          {request && (
            <UrlForm key={`${request.kind}:${request.url}:${request.text}`} request={request} onSubmit={onSubmit} />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function UrlForm({ request, onSubmit }: { request: UrlRequest; onSubmit: (url: string, text: string) => void }) {
  const id = useId();
  const [url, setUrl] = useState(request.url);
  const [text, setText] = useState(request.text);
  const [error, setError] = useState(false);
  const link = request.kind === "link";

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog sits inside the post form in React's tree: its submit must not reach that form.
    event.stopPropagation();
    if (!url.trim()) {
      setError(true);
      return;
    }
    onSubmit(url.trim(), text);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <RadixDialog.Title className="text-lg font-semibold text-slate-900">
        {link ? "Insert link" : "Insert image"}
      </RadixDialog.Title>
      <div>
        <label htmlFor={`${id}-url`} className={labelClass}>
          {link ? "URL" : "Image URL"}
        </label>
        <input
          id={`${id}-url`}
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder={link ? "https://example.com or /pricing" : "https://example.com/photo.jpg"}
          className={`mt-1 ${inputClass}`}
          value={url}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(false);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            Enter an address.
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-text`} className={labelClass}>
          {link ? "Link text" : "Alt text (describes the image)"}
        </label>
        <input
          id={`${id}-text`}
          type="text"
          className={`mt-1 ${inputClass}`}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="flex justify-end gap-2">
        <RadixDialog.Close className={adminButton.secondary}>Cancel</RadixDialog.Close>
        <button type="submit" className={adminButton.primary}>
          Insert
        </button>
      </div>
    </form>
  );
}
