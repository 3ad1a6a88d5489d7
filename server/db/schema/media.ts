import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { posts } from "./content";
import { projects } from "./crm";

/**
 * Uploaded files of the media library (docs/product/media.md "Media item").
 * The bytes live in the media store (docs/product/architecture.md "Files"); this row keeps
 * their keys. project_id names a CRM project (WBT-yyyy-XXXXXX); deleting the
 * project keeps its files and clears the link.
 *
 * `key` is the file's address (/api/media/{key}): 128 random bits, base64url,
 * so no one can walk the library by counting (docs/decisions/012). The
 * numeric id stays the admin API's identifier.
 */
export const MEDIA_FILE_TYPES = ["image", "video", "document", "application"] as const;
export type MediaFileType = (typeof MEDIA_FILE_TYPES)[number];

/** 128 random bits as 22 base64url characters. */
export const newMediaKey = () => randomBytes(16).toString("base64url");

/**
 * What the library's search looks in: the original name, the stored filename and the
 * description, a line apart (no search box sends a line break, so no match spans two fields).
 * One expression, one trigram index: three ILIKEs joined by OR cost the planner three index
 * scans, and on a few thousand rows it read the whole table instead. The query must use this
 * very expression for the index to serve it.
 */
export const mediaSearchText = (t: { originalName: AnyPgColumn; filename: AnyPgColumn; description: AnyPgColumn }) =>
  sql<string>`(${t.originalName} || E'\\n' || ${t.filename} || E'\\n' || coalesce(${t.description}, ''))`;

export const media = pgTable(
  "media",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key")
      .notNull()
      .$defaultFn(() => newMediaKey()),
    filename: text("filename").notNull(),
    originalName: text("original_name").notNull(),
    description: text("description"),
    fileType: text("file_type").$type<MediaFileType>().notNull(),
    mimeType: text("mime_type").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    storageKey: text("storage_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("media_key_key").on(t.key),
    // The library, newest first, a page's ids read from the index alone (decision 049).
    index("media_created_idx").on(t.createdAt, t.id),
    index("media_project_idx").on(t.projectId),
    // The library's type filter, newest first, and its count (server/services/media/list.ts).
    index("media_file_type_created_idx").on(t.fileType, t.createdAt),
    // Its search box: ILIKE '%text%' through pg_trgm (the migration creates the extension first).
    index("media_search_text_trgm_idx").using("gin", sql`${mediaSearchText(t)} gin_trgm_ops`),
    check("media_file_type_check", sql`${t.fileType} in ('image', 'video', 'document', 'application')`),
  ],
);

/**
 * Which media addresses each post mentions (featured_image and content), kept
 * by a trigger on posts (migration 0006), so every writer - the admin API, the
 * import, the seed, plain SQL - keeps it right. A file is publicly cacheable
 * while a published post mentions it (docs/decisions/012).
 */
export const postMediaRefs = pgTable(
  "post_media_refs",
  {
    postId: bigint("post_id", { mode: "number" })
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    mediaKey: text("media_key").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.mediaKey] }), index("post_media_refs_key_idx").on(t.mediaKey)],
);

/**
 * Secrets the server makes for itself, shared by every app process through
 * the database: e.g. the key that signs short-lived media preview addresses.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
