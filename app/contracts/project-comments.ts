import { EXAMPLE_MEDIA_KEY, EXAMPLE_MEDIA_URL } from "~/contracts/examples";
import { z } from "~/contracts/zod";
import { MEDIA_FILE_TYPES, MediaAnswerSchema } from "~/contracts/media";
import { ProjectIdParam } from "./client-portal";
import { endpoint } from "./endpoint";
import { UploadForm } from "./media";

/**
 * A project's discussion (docs/product/client-portal.md "Project comment", "The calls";
 * docs/product/projects.md "The calls"; decision 017), shared through the endpoint table
 * (app/contracts/project-comments.ts) by the server's routes and the two chats that show it: the
 * client's in the portal and the owner's discussion panel. Who wrote a comment comes from the token
 * that posted it, never from the body.
 */

export const COMMENT_AUTHOR_TYPES = ["admin", "client"] as const;

export type CommentAuthorType = (typeof COMMENT_AUTHOR_TYPES)[number];

/** Longest comment, in characters. */
export const MAX_COMMENT_LENGTH = 5000;

/** Files one comment may carry. */
export const MAX_COMMENT_ATTACHMENTS = 10;

const KEY = EXAMPLE_MEDIA_KEY;

const SIGNED = "exp=1795431600&sig=Vb0Zq3kE1rQpW9yM2uHc8sJt4nLxA6dF5gR7oT0iY1w";

const PROJECT_ID = "WBT-2026-7KQ4MZ";

const ATTACHMENT_EXAMPLE = {
  id: 7,
  key: KEY,
  filename: "3f9c2a7b1d4e5f60718293a4.png",
  original_name: "Storefront.png",
  file_type: "image",
  file_size: 184_320,
  url: `${EXAMPLE_MEDIA_URL}?${SIGNED}`,
  thumbnail_url: `${EXAMPLE_MEDIA_URL}?thumb=1&${SIGNED}`,
} as const;

/** A file attached to a comment: a media item of the same project. */
export const CommentAttachmentSchema = z
  .object({
    id: z.number().int().meta({ example: 7, description: "The media item's id" }),
    key: z.string().meta({ example: KEY, description: "The file's key: /api/media/{key} is its address" }),
    filename: z.string().meta({ example: ATTACHMENT_EXAMPLE.filename, description: "The stored name" }),
    original_name: z.string().meta({ example: "Storefront.png", description: "The uploaded file's name" }),
    file_type: z.enum(MEDIA_FILE_TYPES).meta({ example: "image" }),
    file_size: z.number().int().min(0).meta({ example: 184_320, description: "Bytes" }),
    url: z.string().meta({
      example: ATTACHMENT_EXAMPLE.url,
      description:
        "The file, signed so a browser (an <img>, a link) can open it for an hour or two without sending a token",
    }),
    thumbnail_url: z.string().nullable().meta({
      example: ATTACHMENT_EXAMPLE.thumbnail_url,
      description: "The 400 px WebP thumbnail of an image, signed like url; null for other files",
    }),
  })
  .meta({ id: "CommentAttachment", example: ATTACHMENT_EXAMPLE });

export type CommentAttachment = z.infer<typeof CommentAttachmentSchema>;

/** A comment as the documentation shows it (also the example of the socket's new_comment frame). */
export const COMMENT_EXAMPLE = {
  id: 318,
  project_id: PROJECT_ID,
  author_name: "Maria Santos",
  author_email: "maria@example.com",
  author_type: "client",
  content: "Here is the photo of the shop front for the home page.",
  attachments: [ATTACHMENT_EXAMPLE],
  created_at: "2026-11-23T14:05:00.000Z",
} as const;

export const ProjectCommentSchema = z
  .object({
    id: z.number().int().meta({ example: 318 }),
    project_id: z.string().meta({ example: PROJECT_ID }),
    author_name: z.string().meta({
      example: "Maria Santos",
      description: "The admin's name, or the name of the project's contact the portal session stands for",
    }),
    author_email: z.string().nullable().meta({
      example: "maria@example.com",
      description: "The client contact's address; null for the owner (the sign-in address is never shown)",
    }),
    author_type: z.enum(COMMENT_AUTHOR_TYPES).meta({ example: "client" }),
    content: z.string().meta({ example: COMMENT_EXAMPLE.content, description: "May be empty when files are attached" }),
    attachments: z.array(CommentAttachmentSchema),
    created_at: z.string().meta({ format: "date-time", example: COMMENT_EXAMPLE.created_at }),
  })
  .meta({ id: "ProjectComment", example: COMMENT_EXAMPLE });

export type ProjectComment = z.infer<typeof ProjectCommentSchema>;

/** GET /api/projects/{id}/comments: oldest first. */
export const ProjectCommentsAnswerSchema = z
  .object({ comments: z.array(ProjectCommentSchema) })
  .meta({ id: "ProjectComments", example: { comments: [COMMENT_EXAMPLE] } });

export type ProjectCommentsAnswer = z.infer<typeof ProjectCommentsAnswerSchema>;

/** POST /api/projects/{id}/comments: the stored comment. */
export const ProjectCommentAnswerSchema = z
  .object({ comment: ProjectCommentSchema })
  .meta({ id: "ProjectCommentAnswer", example: { comment: COMMENT_EXAMPLE } });

/** The message a comment without text or files is refused with. */
export const EMPTY_COMMENT_MESSAGE = "Write a message or attach a file";

/**
 * POST /api/projects/{id}/comments (docs/product/client-portal.md "The calls"). The documented body
 * names the author (author_name, author_email, author_type): those fields are accepted and ignored,
 * since the author comes from the token. project_id, when sent, must be the project of the address.
 */
export const NewProjectCommentSchema = z
  .object({
    project_id: z.string().max(40).optional().meta({ example: PROJECT_ID, description: "The project in the address" }),
    author_name: z
      .string()
      .max(200)
      .optional()
      .meta({ example: "Maria Santos", description: "Ignored: the author comes from the token" }),
    author_email: z
      .string()
      .max(320)
      .nullable()
      .optional()
      .meta({ example: "maria@example.com", description: "Ignored: the author comes from the token" }),
    author_type: z
      .enum(COMMENT_AUTHOR_TYPES)
      .optional()
      .meta({ example: "client", description: "Ignored: the author comes from the token" }),
    content: z
      .string()
      .max(MAX_COMMENT_LENGTH, { error: `At most ${MAX_COMMENT_LENGTH} characters` })
      .default("")
      .meta({ example: "Here is the photo of the shop front for the home page." }),
    attachments: z
      .array(z.number().int().positive())
      .max(MAX_COMMENT_ATTACHMENTS, { error: `At most ${MAX_COMMENT_ATTACHMENTS} files per message` })
      .default([])
      .meta({ example: [7], description: "Ids of media items of this project (the upload's media.id)" }),
  })
  .superRefine((input, ctx) => {
    if (input.content.trim() === "" && input.attachments.length === 0)
      ctx.addIssue({ code: "custom", path: ["content"], message: EMPTY_COMMENT_MESSAGE });
  })
  .meta({
    id: "NewProjectComment",
    example: {
      project_id: PROJECT_ID,
      author_name: "Maria Santos",
      author_email: "maria@example.com",
      author_type: "client",
      content: "Here is the photo of the shop front for the home page.",
      attachments: [7],
    },
  });

export type NewProjectComment = z.input<typeof NewProjectCommentSchema>;

/** The client's upload form: the project is required (the client uploads to a project of theirs). */
export const ClientUploadForm = UploadForm.extend({
  project_id: z.string().min(1).max(40).meta({
    description: "The Project ID (WBT-yyyy-XXXXXX) of a project the portal session opens",
    example: "WBT-2026-7KQ4MZ",
  }),
});

/**
 * A project's discussion and the client's files (docs/product/client-portal.md "The calls";
 * decision 017). The comments take an admin token or a portal token of the project; the upload,
 * the client's portal session. The live feed is the project's socket (./project-events.ts).
 */
export const projectCommentsEndpoints = {
  /** The project's comments with their files, oldest first. */
  list: endpoint({
    method: "get",
    path: "/api/projects/{id}/comments",
    access: "project",
    params: ProjectIdParam,
    answer: ProjectCommentsAnswerSchema,
  }),
  /** Posts a comment as the token's holder: text, files of the project (media ids), or both. */
  post: endpoint({
    method: "post",
    path: "/api/projects/{id}/comments",
    access: "project",
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
};
