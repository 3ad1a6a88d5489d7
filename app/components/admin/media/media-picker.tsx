import { FileName } from "~/components/ui/file-name";
import { SearchInput } from "~/components/admin/ui/search-input";
import { useId, useState } from "react";

import { Dialog } from "~/components/admin/ui/dialog";
import { inputClass } from "~/components/admin/ui/styles";
import { loadErrorMessage } from "~/components/admin/ui/load-error";
import { toPicked, useMediaList, type PickedMedia } from "./api";
import { NO_PROJECT } from "~/contracts/media";
import { MediaPreview } from "./file-icon";
import { PrivateMark } from "./media-card";
import { useDebouncedValue } from "../ui/use-search-box";

/** What the picker hands back. */
export type { PickedMedia };

/** docs/product/media.md "The media picker", "The calls": the picker asks for 50 files at most. */
export const PICKER_LIMIT = 50;
const FILTERS = [
  { value: "", label: "All Files" },
  { value: "image", label: "Images Only" },
  { value: "video", label: "Videos Only" },
] as const;

/** 'Select Image' (docs/product/media.md "The media picker"): the managers' way to choose a file from the library. */
export function MediaPicker({
  open,
  onOpenChange,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (item: PickedMedia) => void;
}) {
  const id = useId();
  const [q, setQ] = useState("");
  const [fileType, setFileType] = useState<string>("image");
  // The server searches the whole library while the owner types; the newest 50 matches show.
  const search = useDebouncedValue(q.trim());
  // Only files of no project: a client's files are private, and a post showing one would show
  // visitors a broken picture (the posts API refuses them too).
  const list = useMediaList({ fileType, search, projectId: NO_PROJECT, limit: PICKER_LIMIT }, open);
  const items = list.data?.media ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Select Image" wide>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput label="Search images" placeholder="Search images..." value={q} onChange={setQ} />
        <label htmlFor={`${id}-type`} className="sr-only">
          File type
        </label>
        <select
          id={`${id}-type`}
          className={`${inputClass} sm:w-44`}
          value={fileType}
          onChange={(e) => setFileType(e.target.value)}
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      {list.isError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {loadErrorMessage(list.error, "Failed to fetch media")}
        </p>
      ) : list.isPending ? (
        <p className="mt-4 text-sm text-slate-600">Loading...</p>
      ) : items.length === 0 ? (
        <p className="mt-6 py-8 text-center text-sm text-slate-600">No images found</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {total} image(s) available
            {total > items.length ? ` (the newest ${items.length} are shown: search to find the others)` : ""}
          </p>
          <ul
            className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4"
            aria-label="Files to choose from"
            aria-busy={list.isPlaceholderData}
          >
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="block w-full overflow-hidden rounded-lg text-left ring-1 ring-slate-200 hover:ring-2 hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                  onClick={() => {
                    onSelect(toPicked(item));
                    onOpenChange(false);
                  }}
                >
                  <MediaPreview item={item} className="aspect-square w-full" />
                  <FileName name={item.original_name} className="p-2 text-xs text-slate-800" />
                  {item.project_id && (
                    <span className="block px-2 pb-2">
                      <PrivateMark item={item} />
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
