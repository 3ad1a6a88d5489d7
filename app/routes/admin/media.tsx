import { SearchInput } from "~/components/admin/ui/search-input";
import { useDeferredValue, useId, useRef, useState } from "react";
import { Grid2x2, List, Upload } from "lucide-react";
import type { Route } from "./+types/media";
import { adminMeta } from "~/lib/admin/meta";
import { loadErrorMessage } from "~/components/admin/dashboard/load-error";
import { adminButton, inputClass } from "~/components/admin/ui/styles";
import { ACCEPT, useMediaList, useProjectOptions, type MediaItem } from "~/components/admin/media/api";
import { MediaCollection } from "~/components/admin/media/media-card";
import { UploadDialog } from "~/components/admin/media/upload-dialog";
import { EditMediaDialog } from "~/components/admin/media/edit-dialog";
import { DeleteMediaDialog } from "~/components/admin/media/delete-dialog";

export const meta: Route.MetaFunction = () => adminMeta("Media Library");

const TYPE_FILTERS = [
  { value: "", label: "All Types" },
  { value: "image", label: "Images" },
  { value: "video", label: "Videos" },
  { value: "document", label: "Documents" },
  { value: "application", label: "Applications" },
] as const;

/** The media library (back-office spec 2 "Media library"). */
export default function MediaLibrary() {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState("");
  const search = useDeferredValue(q);
  const [fileType, setFileType] = useState("");
  const [projectId, setProjectId] = useState("");
  const [view, setView] = useState<"grid" | "list">("grid");
  const [files, setFiles] = useState<File[] | null>(null);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const projects = useProjectOptions();
  const list = useMediaList({ q: search, fileType, projectId });
  const projectOptions = projects.data ?? [];
  const items = list.data?.media ?? [];
  const filtered = Boolean(search.trim() || fileType || projectId);
  const pageError = actionError ?? (list.isError ? loadErrorMessage(list.error, "Failed to fetch media") : null);

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Media Library</h1>
          <p className="mt-1 text-slate-600">Images, videos and documents for your pages, posts and projects.</p>
        </div>
        <button type="button" className={adminButton.primary} onClick={() => fileInput.current?.click()}>
          <Upload className="size-4" aria-hidden="true" /> Upload Files
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose files to upload"
          data-testid="media-file-input"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            event.target.value = "";
            if (chosen.length) setFiles(chosen);
          }}
        />
      </header>

      {pageError && (
        <div
          role="alert"
          className="flex items-start justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <p>{pageError}</p>
          {actionError && (
            <button type="button" className="font-medium underline" onClick={() => setActionError(null)}>
              Dismiss
            </button>
          )}
        </div>
      )}

      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <SearchInput label="Search files" placeholder="Search files..." value={q} onChange={setQ} />
        <div className="grid grid-cols-2 gap-3 md:flex">
          <label htmlFor={`${id}-type`} className="sr-only">
            File type
          </label>
          <select
            id={`${id}-type`}
            className={`${inputClass} md:w-40`}
            value={fileType}
            onChange={(e) => setFileType(e.target.value)}
          >
            {TYPE_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-project`} className="sr-only">
            Project
          </label>
          <select
            id={`${id}-project`}
            className={`${inputClass} md:w-44`}
            value={projectId}
            onChange={(e) => setProjectId(e.target.value)}
          >
            <option value="">All Projects</option>
            {projectOptions.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div
          className="flex gap-1 self-start rounded-lg bg-slate-100 p-1 md:self-auto"
          role="group"
          aria-label="Layout"
        >
          {(
            [
              ["grid", "Grid view", Grid2x2],
              ["list", "List view", List],
            ] as const
          ).map(([value, label, Icon]) => (
            <button
              key={value}
              type="button"
              aria-label={label}
              aria-pressed={view === value}
              onClick={() => setView(value)}
              className={`rounded-md p-2 ${view === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
            >
              <Icon className="size-4" aria-hidden="true" />
            </button>
          ))}
        </div>
      </div>

      {list.isPending ? (
        <p className="text-sm text-slate-600">Loading media...</p>
      ) : items.length === 0 && !list.isError ? (
        <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="font-semibold text-slate-900">No media files</h2>
          <p className="mt-1 text-sm text-slate-600">
            {filtered ? "No files match these filters." : "Get started by uploading your first file."}
          </p>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {list.data?.total ?? items.length} file{(list.data?.total ?? items.length) === 1 ? "" : "s"}
          </p>
          <MediaCollection items={items} view={view} onEdit={setEditing} onDelete={setDeleting} />
        </>
      )}

      {files && <UploadDialog files={files} projects={projectOptions} onClose={() => setFiles(null)} />}
      {editing && (
        <EditMediaDialog
          item={editing}
          projects={projectOptions}
          onClose={() => setEditing(null)}
          onError={setActionError}
        />
      )}
      {deleting && <DeleteMediaDialog item={deleting} onClose={() => setDeleting(null)} onError={setActionError} />}
    </div>
  );
}
