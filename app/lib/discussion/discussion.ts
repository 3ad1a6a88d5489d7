import { ApiError } from "~/lib/api/api-error";
import { urlOf } from "~/lib/api/call";
import { TOO_MANY_REQUESTS } from "~/lib/api/wait";
import { browserEnvironment, connectLiveFeed, parseFrame, socketUrl, type LiveFeedEnvironment } from "~/lib/live-feed";
import { MAX_COMMENT_LENGTH, type ProjectComment } from "~/contracts/project-comments";
import {
  NewCommentEventSchema,
  PROJECT_EVENTS_PROTOCOL,
  projectEventsEndpoints,
  SESSION_ENDED_CLOSE,
} from "~/contracts/project-events";

/**
 * What the two views of a project's discussion share (docs/product/client-portal.md "Project chat";
 * docs/product/projects.md "Discussion"): the send rule, the pending files, the comment list kept
 * in order, and the live feed. The client's chat (app/components/portal/project-chat.tsx) and the
 * owner's panel (app/components/admin/projects/discussion-panel.tsx) differ only in how they call
 * the API.
 */

/** The client upload's limit (server/services/media/media.ts MAX_UPLOAD_BYTES). */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** docs/product/client-portal.md "Project chat": images, video, pdf, doc, docx, txt, csv, zip. */
export const ATTACHMENT_EXTENSIONS = [
  "jpg",
  "jpeg",
  "png",
  "webp",
  "gif",
  "avif",
  "mp4",
  "webm",
  "mov",
  "pdf",
  "doc",
  "docx",
  "txt",
  "csv",
  "zip",
] as const;
/** The file picker's accept list. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(",");
export { MAX_COMMENT_LENGTH };

export type PendingFileStatus = "waiting" | "uploading" | "uploaded" | "failed";

/** A file picked for the next message: uploaded when the message is sent, one at a time. */
export interface PendingFile {
  /** A key for the list (not the server's). */
  key: string;
  file: File;
  status: PendingFileStatus;
  /** The media id once uploaded (kept, so a retried send does not upload it again). */
  mediaId?: number;
  /** Why it failed, shown beside it. */
  error?: string;
}

/** Files a send would still upload or attach (failed ones are skipped). */
export const usableFiles = (files: readonly PendingFile[]) => files.filter((f) => f.status !== "failed");

/**
 * docs/product/client-portal.md "Project chat": sending is blocked while a send is under way, and
 * when the text is empty after trimming and no file can be attached.
 */
export function canSend(input: { text: string; files: readonly PendingFile[]; sending: boolean }): boolean {
  if (input.sending) return false;
  if (input.text.length > MAX_COMMENT_LENGTH) return false;
  return input.text.trim() !== "" || usableFiles(input.files).length > 0;
}

const extensionOf = (name: string) => (name.includes(".") ? name.split(".").pop()!.toLowerCase() : "");

/** Why a file cannot be sent at all (checked when it is picked; the server checks again), or undefined. */
export function attachmentProblem(file: Pick<File, "name" | "size">): string | undefined {
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
    return "This file type is not allowed: images, video, PDF, Word, text, CSV or ZIP";
  if (file.size > MAX_ATTACHMENT_BYTES) return "Too large: the limit is 25 MB";
  if (file.size === 0) return "This file is empty";
  return undefined;
}

let keySeq = 0;
/** Picked files as pending ones; those that cannot be sent are marked failed at once. */
export function pickFiles(files: Iterable<File>): PendingFile[] {
  return Array.from(files, (file) => {
    const problem = attachmentProblem(file);
    keySeq += 1;
    return { key: `f${keySeq}`, file, status: problem ? "failed" : "waiting", error: problem };
  });
}

/** The comment list in the server's order (oldest first, then by id), each comment once. */
export function mergeComments(list: readonly ProjectComment[], incoming: readonly ProjectComment[]): ProjectComment[] {
  const byId = new Map(list.map((c) => [c.id, c]));
  for (const comment of incoming) byId.set(comment.id, comment);
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

/**
 * One send (docs/product/client-portal.md "Project chat"): every usable file is uploaded, one call
 * at a time, unless it already was; a failed upload is marked failed and skipped. Then the comment
 * is posted with the uploaded files, unless nothing is left to post. `onFiles` reports each change
 * of the pending list. Answers the stored comment, or null when there was nothing left to post.
 * An upload told to wait (429, decision 046) stops the send: nothing is posted, the file waits for
 * the next send (the ones uploaded before it keep their media ids), and the refusal is thrown.
 */
export async function sendWithFiles(input: {
  text: string;
  files: readonly PendingFile[];
  upload: (file: File) => Promise<{ id: number }>;
  post: (body: { content: string; attachments: number[] }) => Promise<ProjectComment>;
  onFiles: (files: PendingFile[]) => void;
}): Promise<ProjectComment | null> {
  let files = [...input.files];
  const update = (key: string, change: Partial<PendingFile>) => {
    files = files.map((f) => (f.key === key ? { ...f, ...change } : f));
    input.onFiles(files);
  };
  for (const pending of input.files) {
    if (pending.status === "failed" || pending.mediaId !== undefined) continue;
    update(pending.key, { status: "uploading", error: undefined });
    try {
      const media = await input.upload(pending.file);
      update(pending.key, { status: "uploaded", mediaId: media.id });
    } catch (error) {
      if (error instanceof ApiError && error.status === TOO_MANY_REQUESTS) {
        update(pending.key, { status: "waiting", error: undefined });
        throw error;
      }
      console.warn(`Upload of ${pending.file.name} failed`, error);
      update(pending.key, { status: "failed", error: error instanceof Error ? error.message : "Upload failed" });
    }
  }
  const attachments = files.flatMap((f) => (f.status === "uploaded" && f.mediaId !== undefined ? [f.mediaId] : []));
  const content = input.text.trim();
  if (!content && attachments.length === 0) return null;
  return input.post({ content, attachments });
}

/**
 * What the box says when a send failed; the text and the files stay in it either way. Told to wait
 * (429, decision 046): the server's words, which say for how long.
 */
export function sendFailure(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === TOO_MANY_REQUESTS)
    return `${failure.message} Your message and its files are still here: send them then.`;
  const why = failure instanceof Error && failure.message ? `: ${failure.message}` : "";
  return `Your message was not sent${why}. It is still in the box; try again.`;
}

/** The parts of the browser the feed needs; tests pass fakes. */
export type DiscussionSocketEnvironment = LiveFeedEnvironment;

export interface DiscussionSocketHandlers {
  onComment: (comment: ProjectComment) => void;
  /** Each successful open; `reconnected` is false only for the first (reload the list then). */
  onOpen?: (info: { reconnected: boolean }) => void;
  /** The server closed the feed because the session ended: no more reconnecting. */
  onEnded?: () => void;
}

export const discussionSocketUrl = (projectId: string, location: Pick<Location, "protocol" | "host">) =>
  socketUrl(urlOf(projectEventsEndpoints.socket, { params: { id: projectId } }), location);

/** The comment of a socket frame, or undefined for anything else (ignored). */
export const parseCommentEvent = (data: unknown): ProjectComment | undefined =>
  parseFrame(data, (json) => NewCommentEventSchema.safeParse(json).data?.comment);

/**
 * The live feed of one project: WebSocket /api/projects/{id}/websocket, the token offered as the
 * second subprotocol (never in the address). Reconnects as app/lib/live-feed.ts does, and stops
 * for good when the server says the session ended. Answers the function that closes it.
 */
export function connectDiscussionSocket(
  projectId: string,
  token: string,
  handlers: DiscussionSocketHandlers,
  environment: DiscussionSocketEnvironment = browserEnvironment(),
): () => void {
  return connectLiveFeed(
    {
      name: "Project chat",
      url: discussionSocketUrl(projectId, environment.location),
      protocols: [PROJECT_EVENTS_PROTOCOL, token],
      parse: parseCommentEvent,
      onEvent: handlers.onComment,
      onOpen: handlers.onOpen,
      endCode: SESSION_ENDED_CLOSE,
      onEnded: handlers.onEnded,
    },
    environment,
  );
}
