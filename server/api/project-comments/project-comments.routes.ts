import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { MediaAnswerSchema } from "~/lib/admin/media";
import {
  COMMENT_SOCKET_PROTOCOL,
  NewCommentEventSchema,
  NewProjectCommentSchema,
  ProjectCommentAnswerSchema,
  ProjectCommentsAnswerSchema,
} from "~/lib/portal/comments";
import type { AppEnv } from "../../lib/app-env";
import { jsonError } from "../../lib/http-errors";
import { errorResponses, json, jsonBody, UPGRADE_REQUIRED } from "../../lib/openapi";
import { bearerToken } from "../../services/admin-sessions";
import { portalAccessOf, type PortalAccess } from "../../services/portal-access";
import { PORTAL_SIGN_IN_REQUIRED } from "../client-portal/portal-auth";
import { ProjectIdParam } from "../client-portal/client-portal.routes";
import { UploadForm } from "../media/media.routes";

/**
 * A project's discussion and the client's files (public-site spec 3 "Project comment", 7;
 * back-office spec 7; decision 017). The comments take an admin token or a portal token of the
 * project as `Authorization: Bearer <token>`; the author of a comment comes from that token,
 * never from the body. The live feed, WebSocket /api/projects/{id}/websocket, is served by
 * server/realtime/project-sockets.ts: `{ type: 'new_comment', comment }` per new comment, for a
 * token of the project sent as the `token` query parameter or as the second
 * Sec-WebSocket-Protocol after `project-comments`.
 */
export const CLIENT_UPLOAD_PATH = "/api/client/media/upload";

const security = [{ bearerAuth: [] }];
const tags = ["Project discussion"];

const accessErrors = errorResponses([401, 403, 404], {
  401: "No valid admin or portal token: look the project up again (or sign in)",
  403: "A portal token of other projects",
  404: "No such project (admin token)",
});

export const listComments = createRoute({
  method: "get",
  path: "/api/projects/{id}/comments",
  tags,
  security,
  summary: "The project's comments with their files, oldest first",
  request: { params: ProjectIdParam },
  responses: {
    200: json(ProjectCommentsAnswerSchema, "The comments"),
    ...errorResponses([400], { 400: "The address names no project" }),
    ...accessErrors,
  },
});

export const postComment = createRoute({
  method: "post",
  path: "/api/projects/{id}/comments",
  tags,
  security,
  summary: "Post a comment as the token's holder (the owner as admin, the client as client)",
  description:
    "Text, files of the project (media ids from an upload), or both. The author fields of the body are ignored. Every socket of the project, on any app process, receives it.",
  request: { params: ProjectIdParam, ...jsonBody(NewProjectCommentSchema, "The comment") },
  responses: {
    201: json(ProjectCommentAnswerSchema, "Stored and sent to the project's sockets"),
    ...errorResponses([400], {
      400: "Neither text nor files, too long, another project's id, or a file that is not the project's",
    }),
    ...accessErrors,
  },
});

/** The client's upload form: the project is required (the client uploads to a project of theirs). */
export const ClientUploadForm = UploadForm.extend({
  project_id: z.string().min(1).max(40).openapi({
    description: "The Project ID (WBT-yyyy-XXXXXX) of a project the portal session opens",
    example: "WBT-2026-7KQ4MZ",
  }),
});

/** The portal session of an upload, found before its form is read (see requirePortalToken). */
export const uploadAccess = new WeakMap<Request, PortalAccess>();

/** The upload's first step: 401 without a valid portal token, before the form is checked. */
export const requirePortalToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  const access = token ? await portalAccessOf(c.var.deps.db, token) : null;
  if (!access) {
    c.header("WWW-Authenticate", 'Bearer realm="client-portal"');
    return jsonError(c, 401, PORTAL_SIGN_IN_REQUIRED);
  }
  uploadAccess.set(c.req.raw, access);
  await next();
};

export const clientUpload = createRoute({
  method: "post",
  path: CLIENT_UPLOAD_PATH,
  tags,
  security,
  middleware: [requirePortalToken],
  summary: "The client uploads one file to a project of theirs (private to the project)",
  description:
    "One file per call, 25 MB at most: images, video, PDF, Word (.doc, .docx), text, CSV or ZIP, checked by extension, declared type and content (a renamed program is refused). A path in the file's name is reduced to its last part; the file is stored under a generated name and served only to the project's tokens. Attach it to a comment by its media.id.",
  request: { body: { content: { "multipart/form-data": { schema: ClientUploadForm } }, required: true } },
  responses: {
    201: json(MediaAnswerSchema, "Stored"),
    ...errorResponses([400, 401, 403, 413, 415], {
      400: "No file, a bad form field, or content that is not of the file's type",
      401: "No valid portal token: look the project up again",
      403: "The project is not among the portal session's projects",
      413: "Larger than 25 MB",
      415: "File type not allowed",
    }),
  },
});

/**
 * The live feed in the document: the upgrade is answered by server/realtime/project-sockets.ts,
 * and a plain GET here by this route's 426.
 */
export const commentsSocket = createRoute({
  method: "get",
  path: "/api/projects/{id}/websocket",
  tags,
  security,
  summary: "Live feed of the project's new comments (WebSocket)",
  description: `Open it with a WebSocket client (wss:// on an https site). The token, an admin token or a portal token of the project, goes as the \`token\` query parameter or as the second subprotocol after \`${COMMENT_SOCKET_PROTOCOL}\` (Sec-WebSocket-Protocol: ${COMMENT_SOCKET_PROTOCOL}, <token>), since a browser cannot send headers on a socket. Each new comment of the project arrives as one JSON text frame. Refusals come before the upgrade, as HTTP answers with { error }. A request without Upgrade: websocket answers 426.`,
  request: {
    params: ProjectIdParam,
    query: z.object({
      token: z
        .string()
        .max(200)
        .optional()
        .openapi({ description: "An admin token or a portal token of the project (or send it as the subprotocol)" }),
    }),
  },
  responses: {
    101: json(NewCommentEventSchema, "Switching Protocols: the socket is open; each frame is one of these"),
    ...errorResponses([400, 401, 403, 404, 426, 429, 503], {
      400: "The address does not name a project",
      401: "No valid admin or portal token of this project",
      403: "A portal token of other projects, or a page of another site",
      404: "No project with this ID",
      426: UPGRADE_REQUIRED,
      429: "Too many connections to this project or from this address",
      503: "Too many open connections on the server right now; try again shortly",
    }),
  },
});
