import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { SendIcon } from "~/components/ui/icons";
import {
  ATTACHMENT_ACCEPT,
  canSend,
  MAX_COMMENT_LENGTH,
  pickFiles,
  sendFailure,
  sendWithFiles,
  type PendingFile,
} from "~/lib/discussion/discussion";
import { CommentList, type DiscussionViewer } from "./comment-list";
import { PendingFiles } from "./pending-files";
import { useDiscussion, type DiscussionApi } from "./use-discussion";

/**
 * A project's discussion, as the client sees it in the portal and the owner in the projects screen
 * (docs/product/client-portal.md "Project chat"; docs/product/projects.md "Discussion"): the
 * comments with their authors and files, live over the project's socket, and a box to write (Enter
 * sends, Shift+Enter adds a line) with files attached (uploaded one at a time on send; a failed one
 * is marked and skipped). The two views differ only in their calls (`api`) and whose messages are
 * "mine".
 */

/** The whole discussion: the list and the box to write in. Keyed by project by its callers. */
export function ProjectDiscussion({
  projectId,
  token,
  api,
  viewer,
  placeholder,
}: {
  projectId: string;
  /** The token the socket offers (admin or portal); without one the list still loads, not live. */
  token: string | null;
  api: DiscussionApi;
  viewer: DiscussionViewer;
  placeholder: string;
}) {
  const id = useId();
  const { comments, state, ended, retry, add } = useDiscussion(projectId, token, api);
  const [text, setText] = useState("");
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sendable = canSend({ text, files, sending });

  async function send() {
    if (!canSend({ text, files, sending })) return;
    setSending(true);
    setError(null);
    try {
      const comment = await sendWithFiles({ text, files, upload: api.upload, post: api.post, onFiles: setFiles });
      if (comment) {
        add(comment);
        setText("");
        setFiles([]);
      } else {
        setError("None of the files could be uploaded, so nothing was sent.");
      }
    } catch (failure) {
      console.warn("Project message was not sent", failure);
      setError(sendFailure(failure));
    } finally {
      setSending(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <div className="min-w-0 space-y-3" data-testid="project-discussion" aria-busy={sending || undefined}>
      <CommentList comments={comments} viewer={viewer} state={state} onRetry={retry} />
      {ended ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          Your session has ended: new messages no longer arrive here. Look your project up again to continue.
        </p>
      ) : null}
      <form onSubmit={handleSubmit} className="space-y-2">
        <label htmlFor={`${id}-message`} className="sr-only">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          readOnly={sending}
          rows={3}
          maxLength={MAX_COMMENT_LENGTH}
          placeholder={placeholder}
          aria-describedby={`${id}-hint`}
          enterKeyHint="send"
          className="block min-h-12 w-full min-w-0 resize-y rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 read-only:bg-slate-50 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          Enter sends; Shift+Enter starts a new line. Files: images, video, PDF, Word, text, CSV or ZIP, up to 25 MB
          each.
        </p>
        <PendingFiles
          files={files}
          sending={sending}
          onRemove={(key) => {
            if (!sending) setFiles((current) => current.filter((f) => f.key !== key));
          }}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          {/* The picker itself takes focus (its label is the visible button), so keyboards reach it. */}
          <div className="min-w-0">
            <input
              id={`${id}-files`}
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              className="peer sr-only"
              disabled={sending}
              onChange={(event) => {
                // Read now: clearing the input (so the same file can be picked again) empties its list.
                const picked = pickFiles(event.target.files ?? []);
                event.target.value = "";
                if (picked.length) setFiles((current) => [...current, ...picked]);
              }}
            />
            <label
              htmlFor={`${id}-files`}
              className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-slate-400 bg-white px-4 font-semibold text-slate-800 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:bg-slate-100"
            >
              Attach files
            </label>
          </div>
          <button
            type="submit"
            aria-disabled={!sendable || undefined}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-brand-700 px-5 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-400 aria-disabled:text-slate-900"
          >
            <SendIcon className="h-4 w-4" />
            {sending ? "Sending..." : "Send"}
          </button>
        </div>
        <div role="status" aria-live="polite">
          {error ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">{error}</p>
          ) : null}
        </div>
      </form>
    </div>
  );
}
