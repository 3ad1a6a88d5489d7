import { useMemo, useState } from "react";
import { ProjectDiscussion } from "~/components/discussion/project-discussion";
import type { DiscussionApi } from "~/components/discussion/use-discussion";
import { projectCommentsEndpoints } from "~/contracts/project-comments";
import { adminCall } from "~/lib/admin/call";
import { readToken } from "~/lib/admin/session";
import { uploadMediaFile } from "../ui/upload-media-file";

/**
 * The owner's project discussion panel (docs/product/projects.md "Details", "Discussion" and
 * "The calls": the owner posts as admin): the same list as the client's portal chat, the client's
 * messages arriving live, and the owner's replies posted with the admin token. Files go through the
 * media library's upload with the project's ID, so they stay private to it.
 */
export function DiscussionPanel({ projectId }: { projectId: string }) {
  const api = useMemo<DiscussionApi>(
    () => ({
      load: async (signal) =>
        (
          await adminCall(projectCommentsEndpoints.list, {
            params: { id: projectId },
            signal,
            fallbackError: "Failed to load the discussion",
            refusalWords: "action",
          })
        ).comments,
      post: async (body) =>
        (
          await adminCall(projectCommentsEndpoints.post, {
            params: { id: projectId },
            body: { project_id: projectId, ...body },
            fallbackError: "Failed to send the message",
            refusalWords: "action",
          })
        ).comment,
      upload: (file) => uploadMediaFile(file, { projectId, description: "" }, () => {}),
    }),
    [projectId],
  );
  // The socket offers the owner's token; the shell sends the owner to /login when it is gone.
  const [token] = useState(() => (typeof window === "undefined" ? null : readToken()));

  return (
    <section aria-labelledby={`discussion-${projectId}`} className="min-w-0 space-y-3">
      <h3 id={`discussion-${projectId}`} className="text-base font-semibold text-slate-900">
        Project discussion
      </h3>
      <ProjectDiscussion
        key={projectId}
        projectId={projectId}
        token={token}
        api={api}
        viewer="admin"
        placeholder="Write to the client..."
      />
    </section>
  );
}

export default DiscussionPanel;
