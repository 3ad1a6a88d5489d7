import { createRoute, z } from "@hono/zod-openapi";
import {
  MEDIA_FILE_TYPES,
  MediaAnswerSchema,
  MediaDeletedSchema,
  MediaListSchema,
  MediaProjectListSchema,
  MediaUpdateSchema,
  MEDIA_SORTS,
  NO_PROJECT,
} from "~/lib/admin/media";
import { adminErrors, errorResponses, IdParam, json, jsonBody, notFound } from "../../lib/openapi";
import { SERVED_MIME_TYPES } from "../../services/media";

/** The media library API (back-office spec 7, public-site spec 3 "Media upload response"). */
export const MEDIA_UPLOAD_PATH = "/api/admin/media/upload";

const admin = { tags: ["Admin: media"], security: [{ bearerAuth: [] }] };

/** The upload's form. The file is checked in the handler (empty, type, size), which names what is wrong. */
export const UploadForm = z.object({
  file: z
    .instanceof(File)
    .openapi({ type: "string", format: "binary", description: "One file per call (25 MB at most)" }),
  project_id: z.string().max(100).optional().openapi({
    description: "Project ID (WBT-yyyy-XXXXXX) of an existing project; an unknown one answers 400",
    example: "WBT-2026-ABCDEF",
  }),
  description: z.string().max(2000).optional().openapi({ example: "The bakery's storefront" }),
});

/** A search box's text (search, q). */
const SearchText = z.string().max(200).optional();

/** The file's key (22 base64url characters); a running number is no address. */
const MediaIdParam = z.object({
  mediaId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .openapi({
      param: { name: "mediaId", in: "path" },
      description: "The file's key, as in its url",
      example: "k7Qm2xZ4b9Rt1LwP0aYc3D",
    }),
});
const ServeQuery = z.object({
  thumb: z.enum(["1", "true", "0", "false"]).optional().openapi({ example: "1" }),
  exp: z.string().max(20).optional().openapi({ description: "Preview signature's end (admin answers' preview_url)" }),
  sig: z.string().max(100).optional().openapi({ description: "Preview signature (admin answers' preview_url)" }),
});

/** A stored file's bytes, under each content type a file is served with. */
const FileBytes = z.string().openapi({ format: "binary", description: "The file's bytes" });
const fileContent = Object.fromEntries(SERVED_MIME_TYPES.map((type) => [type, { schema: FileBytes }]));

export const upload = createRoute({
  ...admin,
  method: "post",
  path: MEDIA_UPLOAD_PATH,
  summary: "Upload one file (images get a 400 px WebP thumbnail)",
  request: { body: { content: { "multipart/form-data": { schema: UploadForm } }, required: true } },
  responses: {
    201: json(MediaAnswerSchema, "Stored"),
    ...adminErrors,
    ...errorResponses([413, 415], { 413: "Larger than 25 MB", 415: "File type not allowed" }),
  },
});

/** The library's list and the picker's (limit=50): one page, in SQL, with how many match in all. */
export const list = createRoute({
  ...admin,
  method: "get",
  path: "/api/admin/media",
  summary: "Media, one page at a time, newest first unless sorted (filters search, file_type, project_id)",
  request: {
    query: z.object({
      search: SearchText.openapi({
        example: "storefront",
        description: "Part of the original name, the stored filename or the description; any case",
      }),
      q: SearchText.openapi({ example: "storefront", description: "The older name of search (search wins)" }),
      file_type: z.enum(MEDIA_FILE_TYPES).optional().openapi({ example: "image" }),
      project_id: z
        .string()
        .max(100)
        .optional()
        .openapi({
          example: "WBT-2026-ABCDEF",
          description: `A project's ID, or "${NO_PROJECT}" for the files of no project; left out: every file`,
        }),
      sort: z.enum(MEDIA_SORTS).optional().default("newest").openapi({ example: "newest" }),
      limit: z.coerce.number().int().min(1).max(500).optional().default(100).openapi({ example: 100 }),
      offset: z.coerce
        .number()
        .int()
        .min(0)
        .optional()
        .default(0)
        .openapi({ example: 0, description: "Files to skip: (page - 1) × limit" }),
    }),
  },
  responses: { 200: json(MediaListSchema, "A page of media and the total"), ...adminErrors },
});

export const listProjects = createRoute({
  ...admin,
  method: "get",
  path: "/api/admin/media/projects",
  summary: "The projects that have files, latest upload first (the library's Project filter)",
  request: {
    query: z.object({
      search: SearchText.openapi({ example: "bakery", description: "Part of the project's name or ID; any case" }),
      limit: z.coerce.number().int().min(1).max(100).optional().default(20).openapi({ example: 20 }),
    }),
  },
  responses: { 200: json(MediaProjectListSchema, "Projects with their file counts"), ...adminErrors },
});

export const update = createRoute({
  ...admin,
  method: "put",
  path: "/api/admin/media/{id}",
  summary: "Change the description and project",
  request: { params: IdParam, ...jsonBody(MediaUpdateSchema) },
  responses: { 200: json(MediaAnswerSchema, "Saved"), ...adminErrors, ...notFound },
});

export const remove = createRoute({
  ...admin,
  method: "delete",
  path: "/api/admin/media/{id}",
  summary: "Delete a file and its thumbnail",
  request: { params: IdParam },
  responses: { 200: json(MediaDeletedSchema, "Deleted"), ...adminErrors, ...notFound },
});

export const serve = createRoute({
  method: "get",
  path: "/api/media/{mediaId}",
  tags: ["Media"],
  summary:
    "The file itself (thumb=1 for the thumbnail of an image). A project's file needs an admin token, a portal token of its project or a preview signature, else 404",
  request: { params: MediaIdParam, query: ServeQuery },
  responses: {
    200: { description: "The file, with its own content type (a thumbnail is image/webp)", content: fileContent },
    304: { description: "Not modified: the If-None-Match ETag is still current" },
    ...errorResponses([404], { 404: "Unknown media, or a project's file without a token or signature" }),
  },
});
