import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Dialog } from "~/components/admin/ui/dialog";
import { adminButton } from "~/components/admin/ui/styles";
import { mediaEndpoints } from "~/contracts/media";
import { adminCall } from "~/lib/admin/call";
import { errorMessage } from "~/lib/api/call";
import { mediaQueryKey, type MediaItem } from "./api";

/** Deleting asks for confirmation (docs/product/media.md "Delete"). */
export function DeleteMediaDialog({
  item,
  onClose,
  onError,
}: {
  item: MediaItem;
  onClose: () => void;
  onError: (message: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () =>
      adminCall(mediaEndpoints.remove, { params: { id: item.id }, fallbackError: "Failed to delete media" }),
    onSuccess: async () => {
      onError(null);
      toast.success("File deleted");
      await queryClient.invalidateQueries({ queryKey: mediaQueryKey });
      onClose();
    },
    onError: (error) => {
      onError(errorMessage(error, "Failed to delete media"));
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title="Delete this file?"
      description={`"${item.original_name}" will be removed from the library. Pages that use it will show a broken image.`}
    >
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={adminButton.secondary} onClick={onClose} disabled={remove.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className={adminButton.danger}
          onClick={() => remove.mutate()}
          disabled={remove.isPending}
        >
          {remove.isPending ? "Deleting..." : "Delete"}
        </button>
      </div>
    </Dialog>
  );
}
