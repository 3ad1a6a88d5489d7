import type { z } from "zod";
import { MediaAnswerSchema, type MediaItem } from "~/lib/admin/media";
import { FailedAnswerSchema } from "~/lib/forms/answers";
import {
  ProjectCommentAnswerSchema,
  ProjectCommentsAnswerSchema,
  type NewProjectComment,
  type ProjectComment,
} from "./comments";

/**
 * The client's calls for a project's discussion (public-site spec 7; decision 017), each with
 * the portal session as `Authorization: Bearer <token>` and each answer parsed with the route's
 * shared schema. A failure throws an Error carrying the server's message when it sent one.
 */
export class PortalCallError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "PortalCallError";
  }
}

const projectPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;

async function call<S extends z.ZodType>(
  url: string,
  init: RequestInit & { token: string },
  schema: S,
  fallback: string,
): Promise<z.output<S>> {
  const { token, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      headers: { Accept: "application/json", Authorization: `Bearer ${token}`, ...rest.headers },
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new PortalCallError(`${fallback}: the server could not be reached. Check your connection and try again.`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = schema.safeParse(body);
  if (response.ok && parsed.success) return parsed.data;
  const error = FailedAnswerSchema.safeParse(body).data?.error;
  throw new PortalCallError(error?.slice(0, 300) ?? `${fallback} (${response.status})`, response.status);
}

/** GET /api/projects/{id}/comments */
export async function loadComments(projectId: string, token: string, signal?: AbortSignal): Promise<ProjectComment[]> {
  const answer = await call(
    `${projectPath(projectId)}/comments`,
    { token, signal },
    ProjectCommentsAnswerSchema,
    "The messages could not be loaded",
  );
  return answer.comments;
}

/** POST /api/projects/{id}/comments: the author is whoever the token stands for. */
export async function postComment(
  projectId: string,
  token: string,
  body: Pick<NewProjectComment, "content" | "attachments">,
): Promise<ProjectComment> {
  const answer = await call(
    `${projectPath(projectId)}/comments`,
    {
      token,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ project_id: projectId, ...body }),
    },
    ProjectCommentAnswerSchema,
    "The message was not sent",
  );
  return answer.comment;
}

/** POST /api/client/media/upload: one file. */
export async function uploadClientFile(projectId: string, token: string, file: File): Promise<MediaItem> {
  const form = new FormData();
  form.set("file", file);
  form.set("project_id", projectId);
  const answer = await call(
    "/api/client/media/upload",
    { token, method: "POST", body: form },
    MediaAnswerSchema,
    "Upload failed",
  );
  return answer.media;
}
