import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "../../lib/app-env";
import { MEDIA_FILE_TYPES } from "../../db/schema";
import { jsonError } from "../../lib/http-errors";
import { mediaStoreFor } from "../../services/media-store";
import {
  ALLOWED_TYPES_TEXT,
  deleteMedia,
  findServedMedia,
  listMedia,
  MAX_UPLOAD_BYTES,
  MediaError,
  servesInline,
  updateMedia,
  uploadMedia,
  type MediaView,
} from "../../services/media";
import { cacheControlFor, canReadMedia, PRIVATE_CACHE, previewSigner } from "./media-access";
import { adminErrors, ErrorSchema, IdParam, json, jsonBody, Loose, notFound } from "../../lib/openapi";

/** The media library API (back-office spec 7, public-site spec 3 "Media upload response"). */
export const MEDIA_UPLOAD_PATH = "/api/admin/media/upload";
/** Multipart framing around the file: headers, boundaries and the two small text fields. */
const MULTIPART_OVERHEAD = 64 * 1024;
const TOO_LARGE = "File too large: the limit is 25 MB";

const admin = { tags: ["Admin: media"], security: [{ bearerAuth: [] }] };
const MediaBody = z.object({ media: Loose });
const UploadForm = z.object({
  file: z.any().openapi({ type: "string", format: "binary", description: "One file per call (25 MB at most)" }),
  project_id: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "Project ID (WBT-yyyy-XXXXXX) of an existing project; an unknown one answers 400" }),
  description: z.string().max(2000).optional(),
});
const UpdateSchema = z.object({
  description: z.string().max(2000).nullable().optional(),
  project_id: z.string().max(100).nullable().optional(),
});
/** The file's key (22 base64url characters); a running number is no address. */
const MediaIdParam = z.object({
  mediaId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .openapi({ param: { name: "mediaId", in: "path" }, description: "The file's key, as in its url" }),
});
const ServeQuery = z.object({
  thumb: z.enum(["1", "true", "0", "false"]).optional(),
  exp: z.string().max(20).optional().openapi({ description: "Preview signature's end (admin answers' preview_url)" }),
  sig: z.string().max(100).optional().openapi({ description: "Preview signature (admin answers' preview_url)" }),
});

const routes = {
  upload: createRoute({
    ...admin,
    method: "post",
    path: MEDIA_UPLOAD_PATH,
    summary: "Upload one file (images get a 400 px WebP thumbnail)",
    request: { body: { content: { "multipart/form-data": { schema: UploadForm } }, required: true } },
    responses: {
      201: json(MediaBody, "Stored"),
      ...adminErrors,
      413: json(ErrorSchema, "Larger than 25 MB"),
      415: json(ErrorSchema, "File type not allowed"),
    },
  }),
  list: createRoute({
    ...admin,
    method: "get",
    path: "/api/admin/media",
    summary: "Media, newest first (filters file_type, project_id, q)",
    request: {
      query: z.object({
        file_type: z.enum(MEDIA_FILE_TYPES).optional(),
        project_id: z.string().max(100).optional(),
        q: z.string().max(200).optional(),
        limit: z.coerce.number().int().min(1).max(500).optional().default(100),
      }),
    },
    responses: { 200: json(z.object({ media: z.array(Loose), total: z.number() }), "Media"), ...adminErrors },
  }),
  update: createRoute({
    ...admin,
    method: "put",
    path: "/api/admin/media/{id}",
    summary: "Change the description and project",
    request: { params: IdParam, ...jsonBody(UpdateSchema) },
    responses: { 200: json(MediaBody, "Saved"), ...adminErrors, ...notFound },
  }),
  remove: createRoute({
    ...admin,
    method: "delete",
    path: "/api/admin/media/{id}",
    summary: "Delete a file and its thumbnail",
    request: { params: IdParam },
    responses: { 200: json(z.object({ success: z.literal(true) }), "Deleted"), ...adminErrors, ...notFound },
  }),
  serve: createRoute({
    method: "get",
    path: "/api/media/{mediaId}",
    tags: ["Media"],
    summary:
      "The file itself (thumb=1 for the thumbnail of an image). A project's file needs an admin token or a preview signature, else 404",
    request: { params: MediaIdParam, query: ServeQuery },
    responses: {
      200: {
        description: "The file",
        content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
      },
      304: { description: "Not modified" },
      404: json(ErrorSchema, "Unknown media"),
    },
  }),
};

export function registerMediaRoutes(app: OpenAPIHono<AppEnv>) {
  type Ctx = Parameters<Parameters<typeof app.openapi>[1]>[0];
  const uploadFailed = (c: Ctx, error: unknown) => {
    if (!(error instanceof MediaError)) throw error;
    if (error.status === 413) return jsonError(c, 413, error.message);
    if (error.status === 415) return jsonError(c, 415, error.message);
    return jsonError(c, 400, error.message);
  };
  const missing = (c: Ctx, error: unknown) => {
    if (error instanceof MediaError && error.status === 404) return jsonError(c, 404, error.message);
    if (error instanceof MediaError && error.status === 400) return jsonError(c, 400, error.message);
    throw error;
  };
  // One answer for unknown, deleted and not-yours, never cached, so none confirms a key.
  const notServed = (c: Ctx) => {
    c.header("Cache-Control", PRIVATE_CACHE);
    return jsonError(c, 404, "Media not found");
  };
  // Local disk or an S3-compatible bucket, as MEDIA_STORAGE says (docs/decisions/008).
  const store = (c: Ctx) => mediaStoreFor(c.var.deps.env);
  /** Admin answers: the bucket's address and signed previews of private files. */
  const view = async (c: Ctx): Promise<MediaView> => ({
    publicUrl: store(c).publicUrl,
    previewQuery: await previewSigner(c.var.deps.db),
  });

  // The upload route is exempt from the JSON body limit (server/app.ts) and has its own.
  app.use(
    MEDIA_UPLOAD_PATH,
    bodyLimit({ maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD, onError: (c) => jsonError(c, 413, TOO_LARGE) }),
  );

  app.openapi(
    routes.upload,
    async (c) => {
      const form = c.req.valid("form");
      const file: unknown = form.file;
      if (!(file instanceof File) || file.size === 0)
        return jsonError(c, 400, 'No file: send one file in the field "file"');
      try {
        const media = await uploadMedia(
          c.var.deps.db,
          store(c),
          {
            file,
            projectId: form.project_id,
            description: form.description,
          },
          await view(c),
        );
        return c.json({ media }, 201);
      } catch (error) {
        return uploadFailed(c, error);
      }
    },
    (result, c) => {
      if (!result.success) return jsonError(c, 400, `No file or a bad form field. ${ALLOWED_TYPES_TEXT}`);
    },
  );

  app.openapi(routes.list, async (c) => {
    const { file_type, project_id, q, limit } = c.req.valid("query");
    return c.json(
      await listMedia(c.var.deps.db, { fileType: file_type, projectId: project_id, q, limit }, await view(c)),
      200,
    );
  });

  app.openapi(routes.update, async (c) => {
    try {
      const id = c.req.valid("param").id;
      return c.json({ media: await updateMedia(c.var.deps.db, id, c.req.valid("json"), await view(c)) }, 200);
    } catch (error) {
      return missing(c, error);
    }
  });

  app.openapi(routes.remove, async (c) => {
    try {
      await deleteMedia(c.var.deps.db, store(c), c.req.valid("param").id);
      return c.json({ success: true as const }, 200);
    } catch (error) {
      return missing(c, error);
    }
  });

  app.openapi(
    routes.serve,
    async (c) => {
      // The row is read on every request (no cache), so a deleted file is gone at once.
      const row = await findServedMedia(c.var.deps.db, c.req.valid("param").mediaId);
      const thumb = ["1", "true"].includes(c.req.valid("query").thumb ?? "");
      const key = thumb ? row?.thumbnailKey : row?.storageKey;
      if (!row || !key || !(await canReadMedia(c, row))) return notServed(c);
      const cacheControl = cacheControlFor(row, row.published);
      const headers: Record<string, string> = { "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff" };
      // Nothing kept under no-store is revalidated: no ETag for private files.
      const etag = cacheControl === PRIVATE_CACHE ? undefined : `"media-${row.key}-${thumb ? "thumb" : "file"}"`;
      if (etag) {
        headers.ETag = etag;
        if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
      }
      const file = await store(c).get(key);
      if (!file) return notServed(c);
      const disposition = thumb || servesInline(row) ? "inline" : "attachment";
      const name = encodeURIComponent(row.originalName);
      return c.body(file.body, 200, {
        ...headers,
        "Content-Type": thumb ? "image/webp" : row.mimeType,
        "Content-Length": String(file.size),
        "Content-Disposition": `${disposition}; filename*=UTF-8''${name}`,
      });
    },
    (result, c) => {
      if (!result.success) return notServed(c);
    },
  );
}
