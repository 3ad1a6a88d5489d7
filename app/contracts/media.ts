import { z } from "~/lib/zod";
import {
  MEDIA_FILE_TYPES,
  MEDIA_SORTS,
  MediaAnswerSchema,
  MediaDeletedSchema,
  MediaListSchema,
  MediaProjectListSchema,
  MediaUpdateSchema,
  NO_PROJECT,
} from "~/lib/admin/media";
import { endpoint } from "./endpoint";
import { IdParam } from "./params";

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

/** The media library (back-office spec 7) and the files themselves (public-site spec 3 "Media upload response"). */
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
