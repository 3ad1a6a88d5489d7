import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import { mediaStoreFor } from "../../services/media/store";
import {
  ALLOWED_TYPES_TEXT,
  deleteMedia,
  findServedMedia,
  MediaError,
  servesInline,
  updateMedia,
  uploadMedia,
  type MediaView,
} from "../../services/media/media";
import { listMedia, listMediaProjects } from "../../services/media/list";
import { previewSigner } from "../../services/media/preview";
import { cacheControlFor, canReadMedia, PRIVATE_CACHE } from "./media-access";
import * as routes from "./media.routes";
import { refused } from "../../lib/service-error";

const NO_FILE = 'No file: send one file in the field "file"';

export function registerMediaRoutes(app: OpenAPIHono<AppEnv>) {
  type Ctx = Parameters<Parameters<typeof app.openapi>[1]>[0];
  const uploadFailed = (c: Ctx, error: unknown) => {
    if (!(error instanceof MediaError)) throw error;
    if (error.status === 413) return jsonError(c, 413, error.message);
    if (error.status === 415) return jsonError(c, 415, error.message);
    return jsonError(c, 400, error.message);
  };
  const missing = (c: Ctx, error: unknown) => {
    return refused(c, error, [400, 404]);
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

  app.openapi(
    routes.upload,
    async (c) => {
      const form = c.req.valid("form");
      const file = form.file;
      if (file.size === 0) return jsonError(c, 400, NO_FILE);
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
      if (result.success) return;
      // A missing file (or text in its place) alone is answered as no file; anything else as a bad form.
      const onlyFile = result.error.issues.every((issue) => issue.path[0] === "file");
      return jsonError(c, 400, onlyFile ? NO_FILE : `No file or a bad form field. ${ALLOWED_TYPES_TEXT}`);
    },
  );

  app.openapi(routes.list, async (c) => {
    const { search, q, file_type, project_id, sort, limit, offset } = c.req.valid("query");
    const filter = { search: search ?? q, fileType: file_type, projectId: project_id, sort, limit, offset };
    return c.json(await listMedia(c.var.deps.db, filter, await view(c)), 200);
  });

  app.openapi(routes.listProjects, async (c) =>
    c.json(await listMediaProjects(c.var.deps.db, c.req.valid("query")), 200),
  );

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
