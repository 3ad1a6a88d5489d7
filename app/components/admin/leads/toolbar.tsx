import { useId } from "react";
import { Download, Search } from "lucide-react";
import { CONTACT_STATUSES, type ContactStatus } from "~/lib/admin/contacts";
import { adminButton, inputClass } from "../ui/styles";
import { statusLabel } from "./labels";

export type StatusFilter = "all" | ContactStatus;

/** Search, status filter and Export CSV over the loaded list. */
export function LeadToolbar({
  search,
  onSearch,
  status,
  onStatus,
  onExport,
  exportCount,
}: {
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  onExport: () => void;
  exportCount: number;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-search`} className="sr-only">
          Search contacts
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder="Search name, email, company, phone"
            className={`${inputClass} pl-9`}
          />
        </div>
      </div>
      <div className="flex gap-3">
        <div className="min-w-0 flex-1 sm:w-48 sm:flex-none">
          <label htmlFor={`${id}-status`} className="sr-only">
            Filter by status
          </label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => onStatus(e.target.value as StatusFilter)}
            className={inputClass}
          >
            <option value="all">All</option>
            {CONTACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={`${adminButton.secondary} shrink-0`}
          onClick={onExport}
          disabled={exportCount === 0}
        >
          <Download className="size-4" aria-hidden="true" /> Export CSV
        </button>
      </div>
    </div>
  );
}
