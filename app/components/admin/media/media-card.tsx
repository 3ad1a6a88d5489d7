import { FileName } from "~/components/ui/file-name";
import { ExternalLink, Lock, Pencil, Trash2 } from "lucide-react";
import { adminButton } from "~/components/admin/ui/styles";
import { previewUrl, type MediaItem } from "./api";
import { MediaPreview } from "./file-icon";
import { formatFileSize } from "~/lib/file-size";

interface Actions {
  onEdit: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
}

function ItemActions({ item, onEdit, onDelete }: { item: MediaItem } & Actions) {
  return (
    <div className="flex flex-wrap gap-1">
      <a
        href={previewUrl(item)}
        target="_blank"
        rel="noopener noreferrer"
        className={adminButton.small}
        aria-label={`View ${item.original_name}`}
      >
        <ExternalLink className="size-3.5" aria-hidden="true" /> View
      </a>
      <button
        type="button"
        className={adminButton.small}
        onClick={() => onEdit(item)}
        aria-label={`Edit ${item.original_name}`}
      >
        <Pencil className="size-3.5" aria-hidden="true" /> Edit
      </button>
      <button
        type="button"
        className={`${adminButton.small} text-red-800 hover:bg-red-50`}
        onClick={() => onDelete(item)}
        aria-label={`Delete ${item.original_name}`}
      >
        <Trash2 className="size-3.5" aria-hidden="true" /> Delete
      </button>
    </div>
  );
}

/** A project's file is served only to the owner (and later the project's client): never shown on the public site. */
export function PrivateMark({ item }: { item: MediaItem }) {
  if (!item.project_id) return null;
  return (
    <span
      className="flex items-center gap-1 text-xs text-slate-600"
      title="Attached to a project: only you can open it"
    >
      <Lock className="size-3" aria-hidden="true" /> Private ({item.project_id})
    </span>
  );
}

/** The library as a grid of cards or a list of rows: the owner's choice, one of them in the page at a time. */
export function MediaCollection({ items, view, ...actions }: { items: MediaItem[]; view: "grid" | "list" } & Actions) {
  if (view === "grid")
    return (
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" aria-label="Media files">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid="media-file"
            className="flex min-w-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            <MediaPreview item={item} className="aspect-square w-full" />
            <div className="grid gap-1 p-3">
              <p className="text-sm font-medium text-slate-900">
                <FileName name={item.original_name} />
              </p>
              <p className="text-xs text-slate-600">{formatFileSize(item.file_size)}</p>
              <PrivateMark item={item} />
              {item.description && <p className="line-clamp-2 text-xs text-slate-600">{item.description}</p>}
              <ItemActions item={item} {...actions} />
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <ul
      className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      aria-label="Media files"
    >
      {items.map((item) => (
        <li key={item.id} data-testid="media-file" className="flex flex-wrap items-center gap-3 p-3">
          <MediaPreview item={item} className="size-12 shrink-0 rounded-md" />
          {/* At least 12rem for the name: on a phone the actions wrap below it rather than squeeze it. */}
          <div className="min-w-0 flex-1 basis-48">
            <p className="text-sm font-medium text-slate-900">
              <FileName name={item.original_name} />
            </p>
            <p className="truncate text-xs text-slate-600">
              {formatFileSize(item.file_size)}
              {item.description ? ` · ${item.description}` : ""}
            </p>
            <PrivateMark item={item} />
          </div>
          <ItemActions item={item} {...actions} />
        </li>
      ))}
    </ul>
  );
}
