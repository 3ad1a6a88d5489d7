import { FileName } from "~/components/ui/file-name";
import { formatFileSize } from "~/lib/file-size";
import { useEffect, useRef } from "react";
import { site } from "~/config/site";
import { formatMessageTime } from "~/lib/chat/format-time";
import type { CommentAttachment, ProjectComment } from "~/contracts/project-comments";

/**
 * A discussion's comments (project-discussion.tsx): each with its author, time and files, in a
 * live log that keeps the newest in view. Whose messages are "mine" is the viewer's side.
 */
export type DiscussionViewer = "client" | "admin";

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
