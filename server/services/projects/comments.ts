import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { CommentAttachment, ProjectComment } from "~/contracts/project-comments";
import type { Database } from "../../db/client";
import {
  contacts,
  media,
  projectCommentMedia,
  projectComments,
  projectContacts,
  projects,
} from "../../db/schema/index";
import { verifyAdminToken, type AdminIdentity } from "../admin-sessions";
import { mediaPath } from "../media/media";
import { canAccessProject, normalizeEmail, portalAccessOf, type PortalAccess } from "../portal-access";
import { announceProjectEvent, newCommentFrame } from "./project-events";
import type { DbOrTx } from "../../db/tx";

/**
 * A project's discussion (docs/product/client-portal.md "Project chat", "Project comment" and
 * "The calls"; docs/product/projects.md "Discussion"; docs/decisions/017-client-portal-access.md):
 * the owner and the project's client write, with files of the project attached. Who wrote a comment
 * comes from the token that posted it. Every new comment is announced as the project's event
 * (./project-events.ts, LISTEN/NOTIFY) when its transaction commits, which the project sockets of
 * every app process relay (server/realtime/project-sockets.ts).
 */

/** The name shown for a client when the project has no contact to name them by. */
export const UNNAMED_CLIENT = "Client";

/** A comment that cannot be stored as sent (answered 400, naming the field). */
export class CommentError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** Who is writing: the owner (an admin token), or the client of a portal session. */
export type CommentWriter = { kind: "admin"; admin: AdminIdentity } | { kind: "client"; access: PortalAccess };

/** Signs a media key for a browser: `exp=...&sig=...` (previewSigner in media-preview.ts). */
export type SignMedia = (key: string) => string;

type CommentRow = typeof projectComments.$inferSelect;
type MediaRow = Pick<
  typeof media.$inferSelect,
  "id" | "key" | "filename" | "originalName" | "fileType" | "fileSize" | "thumbnailKey"
>;

const attachmentColumns = {
  id: media.id,
  key: media.key,
  filename: media.filename,
  originalName: media.originalName,
  fileType: media.fileType,
  fileSize: media.fileSize,
  thumbnailKey: media.thumbnailKey,
};

export function toAttachment(row: MediaRow, sign: SignMedia): CommentAttachment {
  const url = mediaPath(row.key);
  const signed = sign(row.key);
  return {
    id: row.id,
    key: row.key,
    filename: row.filename,
    original_name: row.originalName,
    file_type: row.fileType,
    file_size: row.fileSize,
    url: `${url}?${signed}`,
    thumbnail_url: row.thumbnailKey ? `${url}?thumb=1&${signed}` : null,
  };
}

export const toComment = (row: CommentRow, attachments: CommentAttachment[]): ProjectComment => ({
  id: row.id,
  project_id: row.projectId,
  author_name: row.authorName,
  author_email: row.authorEmail,
  author_type: row.authorType,
  content: row.content,
  attachments,
  created_at: row.createdAt.toISOString(),
});

/** Project IDs are stored upper case; the address may carry any case. */
export const normalizeProjectId = (id: string) => id.trim().toUpperCase();

export async function projectExists(db: Database, projectId: string): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return !!row;
}

/**
 * What a token may do with a project's discussion (decision 017): an admin token opens every
 * existing project; a portal token opens the projects of its session. 401 without a valid token,
 * 403 for a portal token of other projects (whether or not the project exists), 404 for an
 * admin naming no project.
 */
export async function projectWriterOf(
  db: Database,
  token: string | undefined,
  projectId: string,
): Promise<{ ok: true; writer: CommentWriter } | { ok: false; status: 401 | 403 | 404 }> {
  if (!token || token.length > 200) return { ok: false, status: 401 };
  const admin = await verifyAdminToken(db, token);
  if (admin)
    return (await projectExists(db, projectId))
      ? { ok: true, writer: { kind: "admin", admin } }
      : { ok: false, status: 404 };
  const access = await portalAccessOf(db, token);
  if (!access) return { ok: false, status: 401 };
  if (!(await canAccessProject(db, access, projectId))) return { ok: false, status: 403 };
  return { ok: true, writer: { kind: "client", access } };
}

/**
 * The author a writer posts as. The owner: their name, no address (the sign-in address is never
 * shown to clients). A client signed in by e-mail: the project's contact with that address. A
 * client who opened the project by its ID: the project's primary contact (else its first).
 */
export async function commentAuthor(
  db: DbOrTx,
  projectId: string,
  writer: CommentWriter,
): Promise<{ authorType: "admin" | "client"; authorName: string; authorEmail: string | null }> {
  if (writer.kind === "admin") return { authorType: "admin", authorName: writer.admin.name, authorEmail: null };
  const email = writer.access.email;
  const [contact] = await db
    .select({ name: contacts.name, email: contacts.email })
    .from(projectContacts)
    .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
    .where(
      and(
        eq(projectContacts.projectId, projectId),
        email === null ? undefined : sql`lower(${contacts.email}) = ${normalizeEmail(email)}`,
      ),
    )
    .orderBy(desc(projectContacts.isPrimary), asc(projectContacts.createdAt), asc(contacts.id))
    .limit(1);
  return {
    authorType: "client",
    authorName: contact?.name.trim() || UNNAMED_CLIENT,
    authorEmail: contact?.email ?? email,
  };
}

async function attachmentsOf(db: DbOrTx, commentIds: number[], sign: SignMedia) {
  const byComment = new Map<number, CommentAttachment[]>();
  if (commentIds.length === 0) return byComment;
  const rows = await db
    .select({ commentId: projectCommentMedia.commentId, ...attachmentColumns })
    .from(projectCommentMedia)
    .innerJoin(media, eq(media.id, projectCommentMedia.mediaId))
    .where(inArray(projectCommentMedia.commentId, commentIds))
    .orderBy(asc(projectCommentMedia.commentId), asc(media.id));
  for (const row of rows) {
    const list = byComment.get(row.commentId) ?? [];
    list.push(toAttachment(row, sign));
    byComment.set(row.commentId, list);
  }
  return byComment;
}

/** The project's comments, oldest first, each with its files. */
export async function listProjectComments(db: Database, projectId: string, sign: SignMedia): Promise<ProjectComment[]> {
  const rows = await db
    .select()
    .from(projectComments)
    .where(eq(projectComments.projectId, projectId))
    .orderBy(asc(projectComments.createdAt), asc(projectComments.id));
  const files = await attachmentsOf(
    db,
    rows.map((r) => r.id),
    sign,
  );
  return rows.map((row) => toComment(row, files.get(row.id) ?? []));
}

/** One comment by id (the socket loads a comment too long for a notification). */
export async function findProjectComment(
  db: Database,
  id: number,
  sign: SignMedia,
): Promise<ProjectComment | undefined> {
  const [row] = await db.select().from(projectComments).where(eq(projectComments.id, id)).limit(1);
  if (!row) return undefined;
  const files = await attachmentsOf(db, [row.id], sign);
  return toComment(row, files.get(row.id) ?? []);
}

/**
 * Stores a comment with its files and announces it, in one transaction: the notification goes
 * out when (and only if) the comment commits. Every file must be a media item of this project;
 * the rows are locked against deletion until the comment is stored.
 */
export async function createProjectComment(
  db: Database,
  input: { projectId: string; writer: CommentWriter; content: string; attachments: number[] },
  sign: SignMedia,
): Promise<ProjectComment> {
  const ids = [...new Set(input.attachments)];
  const content = input.content.trim();
  return db.transaction(async (tx) => {
    const author = await commentAuthor(tx, input.projectId, input.writer);
    const files = ids.length
      ? await tx
          .select(attachmentColumns)
          .from(media)
          .where(and(inArray(media.id, ids), eq(media.projectId, input.projectId)))
          .orderBy(asc(media.id))
          .for("key share")
      : [];
    const missing = ids.filter((id) => !files.some((f) => f.id === id));
    if (missing.length)
      throw new CommentError(
        `${missing.length === 1 ? "File" : "Files"} ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not among this project's files: upload ${missing.length === 1 ? "it" : "them"} to the project first`,
        "attachments",
      );
    // clock_timestamp(): comments of one transaction keep distinct, ordered times.
    const [row] = await tx
      .insert(projectComments)
      .values({ projectId: input.projectId, ...author, content, createdAt: sql`clock_timestamp()` })
      .returning();
    if (files.length)
      await tx.insert(projectCommentMedia).values(files.map((f) => ({ commentId: row!.id, mediaId: f.id })));
    const comment = toComment(
      row!,
      files.map((f) => toAttachment(f, sign)),
    );
    await announceProjectEvent(tx, {
      kind: "comment",
      projectId: comment.project_id,
      commentId: comment.id,
      frame: newCommentFrame(comment),
    });
    return comment;
  });
}
