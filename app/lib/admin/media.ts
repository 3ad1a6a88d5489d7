import { EXAMPLE_MEDIA_URL, MEDIA_URL_DESCRIPTION } from "~/contracts/examples";
import { z } from "~/lib/zod";

/** The media library's shapes (back-office spec 3 "Media item", 7; public-site spec 3 "Media upload response"). */
export const MEDIA_FILE_TYPES = ["image", "video", "document", "application"] as const;
export type MediaFileType = (typeof MEDIA_FILE_TYPES)[number];

const KEY_URL = EXAMPLE_MEDIA_URL;
const MEDIA_EXAMPLE = {
  id: 7,
  filename: "3f9c2a7b1d4e5f60718293a4.png",
  original_name: "Storefront.png",
  description: "The bakery's storefront",
  file_type: "image",
  mime_type: "image/png",
  file_size: 184_320,
  width: 1600,
  height: 1067,
  url: KEY_URL,
  thumbnail_url: `${KEY_URL}?thumb=1`,
  preview_url: KEY_URL,
  preview_thumbnail_url: `${KEY_URL}?thumb=1`,
  r2_url: null,
  cloudinary_url: null,
  project_id: null,
  created_at: "2026-11-22T10:15:00.000Z",
  updated_at: "2026-11-22T10:15:00.000Z",
} as const;

export const MediaItemSchema = z
  .object({
    id: z.number().int().meta({ example: 7 }),
    filename: z.string().meta({ example: MEDIA_EXAMPLE.filename, description: "The stored name" }),
    original_name: z.string().meta({ example: "Storefront.png", description: "The uploaded file's name" }),
    description: z.string().nullable().meta({ example: "The bakery's storefront" }),
    file_type: z.enum(MEDIA_FILE_TYPES).meta({ example: "image" }),
    mime_type: z.string().meta({ example: "image/png" }),
    file_size: z.number().int().min(0).meta({ example: 184_320, description: "Bytes" }),
    width: z.number().int().nullable().meta({ example: 1600, description: "Pixels, for images" }),
    height: z.number().int().nullable().meta({ example: 1067, description: "Pixels, for images" }),
    url: z.string().meta({ example: KEY_URL, description: MEDIA_URL_DESCRIPTION }),
    thumbnail_url: z
      .string()
      .nullable()
      .meta({ example: `${KEY_URL}?thumb=1`, description: "The 400 px WebP thumbnail of an image, else null" }),
    preview_url: z.string().meta({
      example: KEY_URL,
      description:
        "What an admin's browser can load for the next hour: url, signed for a project's file (private). Never put it in content",
    }),
    preview_thumbnail_url: z
      .string()
      .nullable()
      .meta({ example: `${KEY_URL}?thumb=1`, description: "thumbnail_url, signed like preview_url" }),
    r2_url: z.string().nullable().meta({
      example: null,
      description:
        "The public bucket/CDN address (MEDIA_STORAGE=s3 with S3_PUBLIC_URL), else null; null for a project's file",
    }),
    cloudinary_url: z.string().nullable().meta({ example: null, description: "Always null: kept for older clients" }),
    project_id: z
      .string()
      .nullable()
      .meta({ example: null, description: "The project (WBT-yyyy-XXXXXX) it belongs to" }),
    created_at: z.string().meta({ format: "date-time", example: MEDIA_EXAMPLE.created_at }),
    updated_at: z.string().meta({ format: "date-time", example: MEDIA_EXAMPLE.updated_at }),
  })
  .meta({ id: "MediaItem", example: MEDIA_EXAMPLE });
export type MediaItem = z.infer<typeof MediaItemSchema>;

/** One file: the upload's and the update's answer. */
export const MediaAnswerSchema = z.object({ media: MediaItemSchema }).meta({ id: "MediaAnswer" });

/** GET /api/admin/media: one page of files in the chosen order, and how many match the filters in all. */
export const MediaListSchema = z
  .object({
    media: z.array(MediaItemSchema),
    total: z.number().int().min(0).meta({ example: 1, description: "Files matching the filters, on every page" }),
  })
  .meta({ id: "MediaList" });

/** The library's orders; newest first unless asked (back-office spec 2 "Media library"). */
export const MEDIA_SORTS = ["newest", "oldest", "name", "largest"] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];
/** project_id's value for files of no project: no project ID (WBT-yyyy-XXXXXX) can be it. */
export const NO_PROJECT = "none";

/** GET /api/admin/media/projects: the projects that have files, for the library's Project filter. */
export const MediaProjectListSchema = z
  .object({
    projects: z.array(
      z.object({
        id: z.string().meta({ example: "WBT-2026-ABCDEF" }),
        name: z.string().meta({ example: "Harbor Bakery Website" }),
        files: z.number().int().min(1).meta({ example: 12, description: "How many files it has" }),
      }),
    ),
    total: z.number().int().min(0).meta({ example: 1, description: "Projects with files matching the search" }),
  })
  .meta({ id: "MediaProjectList" });
export type MediaProjectList = z.infer<typeof MediaProjectListSchema>;

/** PUT /api/admin/media/{id}: the description and the project; an empty value clears it. */
export const MediaUpdateSchema = z
  .object({
    description: z.string().max(2000).nullable().optional().meta({ example: "The bakery's storefront" }),
    project_id: z.string().max(100).nullable().optional().meta({ example: "WBT-2026-ABCDEF" }),
  })
  .meta({ id: "MediaUpdate" });

/** DELETE /api/admin/media/{id}: the file and its thumbnail are gone. */
export const MediaDeletedSchema = z
  .object({ success: z.literal(true) })
  .meta({ id: "MediaDeleted", example: { success: true } });
