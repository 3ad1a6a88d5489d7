import type { AnswerOf, EndpointShape } from "~/contracts/endpoint";
import { projectCommentsEndpoints } from "~/contracts/project-comments";
import type { MediaItem } from "~/contracts/media";
import { ApiError, call, type CallOptions } from "~/lib/api/call";
import type { NewProjectComment, ProjectComment } from "~/contracts/project-comments";

/**
 * The client's calls for a project's discussion (docs/product/client-portal.md "The calls";
 * decision 017), each with the portal session as its token. A failure throws an ApiError carrying
 * the server's message when it sent one, else the action and the status
 * ("The message was not sent (500)").
 */
async function discussionCall<E extends EndpointShape>(
  endpoint: E,
  options: CallOptions<E> & { fallbackError: string },
): Promise<AnswerOf<E>> {
  try {
    return await call(endpoint, options);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && !error.serverMessage)
      throw new ApiError(error.status, `${options.fallbackError} (${error.status})`, error.fields);
    throw error;
  }
}

/** GET /api/projects/{id}/comments */
export async function loadComments(projectId: string, token: string, signal?: AbortSignal): Promise<ProjectComment[]> {
  const answer = await discussionCall(projectCommentsEndpoints.list, {
    params: { id: projectId },
    token,
    signal,
    fallbackError: "The messages could not be loaded",
  });
  return answer.comments;
}

/** POST /api/projects/{id}/comments: the author is whoever the token stands for. */
export async function postComment(
  projectId: string,
  token: string,
  body: Pick<NewProjectComment, "content" | "attachments">,
): Promise<ProjectComment> {
  const answer = await discussionCall(projectCommentsEndpoints.post, {
    params: { id: projectId },
    body: { project_id: projectId, ...body },
    token,
    fallbackError: "The message was not sent",
  });
  return answer.comment;
}

/** POST /api/client/media/upload: one file. */
export async function uploadClientFile(projectId: string, token: string, file: File): Promise<MediaItem> {
  const answer = await discussionCall(projectCommentsEndpoints.upload, {
    body: { file, project_id: projectId },
    token,
    fallbackError: "Upload failed",
  });
  return answer.media;
}
