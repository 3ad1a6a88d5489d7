import { useId } from "react";
import { SearchInput } from "../ui/search-input";
import { CONTACT_SORT_LABELS } from "~/lib/admin/contacts";
import { CONTACT_SORTS, type ContactSort } from "~/contracts/contact-list";
import { CONTACT_STATUSES, type ContactStatus } from "~/contracts/contact-terms";
import { ExportButton } from "../ui/export-button";
import { inputClass } from "../ui/styles";
import { statusLabel } from "./labels";

export type StatusFilter = "all" | ContactStatus;

/**
 * Search (asked of the server as the owner types), status filter, sort and Export CSV of every
 * contact that matches, on all pages.
 */
export function ContactsToolbar({
  search,
  onSearch,
  onSettle,
  status,
  onStatus,
  sort,
  onSort,
  exportPath,
  exportDisabled,
}: {
  search: string;
  onSearch: (value: string) => void;
  onSettle: () => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  sort: ContactSort;
  onSort: (value: ContactSort) => void;
  exportPath: string;
  exportDisabled: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
      <SearchInput
        label="Search contacts"
        placeholder="Search name, email, company, phone"
        value={search}
        onChange={onSearch}
        onSettle={onSettle}
      />
      <div className="flex flex-wrap gap-3 sm:flex-nowrap">
        <div className="min-w-0 flex-1 sm:w-40 sm:flex-none">
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
        <div className="min-w-0 flex-1 sm:w-40 sm:flex-none">
          <label htmlFor={`${id}-sort`} className="sr-only">
            Sort contacts
          </label>
          <select
            id={`${id}-sort`}
            value={sort}
            onChange={(e) => onSort(CONTACT_SORTS.find((s) => s === e.target.value) ?? "newest")}
            className={inputClass}
          >
            {CONTACT_SORTS.map((s) => (
              <option key={s} value={s}>
                {CONTACT_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <ExportButton path={exportPath} fallbackName="contacts.csv" disabled={exportDisabled} />
      </div>
    </div>
  );
}
