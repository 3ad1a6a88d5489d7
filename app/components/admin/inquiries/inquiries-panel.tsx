import { useId } from "react";
import { Inbox } from "lucide-react";
import { pageRange } from "~/contracts/paging";
import type { InquiryRecord } from "~/contracts/inquiries";
import { LoadError } from "~/components/admin/ui/load-error";
import { InlineLoading } from "~/components/admin/ui/loading";
import { FilterSelect } from "../ui/filter-select";
import { Pager } from "../ui/pager";
import { SearchInput } from "../ui/search-input";
import { adminButton } from "../ui/styles";
import { useSearchBox } from "../ui/use-search-box";
import { useInquiries } from "./api";
import { InquiriesList } from "./inquiries-list";
import { STATUS_FILTERS, statusFilterOf, type StatusFilterValue } from "./labels";

const plural = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "inquiry" : "inquiries"}`;

/**
 * The list with its search (by the server: name, e-mail, project type or ID), the status filter
 * All, Active, Completed, the count and the page links (docs/product/inquiries.md "The list"). The
 * search, filter and page live in the address, so coming back from an inquiry finds the list as it
 * was.
 */
export function InquiriesPanel({
  search,
  status,
  page,
  pageHref,
  onSearch,
  onStatus,
  onView,
}: {
  search: string;
  status: StatusFilterValue;
  page: number;
  pageHref: (page: number) => string;
  onSearch: (value: string) => void;
  onStatus: (value: StatusFilterValue) => void;
  onView: (inquiry: InquiryRecord) => void;
}) {
  const id = useId();
  const box = useSearchBox(search, onSearch);
  const list = useInquiries({ search: search.trim(), status, page });
  const shown = list.data?.inquiries ?? [];
  const total = list.data?.total ?? 0;
  const filtered = search.trim() !== "" || status !== "all";

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="sr-only">
        All inquiries
      </h2>
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <SearchInput
          label="Search inquiries"
          placeholder="Search name, e-mail, project type or ID..."
          value={box.typed}
          onChange={box.type}
          onSettle={box.flush}
        />
        <FilterSelect
          label="Status"
          value={status}
          onChange={(value) => onStatus(statusFilterOf(value))}
          options={STATUS_FILTERS.filter((option) => option.value !== "all").map((option) => ({ ...option }))}
        />
      </div>

      <p className="text-sm text-slate-600" aria-live="polite" data-testid="inquiry-count">
        {list.data
          ? shown.length < total
            ? `Showing ${pageRange(list.data.offset, shown.length, total)} inquiries`
            : plural(total)
          : ""}
      </p>

      {list.isPending ? (
        <InlineLoading label="Loading inquiries..." />
      ) : list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : shown.length === 0 ? (
        <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white p-10 text-center">
          <Inbox className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <h3 className="mt-3 font-semibold text-slate-900">
            {filtered ? "No inquiries match your search or filter" : "No inquiries yet"}
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {filtered
              ? "Try other words, or clear the search and filter."
              : "When a visitor starts the project chat at /chat, the inquiry shows up here."}
          </p>
          {filtered && (
            <button
              type="button"
              className={`${adminButton.secondary} mt-4`}
              onClick={() => {
                box.clear();
                onSearch("");
                onStatus("all");
              }}
            >
              Clear search and filter
            </button>
          )}
        </div>
      ) : (
        <>
          {list.isError && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              The list could not be refreshed; it shows what was loaded last.{" "}
              <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
                Retry
              </button>
            </p>
          )}
          <InquiriesList inquiries={shown} onView={onView} />
          <Pager label="Inquiries pages" page={page} total={total} hrefFor={pageHref} />
        </>
      )}
    </section>
  );
}
