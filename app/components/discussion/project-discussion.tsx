import { FileName } from "~/components/ui/file-name";
import { formatFileSize } from "~/lib/file-size";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { site } from "~/config/site";
import { SendIcon } from "~/components/ui/icons";
import { formatMessageTime } from "~/lib/chat/format-time";
import type { CommentAttachment, ProjectComment } from "~/contracts/project-comments";
import {
  ATTACHMENT_ACCEPT,
  canSend,
  connectDiscussionSocket,
  MAX_COMMENT_LENGTH,
  mergeComments,
  pickFiles,
  sendFailure,
  sendWithFiles,
  type PendingFile,
} from "~/lib/discussion/discussion";

/**
 * A project's discussion, as the client sees it in the portal and the owner in the projects screen
 * (docs/product/client-portal.md "Project chat"; docs/product/projects.md "Discussion"): the
 * comments with their authors and files, live over the project's socket, and a box to write (Enter
 * sends, Shift+Enter adds a line) with files attached (uploaded one at a time on send; a failed one
 * is marked and skipped). The two views differ only in their calls (`api`) and whose messages are
 * "mine".
 */
export type DiscussionViewer = "client" | "admin";

export interface DiscussionApi {
  load: (signal?: AbortSignal) => Promise<ProjectComment[]>;
  post: (body: { content: string; attachments: number[] }) => Promise<ProjectComment>;
  upload: (file: File) => Promise<{ id: number }>;
}

const authorTag = (comment: ProjectComment) => (comment.author_type === "admin" ? site.brand : "Client");

function AttachmentLink({ file, mine }: { file: CommentAttachment; mine: boolean }) {
  if (file.file_type === "image" && file.thumbnail_url) {
    return (
      <a
        href={file.url}
        target="_blank"
        rel="noopener noreferrer"
        className="block overflow-hidden rounded-lg ring-1 ring-slate-200 focus-visible:outline-3 focus-visible:outline-offset-2"
      >
        <img
          src={file.thumbnail_url}
          alt={file.original_name}
          loading="lazy"
          className="max-h-48 w-auto max-w-full bg-slate-100 object-contain"
        />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <a
      href={file.url}
      target="_blank"
      rel="noopener noreferrer"
      className={`flex min-h-11 max-w-full items-center gap-2 rounded-lg px-3 py-2 text-sm underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 ${
        mine ? "bg-white/15 text-white" : "bg-slate-100 text-slate-900"
      }`}
    >
      <span aria-hidden="true" className="shrink-0 text-xs font-bold tracking-wide uppercase">
        {file.original_name.split(".").pop()?.slice(0, 4) ?? "file"}
      </span>
      <FileName name={file.original_name} className="font-medium" />
      <span className="shrink-0 text-xs opacity-90">{formatFileSize(file.file_size)}</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function CommentBubble({ comment, viewer }: { comment: ProjectComment; viewer: DiscussionViewer }) {
  const mine = comment.author_type === viewer;
  return (
    <li
      className={`flex ${mine ? "justify-end" : "justify-start"}`}
      data-comment-id={comment.id}
      data-author={comment.author_type}
    >
      <div className={`flex max-w-[90%] min-w-0 flex-col sm:max-w-[75%] ${mine ? "items-end" : "items-start"}`}>
        <p className="mb-1 flex flex-wrap items-baseline gap-x-2 px-1 text-xs text-slate-600">
          <span className="font-semibold text-slate-800">{comment.author_name}</span>
          <span>{authorTag(comment)}</span>
          <time dateTime={comment.created_at}>{formatMessageTime(comment.created_at)}</time>
        </p>
        <div
          className={`min-w-0 max-w-full space-y-2 rounded-2xl px-4 py-2.5 ${
            mine
              ? "rounded-br-sm bg-brand-700 text-white"
              : "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200"
          }`}
        >
          {comment.content ? (
            <p data-testid="comment-content" className="leading-6 whitespace-pre-wrap wrap-anywhere">
              {comment.content}
            </p>
          ) : null}
          {comment.attachments.length ? (
            <ul aria-label="Attached files" className="space-y-2">
              {comment.attachments.map((file) => (
                <li key={file.id} className="min-w-0">
                  <AttachmentLink file={file} mine={mine} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * The comments, oldest first: a live log (screen readers hear new ones) that keeps the newest
 * in view by scrolling itself, never the page. Shared by the client's chat and the owner's panel.
 */
export function CommentList({
  comments,
  viewer,
  state,
  onRetry,
}: {
  comments: readonly ProjectComment[];
  viewer: DiscussionViewer;
  state: "loading" | "ready" | "error";
  onRetry?: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const shownNewest = useRef<number | undefined>(undefined);
  useEffect(() => {
    const newest = comments.at(-1)?.id;
    const box = ref.current;
    if (!box || newest === shownNewest.current) return;
    shownNewest.current = newest;
    box.scrollTop = box.scrollHeight;
  }, [comments]);

  return (
    <div
      ref={ref}
      role="log"
      aria-live="polite"
      aria-label="Project messages"
      aria-busy={state === "loading" || undefined}
      // Focusable so keyboard users can scroll back through a long discussion.
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="h-80 overflow-y-auto overscroll-contain rounded-xl bg-slate-50 px-3 py-4 ring-1 ring-slate-200 focus-visible:outline-offset-[-3px] sm:h-96 sm:px-4"
    >
      {comments.length ? (
        <ol className="space-y-4">
          {comments.map((comment) => (
            <CommentBubble key={comment.id} comment={comment} viewer={viewer} />
          ))}
        </ol>
      ) : state === "loading" ? (
        <p className="flex h-full items-center justify-center text-slate-600">Loading messages...</p>
      ) : state === "error" ? (
        <div className="flex h-full flex-col items-center justify-center gap-3 text-center text-slate-700">
          <p>The messages could not be loaded.</p>
          {onRetry ? (
            <button
              type="button"
              onClick={onRetry}
              className="min-h-11 rounded-lg border border-slate-400 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-100"
            >
              Try again
            </button>
          ) : null}
        </div>
      ) : (
        <p className="flex h-full items-center justify-center text-center text-slate-600">
          No messages yet. Write the first one below.
        </p>
      )}
    </div>
  );
}

const STATUS_TEXT: Record<PendingFile["status"], string> = {
  waiting: "Ready to send",
  uploading: "Uploading...",
  uploaded: "Uploaded",
  failed: "Failed",
};

function PendingFiles({
  files,
  sending,
  onRemove,
}: {
  files: readonly PendingFile[];
  sending: boolean;
  onRemove: (key: string) => void;
}) {
  if (!files.length) return null;
  return (
    <ul aria-label="Files to send" className="space-y-1.5">
      {files.map((f) => (
        <li
          key={f.key}
          data-status={f.status}
          className={`flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 rounded-lg px-3 py-1.5 text-sm ${
            f.status === "failed" ? "bg-red-50 text-red-900 ring-1 ring-red-200" : "bg-slate-100 text-slate-800"
          }`}
        >
          <FileName name={f.file.name} className="flex-1 font-medium" />
          <span className="shrink-0 text-xs">{formatFileSize(f.file.size)}</span>
          <span className="shrink-0 text-xs font-semibold">
            {STATUS_TEXT[f.status]}
            {f.status === "failed" && f.error ? `: ${f.error}` : ""}
          </span>
          <button
            type="button"
            onClick={() => onRemove(f.key)}
            aria-disabled={sending || undefined}
            aria-label={`Remove ${f.file.name}`}
            className="min-h-8 shrink-0 rounded-md px-2 text-xs font-semibold underline hover:bg-white/70 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The comments of a project and their live feed; reloads after a reconnect to catch what it
 * missed. Mount it once per project (`key={projectId}`): its state belongs to one project.
 */
export function useDiscussion(projectId: string, token: string | null, api: DiscussionApi) {
  const [comments, setComments] = useState<ProjectComment[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [ended, setEnded] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      api.load(signal).then(
        (list) => {
          setComments((current) => mergeComments(current, list));
          setState("ready");
        },
        (error: unknown) => {
          if ((error as Error).name === "AbortError") return;
          console.warn("Project messages could not be loaded", error);
          setState((current) => (current === "ready" ? current : "error"));
        },
      ),
    [api],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    if (!token) return;
    return connectDiscussionSocket(projectId, token, {
      onComment: (comment) => setComments((current) => mergeComments(current, [comment])),
      onOpen: ({ reconnected }) => {
        if (reconnected) void load();
      },
      onEnded: () => setEnded(true),
    });
  }, [projectId, token, load]);

  const add = useCallback((comment: ProjectComment) => setComments((current) => mergeComments(current, [comment])), []);
  const retry = useCallback(() => {
    setState("loading");
    void load();
  }, [load]);
  return { comments, state, ended, retry, add };
}

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
