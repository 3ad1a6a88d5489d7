import { toast } from "sonner";
import { browserStorage, removeDraft, type DraftKind } from "~/lib/drafts";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "~/lib/api/call";
import type { Post } from "~/contracts/post-content";
import { Dialog } from "../ui/dialog";
import { adminButton } from "../ui/styles";
import { postKeys, useDeletePost } from "./api";

/**
 * docs/product/posts-and-portfolio.md "Delete confirmations": the exact question, in an accessible
 * dialog; a failure is said in it, with the choice to try again.
 */
export function DeletePostDialog({
  post,
  kind,
  noun,
  question,
  onClose,
}: {
  post: Post | null;
  kind: DraftKind;
  noun: "post" | "project";
  question: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useDeletePost(noun);
  const title = noun === "post" ? "Delete post" : "Delete portfolio project";
  const close = () => {
    remove.reset();
    onClose();
  };
  const gone = (target: Post, message: string) => {
    const storage = browserStorage();
    if (storage) removeDraft(storage, kind, target.id);
    toast.success(message);
    close();
  };
  function confirm(target: Post) {
    const Noun = noun === "post" ? "Post" : "Project";
    remove.mutate(target.id, {
      onSuccess: () => gone(target, `${Noun} deleted`),
      // Deleted elsewhere meanwhile (another tab): the list reloads and shows it gone.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) {
          void queryClient.invalidateQueries({ queryKey: postKeys.all });
          gone(target, `${Noun} was already deleted`);
        }
      },
    });
  }
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) close();
      }}
      title={title}
      description={question}
    >
      {post && (
        <>
          <p className="text-sm font-medium break-words text-slate-900">{post.title}</p>
          {remove.isError && (
            <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              {errorMessage(remove.error, `Failed to delete ${noun}`)} Nothing was deleted; try again, or cancel.
            </p>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <button type="button" className={adminButton.secondary} onClick={close} disabled={remove.isPending}>
              Cancel
            </button>
            <button
              type="button"
              className={adminButton.danger}
              onClick={() => confirm(post)}
              disabled={remove.isPending}
            >
              {remove.isPending ? "Deleting..." : "Delete"}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
