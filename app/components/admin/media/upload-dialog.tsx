import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { toast } from "sonner";
import { Dialog } from "~/components/admin/ui/dialog";
import { Field } from "~/components/admin/ui/field";
import { adminButton } from "~/components/admin/ui/styles";
import { ApiError, errorMessage } from "~/lib/api/call";
import { TOO_MANY_REQUESTS } from "~/lib/api/wait";
import { uploadMediaFile } from "../ui/upload-media-file";
import { mediaQueryKey, useProjectOptions } from "./api";
import { formatFileSize } from "~/lib/file-size";

type Status =
  { state: "waiting" | "uploading" | "done" } | { state: "failed"; error: string } | { state: "wait"; message: string };

/**
 * The upload dialog (docs/product/media.md "Upload dialog"): one call per file; a failed file is
 * marked and the rest go on. When the server says to wait (429, decision 046), the uploads stop
 * there, saying for how long; the files, the project and the description stay for the next try.
 */
export function UploadDialog({ files, onClose }: { files: File[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  // Loaded when the dialog opens, not with the library's page.
  const projects = useProjectOptions().data ?? [];
  const [projectId, setProjectId] = useState("");
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number[]>(() => files.map((): number => 0));
  const [statuses, setStatuses] = useState<Status[]>(() => files.map((): Status => ({ state: "waiting" })));

  const setAt = <T,>(set: React.Dispatch<React.SetStateAction<T[]>>, index: number, value: NoInfer<T>) =>
    set((list) => list.map((old, i) => (i === index ? value : old)));

  async function upload() {
    setBusy(true);
    let failed = 0;
    for (const [index, file] of files.entries()) {
      if (statuses[index]?.state === "done") continue;
      setAt(setStatuses, index, { state: "uploading" });
      try {
        await uploadMediaFile(file, { projectId, description }, (fraction) => setAt(setProgress, index, fraction));
        setAt(setStatuses, index, { state: "done" });
      } catch (error) {
        failed += 1;
        setAt(setProgress, index, 0);
        if (error instanceof ApiError && error.status === TOO_MANY_REQUESTS) {
          setAt(setStatuses, index, { state: "wait", message: error.message });
          break;
        }
        setAt(setStatuses, index, { state: "failed", error: errorMessage(error, "Upload failed") });
      }
    }
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: mediaQueryKey });
    if (failed === 0) {
      toast.success(files.length === 1 ? "File uploaded" : `${files.length} files uploaded`);
      onClose();
    }
  }

  const pending = statuses.some((s) => s.state !== "done");
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Upload Files"
      description="Add files to the media library."
    >
      <ul className="grid max-h-64 gap-2 overflow-y-auto" aria-label="Selected files">
        {files.map((file, index) => {
          const status = statuses[index]!;
          return (
            <li key={`${file.name}-${index}`} className="rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex items-center justify-between gap-3">
                <span className="min-w-0 truncate font-medium text-slate-900">{file.name}</span>
                <span className="shrink-0 text-slate-600">{formatFileSize(file.size)}</span>
              </div>
              {status.state === "uploading" && (
                <progress
                  className="mt-2 h-2 w-full"
                  max={1}
                  value={progress[index]}
                  aria-label={`Uploading ${file.name}`}
                />
              )}
              {status.state === "done" && (
                <p className="mt-1 flex items-center gap-1 text-green-800">
                  <CheckCircle2 className="size-4" aria-hidden="true" /> Uploaded
                </p>
              )}
              {status.state === "failed" && (
                <p className="mt-1 flex items-center gap-1 text-red-700" role="alert">
                  <XCircle className="size-4" aria-hidden="true" /> Failed: {status.error}
                </p>
              )}
              {status.state === "wait" && (
                <p className="mt-1 flex items-center gap-1 text-amber-800" role="alert">
                  <Clock className="size-4 shrink-0" aria-hidden="true" /> {status.message}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-4 grid gap-4">
        <Field label="Project (optional)">
          {(props) => (
            <select {...props} value={projectId} disabled={busy} onChange={(e) => setProjectId(e.target.value)}>
              <option value="">No Project</option>
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Description (optional)">
          {(props) => (
            <textarea
              {...props}
              rows={3}
              value={description}
              disabled={busy}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={adminButton.secondary} onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className={adminButton.primary}
          onClick={upload}
          disabled={busy || files.length === 0 || !pending}
        >
          {busy ? "Uploading..." : "Upload Files"}
        </button>
      </div>
    </Dialog>
  );
}
