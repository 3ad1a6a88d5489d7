import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { postsEndpoints } from "~/contracts/posts";
import { adminCall } from "~/lib/admin/call";
import type { PostInput } from "~/contracts/posts";
import type { PostType } from "~/contracts/post-kinds";

/** The managers' calls (docs/product/posts-and-portfolio.md "The calls"): list, create, update, delete. */
export const postKeys = {
  all: ["admin", "posts"] as const,
  list: (postType: PostType | "all") => ["admin", "posts", "list", postType] as const,
};

/**
 * The whole list for one manager (the API's maximum page): search, filters and
 * the stat cards work on it in the browser, so the counts never depend on the filters.
 * The portfolio manager always asks with post_type=portfolio.
 */
export const LIST_LIMIT = 500;

export function usePostList(postType: PostType | "all") {
  return useQuery({
    queryKey: postKeys.list(postType),
    queryFn: ({ signal }) =>
      adminCall(postsEndpoints.list, {
        query: { post_type: postType === "all" ? undefined : postType, limit: LIST_LIMIT },
        signal,
        fallbackError: "Failed to fetch posts",
      }),
  });
}

export function useSavePost(noun: "post" | "project") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PostInput }) =>
      (id === null
        ? adminCall(postsEndpoints.create, { body: input, fallbackError: `Failed to save ${noun}` })
        : adminCall(postsEndpoints.update, { params: { id }, body: input, fallbackError: `Failed to save ${noun}` })
      ).then((r) => r.post),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}

export function useDeletePost(noun: "post" | "project") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminCall(postsEndpoints.remove, { params: { id }, fallbackError: `Failed to delete ${noun}` }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
