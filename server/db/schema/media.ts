import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { projects } from "./crm";

/**
 * Uploaded files of the media library (back-office spec 3 "Media item").
 * The bytes live in the media store (ARCHITECTURE.md "files"); this row keeps
 * their keys. project_id names a CRM project (WBT-yyyy-XXXXXX); deleting the
 * project keeps its files and clears the link.
 */
export const MEDIA_FILE_TYPES = ["image", "video", "document", "application"] as const;
export type MediaFileType = (typeof MEDIA_FILE_TYPES)[number];

export const media = pgTable(
  "media",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
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
    index("media_created_idx").on(t.createdAt),
    index("media_project_idx").on(t.projectId),
    check("media_file_type_check", sql`${t.fileType} in ('image', 'video', 'document', 'application')`),
  ],
);
