import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "~/components/admin/ui/dialog";
import { Field } from "~/components/admin/ui/field";
import { adminButton } from "~/components/admin/ui/styles";
import { mediaEndpoints } from "~/contracts/media";
import { adminCall } from "~/lib/admin/call";
import { errorMessage } from "~/lib/api/call";
import { mediaQueryKey, useProjectOptions, type MediaItem } from "./api";
import { MediaPreview } from "./file-icon";
import { formatFileSize } from "~/lib/file-size";

/** The edit dialog: the file, its project and description; 'Update Media'. */
export function EditMediaDialog({
  item,
  onClose,
  onError,
}: {
  item: MediaItem;
  onClose: () => void;
  onError: (message: string | null) => void;
}) {
  const queryClient = useQueryClient();
  // Loaded when the dialog opens, not with the library's page.
  const projects = useProjectOptions().data ?? [];
  const [projectId, setProjectId] = useState(item.project_id ?? "");
  const [description, setDescription] = useState(item.description ?? "");
  const save = useMutation({
    mutationFn: () =>
      adminCall(mediaEndpoints.update, {
        params: { id: item.id },
        body: { description, project_id: projectId || null },
        fallbackError: "Failed to update media",
      }),
    onSuccess: async () => {
      onError(null);
      await queryClient.invalidateQueries({ queryKey: mediaQueryKey });
      onClose();
    },
    onError: (error) => onError(errorMessage(error, "Failed to update media")),
  });
  const options =
    projects.some((p) => p.id === projectId) || !projectId
      ? projects
      : [...projects, { id: projectId, name: projectId }];

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()} title="Edit Media">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
        className="grid gap-4"
      >
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
          <MediaPreview item={item} className="size-16 shrink-0 rounded-md" />
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium text-slate-900">{item.original_name}</p>
            <p className="text-slate-600">{formatFileSize(item.file_size)}</p>
          </div>
        </div>
        {save.isError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {errorMessage(save.error, "Failed to update media")}
          </p>
        )}
        <Field label="Project">
          {(props) => (
            <select {...props} value={projectId} onChange={(e) => setProjectId(e.target.value)}>
              <option value="">No Project</option>
              {options.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Description">
          {(props) => (
            <textarea {...props} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={adminButton.secondary} onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" className={adminButton.primary} disabled={save.isPending}>
            {save.isPending ? "Updating..." : "Update Media"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
