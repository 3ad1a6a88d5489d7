import { z } from "~/lib/zod";
import { MediaAnswerSchema } from "~/lib/admin/media";
import {
  NewCommentEventSchema,
  NewProjectCommentSchema,
  ProjectCommentAnswerSchema,
  ProjectCommentsAnswerSchema,
} from "~/lib/portal/comments";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import { UploadForm } from "./media";

/** The client's upload form: the project is required (the client uploads to a project of theirs). */
export const ClientUploadForm = UploadForm.extend({
  project_id: z.string().min(1).max(40).meta({
    description: "The Project ID (WBT-yyyy-XXXXXX) of a project the portal session opens",
    example: "WBT-2026-7KQ4MZ",
  }),
});

/**
 * A project's discussion and the client's files (public-site spec 7; decision 017). The
 * comments and the live feed take an admin token or a portal token of the project; the upload,
 * the client's portal session.
 */
export const projectCommentsEndpoints = {
  /** The project's comments with their files, oldest first. */
  list: endpoint({
    method: "get",
    path: "/api/projects/{id}/comments",
    access: "portal",
    params: ProjectIdParam,
    answer: ProjectCommentsAnswerSchema,
  }),
  /** Posts a comment as the token's holder: text, files of the project (media ids), or both. */
  post: endpoint({
    method: "post",
    path: "/api/projects/{id}/comments",
    access: "portal",
    params: ProjectIdParam,
    body: NewProjectCommentSchema,
    answer: ProjectCommentAnswerSchema,
    status: 201,
  }),
  /** The client uploads one file to a project of theirs (private to the project). */
  upload: endpoint({
    method: "post",
    path: "/api/client/media/upload",
    access: "portal",
    bodyType: "multipart",
    body: ClientUploadForm,
    answer: MediaAnswerSchema,
    status: 201,
  }),
  /**
   * The live feed, a WebSocket (server/realtime/project-sockets.ts): each frame is a new comment.
   * A browser offers its token as the second subprotocol rather than in the address.
   */
  socket: endpoint({
    method: "get",
    path: "/api/projects/{id}/websocket",
    access: "portal",
    params: ProjectIdParam,
    query: z.object({
      token: z
        .string()
        .max(200)
        .optional()
        .meta({ description: "An admin token or a portal token of the project (or send it as the subprotocol)" }),
    }),
    answer: NewCommentEventSchema,
    status: 101,
  }),
};
