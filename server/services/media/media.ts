import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { media, postMediaRefs, posts, projects, type MediaFileType } from "../../db/schema/index";
import type { MediaItem } from "~/contracts/media";
import type { MediaStore } from "./store";
import { ServiceError } from "../../lib/service-error";

/** The media library (docs/product/media.md: "The library", "Upload dialog", "Media item", "The calls"). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = "File too large: the limit is 25 MB";
export const THUMBNAIL_WIDTH = 400;

interface AllowedType {
  fileType: MediaFileType;
  mimes: string[];
}
/** Extension -> kind and the MIME types a browser may send for it. No SVG: it can carry scripts. */
export const ALLOWED_TYPES: Record<string, AllowedType> = {
  jpg: { fileType: "image", mimes: ["image/jpeg", "image/pjpeg"] },
  jpeg: { fileType: "image", mimes: ["image/jpeg", "image/pjpeg"] },
  png: { fileType: "image", mimes: ["image/png"] },
  webp: { fileType: "image", mimes: ["image/webp"] },
  gif: { fileType: "image", mimes: ["image/gif"] },
  avif: { fileType: "image", mimes: ["image/avif"] },
  mp4: { fileType: "video", mimes: ["video/mp4"] },
  webm: { fileType: "video", mimes: ["video/webm"] },
  mov: { fileType: "video", mimes: ["video/quicktime"] },
  pdf: { fileType: "document", mimes: ["application/pdf"] },
  doc: { fileType: "document", mimes: ["application/msword"] },
  docx: { fileType: "document", mimes: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"] },
  txt: { fileType: "document", mimes: ["text/plain"] },
  csv: { fileType: "document", mimes: ["text/csv", "text/plain", "application/csv", "application/vnd.ms-excel"] },
  zip: { fileType: "application", mimes: ["application/zip", "application/x-zip-compressed"] },
};
export const ALLOWED_EXTENSIONS = Object.keys(ALLOWED_TYPES);
/** The content types a stored file is served with: each allowed type's first MIME type (thumbnails are WebP). */
export const SERVED_MIME_TYPES = [...new Set(Object.values(ALLOWED_TYPES).map((t) => t.mimes[0]!))];
export const ALLOWED_TYPES_TEXT = `Allowed file types: ${ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(", ")}`;
/** MIME types that say nothing about the content; the extension decides then. */
const GENERIC_MIMES = new Set(["", "application/octet-stream"]);

/**
 * A file that came in an upload form, on this machine's disk as it arrived
 * (server/lib/upload-form.ts): the store moves it from there, an image is decoded from there.
 */
export class DiskFile extends File {
  constructor(
    blob: Blob,
    name: string,
    readonly path: string,
  ) {
    super([blob], name, { type: blob.type });
  }
}

export class MediaError extends ServiceError<400 | 404 | 413 | 415> {}

/** The wire shape of a file (app/lib/admin/media.ts). */
export type { MediaItem };

type Row = typeof media.$inferSelect;

/** How an answer shows a row: the store's public address, and a preview signature for private files. */
export interface MediaView {
  publicUrl?: MediaStore["publicUrl"];
  /** A query string (`exp=...&sig=...`) that lets a browser read this private file for a while. */
  previewQuery?: (key: string) => string;
}

export const mediaPath = (key: string) => `/api/media/${key}`;

export const toMediaItem = (row: Row, view: MediaView = {}): MediaItem => {
  const url = mediaPath(row.key);
  const thumbnailUrl = row.thumbnailKey ? `${url}?thumb=1` : null;
  const signed = row.projectId && view.previewQuery ? view.previewQuery(row.key) : undefined;
  return {
    id: row.id,
    filename: row.filename,
    original_name: row.originalName,
    description: row.description,
    file_type: row.fileType,
    mime_type: row.mimeType,
    file_size: row.fileSize,
    width: row.width,
    height: row.height,
    url,
    thumbnail_url: thumbnailUrl,
    preview_url: signed ? `${url}?${signed}` : url,
    preview_thumbnail_url: thumbnailUrl && signed ? `${thumbnailUrl}&${signed}` : thumbnailUrl,
    r2_url: row.projectId ? null : (view.publicUrl?.(row.storageKey) ?? null),
    cloudinary_url: null,
    project_id: row.projectId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

/** Checks the extension and the MIME type together; answers the kind and the MIME type to serve. */
export function classifyUpload(name: string, mime: string): { ext: string; fileType: MediaFileType; mimeType: string } {
  const ext = name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";
  const allowed = ALLOWED_TYPES[ext];
  const given = mime.split(";")[0]!.trim().toLowerCase();
  if (!allowed || (!GENERIC_MIMES.has(given) && !allowed.mimes.includes(given)))
    throw new MediaError(415, `This file type is not allowed. ${ALLOWED_TYPES_TEXT}`);
  return { ext, fileType: allowed.fileType, mimeType: allowed.mimes[0]! };
}

/**
 * What a file's first bytes must be for its extension (its "magic number"): a renamed program
 * (an .exe called .pdf) is refused by its content, not only by its name. Text kinds must hold no
 * NUL byte (programs and other binary files do, early).
 */
const bytesAt = (bytes: Uint8Array, offset: number, expected: readonly number[]) =>
  expected.every((value, i) => bytes[offset + i] === value);
const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));
const ZIP_SIGNATURES = [ascii("PK\u0003\u0004"), ascii("PK\u0005\u0006"), ascii("PK\u0007\u0008")];
const ISO_BOXES = ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].map(ascii);
const TEXT_SNIFF_BYTES = 64 * 1024;
const isZip = (b: Uint8Array) => ZIP_SIGNATURES.some((sig) => bytesAt(b, 0, sig));
const isIsoMedia = (b: Uint8Array) => ISO_BOXES.some((box) => bytesAt(b, 4, box));
const isText = (b: Uint8Array) => !b.subarray(0, TEXT_SNIFF_BYTES).includes(0);
const CONTENT_CHECKS: Record<string, (bytes: Uint8Array) => boolean> = {
  jpg: (b) => bytesAt(b, 0, [0xff, 0xd8, 0xff]),
  jpeg: (b) => bytesAt(b, 0, [0xff, 0xd8, 0xff]),
  png: (b) => bytesAt(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (b) => bytesAt(b, 0, ascii("GIF87a")) || bytesAt(b, 0, ascii("GIF89a")),
  webp: (b) => bytesAt(b, 0, ascii("RIFF")) && bytesAt(b, 8, ascii("WEBP")),
  avif: (b) => bytesAt(b, 4, ascii("ftyp")),
  mp4: isIsoMedia,
  mov: isIsoMedia,
  webm: (b) => bytesAt(b, 0, [0x1a, 0x45, 0xdf, 0xa3]),
  // A PDF may have a little junk before its header; readers look in the first kilobyte.
  pdf: (b) => Buffer.from(b.subarray(0, 1024)).includes("%PDF-"),
  doc: (b) => bytesAt(b, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  docx: (b) => bytesAt(b, 0, ascii("PK\u0003\u0004")),
  zip: isZip,
  txt: isText,
  csv: isText,
};

/** Whether the bytes are what the extension says (ALLOWED_TYPES' extensions only). */
export function contentMatchesExtension(ext: string, bytes: Uint8Array): boolean {
  return CONTENT_CHECKS[ext]?.(bytes) ?? false;
}

/**
 * The last part of a path-like name ("../../plan.pdf", "C:\\Users\\me\\plan.pdf" -> "plan.pdf"):
 * browsers send only that part; the stored name is generated in any case.
 */
export const baseName = (name: string) => name.split(/[\\/]/).pop() ?? "";

/** The shown name: no path separators or control characters, 255 characters at most. */
const cleanName = (name: string) =>
  Array.from(name)
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && ch !== "/" && ch !== "\\")
    .join("")
    .trim()
    .slice(0, 255) || "file";
const emptyToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

const unknownProject = (id: string) =>
  new MediaError(
    400,
    `Unknown project "${id}": choose an existing project (WBT-yyyy-XXXXXX) or leave the project empty`,
  );
/** media.project_id references projects(id): a named project must exist (400, not a foreign-key 500). */
async function existingProjectId(db: Database, value: string | null | undefined): Promise<string | null> {
  const id = emptyToNull(value)?.toUpperCase() ?? null;
  if (id === null) return null;
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).limit(1);
  if (!row) throw unknownProject(id);
  return id;
}
/** The name of the foreign key in migration 0005. */
const MEDIA_PROJECT_FK = "media_project_id_projects_id_fk";
const isProjectReferenceError = (error: unknown) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.cause ?? e;
  return pg.code === "23503" && pg.constraint === MEDIA_PROJECT_FK;
};

export async function uploadMedia(
  db: Database,
  store: MediaStore,
  input: {
    file: File;
    projectId?: string | null;
    description?: string | null;
  },
  view: MediaView = {},
): Promise<MediaItem> {
  const { file } = input;
  if (file.size > MAX_UPLOAD_BYTES) throw new MediaError(413, TOO_LARGE_MESSAGE);
  const name = baseName(file.name);
  const { ext, fileType, mimeType } = classifyUpload(name, file.type);
  const projectId = await existingProjectId(db, input.projectId);
  // Every upload, the owner's as a client's: its first bytes must be of its extension's kind. Only
  // they are read here; the file (on disk when it came in an upload form) streams to the store.
  const head = new Uint8Array(await file.slice(0, TEXT_SNIFF_BYTES).arrayBuffer());
  if (!contentMatchesExtension(ext, head))
    throw new MediaError(
      400,
      `This file's content is not that of a .${ext} file, so it was not uploaded. Upload the original file. ${ALLOWED_TYPES_TEXT}`,
    );
  const id = randomBytes(12).toString("hex");
  const filename = `${id}.${ext}`;
  const storageKey = `files/${filename}`;
  let thumbnailKey: string | null = null;
  let width: number | null = null;
  let height: number | null = null;
  if (fileType === "image") {
    try {
      // Loaded on the first upload: libvips costs memory a public-only process never needs.
      const { default: sharp } = await import("sharp");
      // An image is decoded whole in any case; two uploads at most run at once (server/lib/call-limits.ts).
      const source = file instanceof DiskFile ? file.path : new Uint8Array(await file.arrayBuffer());
      const image = sharp(source, { animated: false });
      const meta = await image.metadata();
      width = meta.width ?? null;
      height = meta.height ?? null;
      const thumb = await image
        .rotate()
        .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      thumbnailKey = `thumbs/${id}.webp`;
      await store.put(thumbnailKey, thumb, "image/webp");
    } catch {
      throw new MediaError(
        415,
        "This image could not be read. Please upload a valid JPEG, PNG, WebP, GIF or AVIF file.",
      );
    }
  }
  if (file instanceof DiskFile) await store.putFile(storageKey, file.path, file.size, mimeType);
  else await store.put(storageKey, new Uint8Array(await file.arrayBuffer()), mimeType);
  const stored = [storageKey, ...(thumbnailKey ? [thumbnailKey] : [])];
  const [row] = await db
    .insert(media)
    .values({
      filename,
      originalName: cleanName(name),
      description: emptyToNull(input.description),
      fileType,
      mimeType,
      fileSize: file.size,
      width,
      height,
      storageKey,
      thumbnailKey,
      projectId,
    })
    .returning()
    .catch(async (error: unknown) => {
      // No row points at the bytes: remove them (best effort) before answering.
      await Promise.all(stored.map((key) => store.delete(key).catch(() => {})));
      // The project was deleted between the check and the insert.
      if (projectId && isProjectReferenceError(error)) throw unknownProject(projectId);
      throw error;
    });
  return toMediaItem(row!, view);
}

/**
 * The row behind an address, and whether published content shows it: a
 * published post (its publication time reached) mentions its key, as
 * post_media_refs records (kept by a trigger on posts). One indexed query, so
 * a hot image costs what the plain lookup did, and publishing, unpublishing or
 * a scheduled time passing is seen by the next request on every process.
 */
export async function findServedMedia(db: Database, key: string): Promise<(Row & { published: boolean }) | undefined> {
  const published = sql<boolean>`exists (
    select 1 from ${postMediaRefs} join ${posts} on ${posts.id} = ${postMediaRefs.postId}
    where ${postMediaRefs.mediaKey} = ${media.key} and ${posts.status} = 'published' and ${posts.publishedAt} <= now()
  )`;
  const [row] = await db.select({ row: media, published }).from(media).where(eq(media.key, key)).limit(1);
  return row ? { ...row.row, published: Boolean(row.published) } : undefined;
}

export async function updateMedia(
  db: Database,
  id: number,
  input: { description?: string | null; project_id?: string | null },
  view: MediaView = {},
): Promise<MediaItem> {
  const projectId = input.project_id !== undefined ? await existingProjectId(db, input.project_id) : undefined;
  const [row] = await db
    .update(media)
    .set({
      ...(input.description !== undefined ? { description: emptyToNull(input.description) } : {}),
      ...(projectId !== undefined ? { projectId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(media.id, id))
    .returning()
    .catch((error: unknown) => {
      if (projectId && isProjectReferenceError(error)) throw unknownProject(projectId);
      throw error;
    });
  if (!row) throw new MediaError(404, "Media not found");
  return toMediaItem(row, view);
}

export async function deleteMedia(db: Database, store: MediaStore, id: number): Promise<void> {
  const [row] = await db.delete(media).where(eq(media.id, id)).returning();
  if (!row) throw new MediaError(404, "Media not found");
  await store.delete(row.storageKey);
  if (row.thumbnailKey) await store.delete(row.thumbnailKey);
}

/** Images, video and PDF open in the browser; everything else downloads. */
export const servesInline = (row: Pick<Row, "fileType" | "mimeType">) =>
  row.fileType === "image" || row.fileType === "video" || row.mimeType === "application/pdf";
