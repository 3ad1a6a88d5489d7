import { useMemo } from "react";
import { loadComments, postComment, uploadClientFile } from "~/lib/discussion/comments-api";
import { ProjectDiscussion } from "~/components/discussion/project-discussion";
import type { DiscussionApi } from "~/components/discussion/use-discussion";

export interface ProjectChatProps {
  projectId: string;
  /** The portal session (decision 017): it reads, posts, uploads and opens the live feed. */
  portalToken: string;
}

/**
 * The client's project chat in the portal (docs/product/client-portal.md "Project detail": a
 * project chat with file attachments; "Project chat", "The calls"): the discussion with the owner,
 * live, with files. The client writes as the project's contact the portal session stands for; files
 * go to the client upload, one call per file.
 */
export function ProjectChat({ projectId, portalToken }: ProjectChatProps) {
  const api = useMemo<DiscussionApi>(
    () => ({
      load: (signal) => loadComments(projectId, portalToken, signal),
      post: (body) => postComment(projectId, portalToken, body),
      upload: (file) => uploadClientFile(projectId, portalToken, file),
    }),
    [projectId, portalToken],
  );
  return (
    <ProjectDiscussion
      key={projectId}
      projectId={projectId}
      token={portalToken}
      api={api}
      viewer="client"
      placeholder="Write a message about your project..."
    />
  );
}

export default ProjectChat;
