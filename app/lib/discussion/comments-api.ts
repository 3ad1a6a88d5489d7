import { projectCommentsEndpoints } from "~/contracts/project-comments";
import type { MediaItem } from "~/contracts/media";
import { call } from "~/lib/api/call";
import type { NewProjectComment, ProjectComment } from "~/contracts/project-comments";

/**
 * The client's calls for a project's discussion (docs/product/client-portal.md "The calls";
 * decision 017), each with the portal session as its token. A failure throws an ApiError carrying
 * the server's message when it sent one, else the action and the status
 * ("The message was not sent (500)").
 */

/** GET /api/projects/{id}/comments */
export async function loadComments(projectId: string, token: string, signal?: AbortSignal): Promise<ProjectComment[]> {
  const answer = await call(projectCommentsEndpoints.list, {
    params: { id: projectId },
    token,
    signal,
    fallbackError: "The messages could not be loaded",
    refusalWords: "action-and-status",
  });
  return answer.comments;
}

/** POST /api/projects/{id}/comments: the author is whoever the token stands for. */
export async function postComment(
  projectId: string,
  token: string,
  body: Pick<NewProjectComment, "content" | "attachments">,
): Promise<ProjectComment> {
  const answer = await call(projectCommentsEndpoints.post, {
    params: { id: projectId },
    body: { project_id: projectId, ...body },
    token,
    fallbackError: "The message was not sent",
    refusalWords: "action-and-status",
  });
  return answer.comment;
}

/** POST /api/client/media/upload: one file. */
export async function uploadClientFile(projectId: string, token: string, file: File): Promise<MediaItem> {
  const answer = await call(projectCommentsEndpoints.upload, {
    body: { file, project_id: projectId },
    token,
    fallbackError: "Upload failed",
    refusalWords: "action-and-status",
  });
  return answer.media;
}
