import { useId } from "react";
import { Grid2x2, List } from "lucide-react";
import { SearchInput } from "~/components/admin/ui/search-input";
import { inputClass } from "~/components/admin/ui/styles";
import { MEDIA_SORTS, type MediaSort } from "~/contracts/media";
import { ProjectFilter } from "./project-filter";
import { useSearchBox } from "../ui/use-search-box";
import type { LibraryView, useLibraryParams } from "./use-library-params";

/** docs/product/media.md "The library": the type filter's choices. */
const TYPE_FILTERS = [
  { value: "", label: "All Types" },
  { value: "image", label: "Images" },
  { value: "video", label: "Videos" },
  { value: "document", label: "Documents" },
  { value: "application", label: "Applications" },
] as const;

const SORT_LABELS: Record<MediaSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name (A-Z)",
  largest: "Largest first",
};

const VIEWS = [
  ["grid", "Grid view", Grid2x2],
  ["list", "List view", List],
] as const;

/** Search, type, project, order and layout: each one is written to the library's address. */
export function LibraryToolbar({ library }: { library: ReturnType<typeof useLibraryParams> }) {
  const id = useId();
  const box = useSearchBox(library.search, (search) => library.change({ search }, { replace: true }));
  const setView = (view: LibraryView) => library.change({ view });

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <SearchInput
        label="Search files"
        placeholder="Search files..."
        value={box.typed}
        onChange={box.type}
        onSettle={box.flush}
      />
      <div className="grid grid-cols-2 gap-3 md:flex">
        <label htmlFor={`${id}-type`} className="sr-only">
          File type
        </label>
        <select
          id={`${id}-type`}
          className={`${inputClass} md:w-40`}
          value={library.fileType}
          onChange={(e) => library.change({ file_type: e.target.value })}
        >
          {TYPE_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
        <ProjectFilter value={library.projectId} onChange={(project_id) => library.change({ project_id })} />
        <label htmlFor={`${id}-sort`} className="sr-only">
          Order
        </label>
        <select
          id={`${id}-sort`}
          className={`${inputClass} md:w-40`}
          value={library.sort}
          onChange={(e) => library.change({ sort: e.target.value })}
        >
          {MEDIA_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
        <div className="flex gap-1 justify-self-start rounded-lg bg-slate-100 p-1" role="group" aria-label="Layout">
          {VIEWS.map(([value, label, Icon]) => (
            <button
              key={value}
              type="button"
              aria-label={label}
              aria-pressed={library.view === value}
              onClick={() => setView(value)}
              className={`rounded-md p-2 ${library.view === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
            >
              <Icon className="size-4" aria-hidden="true" />
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
