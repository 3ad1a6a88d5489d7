import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env";
import { jsonError, validationErrorBody, type ApiError } from "../../lib/http-errors";
import { UPGRADE_REQUIRED } from "../../lib/openapi";
import { bearerToken } from "../../lib/bearer-token";
import { ALLOWED_TYPES_TEXT, MediaError, uploadMedia } from "../../services/media/media";
import { previewSigner } from "../../services/media/preview";
import { mediaStoreFor } from "../../services/media/store";
import { canAccessProject } from "../../services/portal-access";
import {
  CommentError,
  createProjectComment,
  listProjectComments,
  normalizeProjectId,
  projectWriterOf,
} from "../../services/projects/comments";
import { PORTAL_NOT_YOURS, PORTAL_SIGN_IN_REQUIRED } from "../../lib/portal-auth";
import * as routes from "./project-comments.routes";

const NO_FILE = 'No file: send one file in the field "file"';
const NO_PROJECT = "No such project: check the Project ID";

export function registerProjectCommentRoutes(app: OpenAPIHono<AppEnv>) {
  type Ctx = Parameters<Parameters<typeof app.openapi>[1]>[0];

  /** The writer of the request's token for this project, or the refusal to answer. */
  const writerOf = async (c: Ctx, id: string) => {
    const projectId = normalizeProjectId(id);
    const found = await projectWriterOf(c.var.deps.db, bearerToken(c.req.header("authorization")), projectId);
    if (found.ok) return { projectId, writer: found.writer, refusal: undefined };
    if (found.status === 401) c.header("WWW-Authenticate", 'Bearer realm="client-portal"');
    const message =
      found.status === 401 ? PORTAL_SIGN_IN_REQUIRED : found.status === 403 ? PORTAL_NOT_YOURS : NO_PROJECT;
    return { projectId, writer: undefined, refusal: jsonError(c, found.status, message) };
  };

  // The socket itself is served by server/realtime; a request that does not upgrade is told how.
  app.openapi(routes.commentsSocket, (c) => {
    c.header("Upgrade", "websocket");
    return c.json({ error: UPGRADE_REQUIRED } satisfies ApiError, 426);
  });

  app.openapi(routes.listComments, async (c) => {
    const { projectId, refusal } = await writerOf(c, c.req.valid("param").id);
    if (refusal) return refusal;
    const { db } = c.var.deps;
    return c.json({ comments: await listProjectComments(db, projectId, await previewSigner(db)) }, 200);
  });

  app.openapi(routes.postComment, async (c) => {
    const { projectId, writer, refusal } = await writerOf(c, c.req.valid("param").id);
    if (refusal) return refusal;
    const input = c.req.valid("json");
    if (input.project_id !== undefined && normalizeProjectId(input.project_id) !== projectId)
      return c.json(
        {
          error: "Invalid request: project_id: Not the project in the address",
          fields: { project_id: "Not the project in the address" },
        },
        400,
      );
    const { db } = c.var.deps;
    try {
      const comment = await createProjectComment(
        db,
        { projectId, writer, content: input.content, attachments: input.attachments },
        await previewSigner(db),
      );
      return c.json({ comment }, 201);
    } catch (error) {
      if (!(error instanceof CommentError)) throw error;
      return c.json({ error: error.message, fields: { [error.field]: error.message } }, 400);
    }
  });

  app.openapi(
    routes.clientUpload,
    async (c) => {
      const access = c.var.portalAccess;
      if (!access) return jsonError(c, 401, PORTAL_SIGN_IN_REQUIRED);
      const form = c.req.valid("form");
      const { db, env } = c.var.deps;
      const projectId = normalizeProjectId(form.project_id);
      if (!(await canAccessProject(db, access, projectId))) return jsonError(c, 403, PORTAL_NOT_YOURS);
      if (form.file.size === 0) return jsonError(c, 400, NO_FILE);
      const store = mediaStoreFor(env);
      try {
        const media = await uploadMedia(
          db,
          store,
          { file: form.file, projectId, description: form.description },
          { publicUrl: store.publicUrl, previewQuery: await previewSigner(db) },
        );
        return c.json({ media }, 201);
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        if (error.status === 413) return jsonError(c, 413, error.message);
        if (error.status === 415) return jsonError(c, 415, error.message);
        return jsonError(c, 400, error.message);
      }
    },
    (result, c) => {
      if (result.success) return;
      // A missing file (or text in its place) alone is answered as no file; anything else names the fields.
      const onlyFile = result.error.issues.every((issue) => issue.path[0] === "file");
      if (onlyFile) return jsonError(c, 400, NO_FILE);
      const body = validationErrorBody(result.error);
      return c.json({ ...body, error: `${body.error}. ${ALLOWED_TYPES_TEXT}` }, 400);
    },
  );
}
