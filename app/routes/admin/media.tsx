import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Upload } from "lucide-react";
import type { Route } from "./+types/media";
import { adminMeta } from "~/lib/admin/meta";
import { loadErrorMessage } from "~/components/admin/ui/load-error";
import { adminButton } from "~/components/admin/ui/styles";
import { ACCEPT, useMediaList, type MediaItem } from "~/components/admin/media/api";
import { LibraryToolbar } from "~/components/admin/media/library-toolbar";
import { Pager } from "~/components/admin/ui/pager";
import { MEDIA_PAGE_SIZE, useLibraryParams } from "~/components/admin/media/use-library-params";
import { MediaCollection } from "~/components/admin/media/media-card";
import { UploadDialog } from "~/components/admin/media/upload-dialog";
import { EditMediaDialog } from "~/components/admin/media/edit-dialog";
import { DeleteMediaDialog } from "~/components/admin/media/delete-dialog";

export const meta: Route.MetaFunction = () => adminMeta("Media Library");

/** The media library (docs/product/media.md "The library"): one page of files at a time from the server. */
export default function MediaLibrary() {
  const fileInput = useRef<HTMLInputElement>(null);
  const library = useLibraryParams();
  const [files, setFiles] = useState<File[] | null>(null);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const { search, fileType, projectId, sort, page, view } = library;
  const list = useMediaList({
    search,
    fileType,
    projectId,
    sort,
    limit: MEDIA_PAGE_SIZE,
    offset: (page - 1) * MEDIA_PAGE_SIZE,
  });
  const items = list.data?.media ?? [];
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / MEDIA_PAGE_SIZE));
  const pastTheEnd = list.isSuccess && !list.isPlaceholderData && items.length === 0 && page > lastPage;
  const filtered = Boolean(search || fileType || projectId);
  const pageError = actionError ?? (list.isError ? loadErrorMessage(list.error, "Failed to fetch media") : null);

  // A page that no longer exists (its last files were deleted, or an old link): the last one that does.
  const toLastPage = useEffectEvent(() => library.change({ page: lastPage }, { replace: true }));
  useEffect(() => {
    if (pastTheEnd) toLastPage();
  }, [pastTheEnd]);

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

      <LibraryToolbar library={library} />

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
        <div className="grid gap-4">
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-600" aria-live="polite">
            <span data-testid="media-count">
              {total.toLocaleString("en-US")} file{total === 1 ? "" : "s"}
              {lastPage > 1 ? `, page ${page} of ${lastPage}` : ""}
            </span>
            {/* The last answer stays readable (not dimmed) until the next one arrives. */}
            {list.isPlaceholderData && <span>Loading...</span>}
          </p>
          <div aria-busy={list.isPlaceholderData}>
            <MediaCollection items={items} view={view} onEdit={setEditing} onDelete={setDeleting} />
          </div>
          <Pager label="Media pages" page={page} pageSize={MEDIA_PAGE_SIZE} total={total} hrefFor={library.hrefFor} />
        </div>
      )}

      {files && <UploadDialog files={files} onClose={() => setFiles(null)} />}
      {editing && <EditMediaDialog item={editing} onClose={() => setEditing(null)} onError={setActionError} />}
      {deleting && <DeleteMediaDialog item={deleting} onClose={() => setDeleting(null)} onError={setActionError} />}
    </div>
  );
}
