import { EXAMPLE_MEDIA_URL, MEDIA_URL_DESCRIPTION } from "~/contracts/examples";
import { z } from "~/contracts/zod";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";

/**
 * The media library's shapes (docs/product/media.md "Media item", "The calls"; the media upload
 * response of docs/product/client-portal.md "Project comment").
 */
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

/** The library's orders; newest first unless asked (docs/product/media.md "The library"). */
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

/** The upload's form. The file is checked by the server (empty, type, size), which names what is wrong. */
export const UploadForm = z.object({
  file: z.instanceof(File).meta({ type: "string", format: "binary", description: "One file per call (25 MB at most)" }),
  project_id: z.string().max(100).optional().meta({
    description: "Project ID (WBT-yyyy-XXXXXX) of an existing project; an unknown one answers 400",
    example: "WBT-2026-ABCDEF",
  }),
  description: z.string().max(2000).optional().meta({ example: "The bakery's storefront" }),
});

/** A search box's text (search, q). */
const SearchText = z.string().max(200).optional();

/** The file's key (22 base64url characters); a running number is no address. */
const MediaIdParam = z.object({
  mediaId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .meta({
      param: { name: "mediaId", in: "path" },
      description: "The file's key, as in its url",
      example: "k7Qm2xZ4b9Rt1LwP0aYc3D",
    }),
});

/** A stored file's bytes. */
const FileBytes = z.string().meta({ format: "binary", description: "The file's bytes" });

/**
 * The media library (docs/product/media.md "The calls") and the files themselves
 * ("Who may read a file"; the media upload response of docs/product/client-portal.md
 * "Project comment").
 */
export const mediaEndpoints = {
  /** One file per call; an image gets a 400 px WebP thumbnail. */
  upload: endpoint({
    method: "post",
    path: "/api/admin/media/upload",
    access: "admin",
    bodyType: "multipart",
    body: UploadForm,
    answer: MediaAnswerSchema,
    status: 201,
  }),
  /** One page of files, newest first unless sorted, with how many match in all (the library and the picker). */
  list: endpoint({
    method: "get",
    path: "/api/admin/media",
    access: "admin",
    query: z.object({
      search: SearchText.meta({
        example: "storefront",
        description: "Part of the original name, the stored filename or the description; any case",
      }),
      q: SearchText.meta({ example: "storefront", description: "The older name of search (search wins)" }),
      file_type: z.enum(MEDIA_FILE_TYPES).optional().meta({ example: "image" }),
      project_id: z
        .string()
        .max(100)
        .optional()
        .meta({
          example: "WBT-2026-ABCDEF",
          description: `A project's ID, or "${NO_PROJECT}" for the files of no project; left out: every file`,
        }),
      sort: z.enum(MEDIA_SORTS).optional().default("newest").meta({ example: "newest" }),
      limit: z.coerce.number().int().min(1).max(500).optional().default(100).meta({ example: 100 }),
      offset: z.coerce
        .number()
        .int()
        .min(0)
        .optional()
        .default(0)
        .meta({ example: 0, description: "Files to skip: (page - 1) × limit" }),
    }),
    answer: MediaListSchema,
  }),
  /** The projects that have files, latest upload first (the library's Project filter). */
  listProjects: endpoint({
    method: "get",
    path: "/api/admin/media/projects",
    access: "admin",
    query: z.object({
      search: SearchText.meta({ example: "bakery", description: "Part of the project's name or ID; any case" }),
      limit: z.coerce.number().int().min(1).max(100).optional().default(20).meta({ example: 20 }),
    }),
    answer: MediaProjectListSchema,
  }),
  /** The description and the project. */
  update: endpoint({
    method: "put",
    path: "/api/admin/media/{id}",
    access: "admin",
    params: IdParam,
    body: MediaUpdateSchema,
    answer: MediaAnswerSchema,
  }),
  /** The file and its thumbnail. */
  remove: endpoint({
    method: "delete",
    path: "/api/admin/media/{id}",
    access: "admin",
    params: IdParam,
    answer: MediaDeletedSchema,
  }),
  /**
   * The file itself (thumb=1: an image's thumbnail), in its own type. Anyone may read a public
   * file; a project's needs an admin token, a portal token of its project or a preview signature.
   */
  serve: endpoint({
    method: "get",
    path: "/api/media/{mediaId}",
    access: "public",
    params: MediaIdParam,
    query: z.object({
      thumb: z.enum(["1", "true", "0", "false"]).optional().meta({ example: "1" }),
      exp: z.string().max(20).optional().meta({ description: "Preview signature's end (admin answers' preview_url)" }),
      sig: z.string().max(100).optional().meta({ description: "Preview signature (admin answers' preview_url)" }),
    }),
    answer: FileBytes,
    contentType: "*/*",
  }),
};
