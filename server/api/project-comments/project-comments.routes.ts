import { projectCommentsEndpoints as endpoints } from "~/contracts/project-comments";
import { PROJECT_EVENTS_PROTOCOL, projectEventsEndpoints } from "~/contracts/project-events";
import { errorResponses, UPGRADE_REQUIRED } from "../../lib/openapi";
import { routeOf } from "../../lib/route-of";
import { streamedUploadForm } from "../../lib/upload-form";

/**
 * A project's discussion and the client's files (docs/product/client-portal.md "Project comment",
 * "The calls"; docs/product/projects.md "The calls"; decision 017). The comments take an admin
 * token or a portal token of the project as `Authorization: Bearer <token>`; the author of a
 * comment comes from that token, never from the body. The live feed, WebSocket
 * /api/projects/{id}/websocket, is served by server/realtime/project-sockets.ts:
 * `{ type: 'new_comment', comment }` per new comment, for a token of the project sent as the
 * `token` query parameter or as the second Sec-WebSocket-Protocol after `project-comments`.
 */
export const CLIENT_UPLOAD_PATH = endpoints.upload.path;

const tags = ["Project discussion"];

const accessErrors = errorResponses([401, 403, 404], {
  401: "No valid admin or portal token: look the project up again (or sign in)",
  403: "A portal token of other projects",
  404: "No such project (admin token)",
});

export const listComments = routeOf(endpoints.list, {
  tags,
  summary: "The project's comments with their files, oldest first",
  answer: "The comments",
  responses: {
    ...errorResponses([400], { 400: "The address names no project" }),
    ...accessErrors,
  },
});

export const postComment = routeOf(endpoints.post, {
  tags,
  summary: "Post a comment as the token's holder (the owner as admin, the client as client)",
  description:
    "Text, files of the project (media ids from an upload), or both. The author fields of the body are ignored. Every socket of the project, on any app process, receives it.",
  bodyDescription: "The comment",
  answer: "Stored and sent to the project's sockets",
  responses: {
    ...errorResponses([400], {
      400: "Neither text nor files, too long, another project's id, or a file that is not the project's",
    }),
    ...accessErrors,
  },
});

export const clientUpload = routeOf(endpoints.upload, {
  tags,
  limit: "upload",
  middleware: streamedUploadForm,
  summary: "The client uploads one file to a project of theirs (private to the project)",
  description:
    "One file per call, 25 MB at most (read as it arrives, refused once past it): images, video, PDF, Word (.doc, .docx), text, CSV or ZIP, checked by extension, declared type and content (a renamed program is refused). A path in the file's name is reduced to its last part; the file is stored under a generated name and served only to the project's tokens. Attach it to a comment by its media.id.",
  answer: "Stored",
  responses: {
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
export const commentsSocket = routeOf(projectEventsEndpoints.socket, {
  tags,
  summary: "Live feed of the project's new comments (WebSocket)",
  description: `Open it with a WebSocket client (wss:// on an https site). The token, an admin token or a portal token of the project, goes as the \`token\` query parameter or as the second subprotocol after \`${PROJECT_EVENTS_PROTOCOL}\` (Sec-WebSocket-Protocol: ${PROJECT_EVENTS_PROTOCOL}, <token>), since a browser cannot send headers on a socket. Each new comment of the project arrives as one JSON text frame. Refusals come before the upgrade, as HTTP answers with { error }. A request without Upgrade: websocket answers 426.`,
  answer: "Switching Protocols: the socket is open; each frame is one of these",
  responses: {
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
