import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "~/lib/admin/api-client";
import { PostAnswerSchema, PostDeletedSchema, PostListSchema, type PostInput } from "~/lib/content/post-schema";
import type { PostType } from "~/lib/content/posts";

/** The managers' calls (back-office spec 7 "posts"): list, create, update, delete. */
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
      adminApi(
        `/api/admin/posts?${new URLSearchParams({
          ...(postType === "all" ? {} : { post_type: postType }),
          limit: String(LIST_LIMIT),
        }).toString()}`,
        { schema: PostListSchema, signal, fallbackError: "Failed to fetch posts" },
      ),
  });
}

export function useSavePost(noun: "post" | "project") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PostInput }) =>
      adminApi(id === null ? "/api/admin/posts" : `/api/admin/posts/${id}`, {
        schema: PostAnswerSchema,
        method: id === null ? "POST" : "PUT",
        body: input,
        fallbackError: `Failed to save ${noun}`,
      }).then((r) => r.post),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}

export function useDeletePost(noun: "post" | "project") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminApi(`/api/admin/posts/${id}`, {
        schema: PostDeletedSchema,
        method: "DELETE",
        fallbackError: `Failed to delete ${noun}`,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
