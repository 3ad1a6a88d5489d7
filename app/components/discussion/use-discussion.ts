import { useCallback, useEffect, useState } from "react";
import type { ProjectComment } from "~/contracts/project-comments";
import { connectDiscussionSocket, mergeComments } from "~/lib/discussion/discussion";

/**
 * A discussion's data (project-discussion.tsx): the calls of its side (client or owner) and the
 * hook that loads the comments and keeps them live over the project's socket.
 */
export interface DiscussionApi {
  load: (signal?: AbortSignal) => Promise<ProjectComment[]>;
  post: (body: { content: string; attachments: number[] }) => Promise<ProjectComment>;
  upload: (file: File) => Promise<{ id: number }>;
}

/**
 * The comments of a project and their live feed; reloads after a reconnect to catch what it
 * missed. Mount it once per project (`key={projectId}`): its state belongs to one project.
 */
export function useDiscussion(projectId: string, token: string | null, api: DiscussionApi) {
  const [comments, setComments] = useState<ProjectComment[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [ended, setEnded] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      api.load(signal).then(
        (list) => {
          setComments((current) => mergeComments(current, list));
          setState("ready");
        },
        (error: unknown) => {
          if ((error as Error).name === "AbortError") return;
          console.warn("Project messages could not be loaded", error);
          setState((current) => (current === "ready" ? current : "error"));
        },
      ),
    [api],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    if (!token) return;
    return connectDiscussionSocket(projectId, token, {
      onComment: (comment) => setComments((current) => mergeComments(current, [comment])),
      onOpen: ({ reconnected }) => {
        if (reconnected) void load();
      },
      onEnded: () => setEnded(true),
    });
  }, [projectId, token, load]);

  const add = useCallback((comment: ProjectComment) => setComments((current) => mergeComments(current, [comment])), []);
  const retry = useCallback(() => {
    setState("loading");
    void load();
  }, [load]);
  return { comments, state, ended, retry, add };
}
