import { FileJson, Inbox, UserPlus } from "lucide-react";
import { contactsEndpoints } from "~/contracts/contacts";
import { urlOf } from "~/lib/api/call";
import type { ContactSort } from "~/contracts/contact-list";
import { errorMessage } from "~/lib/api/call";
import { pageRange } from "~/contracts/paging";
import { Pager } from "../ui/pager";
import { adminButton, cardClass } from "../ui/styles";
import { useSearchBox } from "../ui/use-search-box";
import { contactQuery, useContactPage, type ContactListFilter, type LeadView } from "./api";
import { ContactsList } from "./contacts-list";
import { InlineLoading } from "~/components/admin/ui/loading";
import type { RowHandlers } from "./row-actions";
import { ContactsToolbar, type StatusFilter } from "./toolbar";

/**
 * One tab's list: search, status filter, sort, export and one page of rows from the server, with
 * the page links and the loading, empty and error states. The filter is the address's.
 */
export function ContactsPanel({
  filter,
  onSearch,
  onStatus,
  onSort,
  onClear,
  pageHref,
  onAdd,
  onImport,
  handlers,
}: {
  filter: ContactListFilter;
  onSearch: (value: string) => void;
  onStatus: (value: StatusFilter) => void;
  onSort: (value: ContactSort) => void;
  onClear: () => void;
  pageHref: (page: number) => string;
  onAdd: () => void;
  onImport: () => void;
  handlers: RowHandlers;
}) {
  const box = useSearchBox(filter.q, onSearch);
  const list = useContactPage(filter);
  const data = list.data;
  const filtered = filter.q.trim() !== "" || filter.status !== "all";
  const exportPath = urlOf(contactsEndpoints.exportCsv, { query: contactQuery(filter) });

  return (
    <div className="grid gap-4">
      <ContactsToolbar
        search={box.typed}
        onSearch={box.type}
        onSettle={box.flush}
        status={filter.status}
        onStatus={onStatus}
        sort={filter.sort}
        onSort={onSort}
        exportPath={exportPath}
        exportDisabled={!data || data.total === 0}
      />
      {list.isPending ? (
        <div className={cardClass}>
          <InlineLoading label="Loading contacts..." />
        </div>
      ) : list.isError && !data ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
          <h2 className="font-semibold">Error loading contacts</h2>
          <p className="mt-1 text-sm">{errorMessage(list.error, "Failed to fetch contacts")}</p>
          <button type="button" className={`${adminButton.secondary} mt-3`} onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      ) : !data || (data.total === 0 && !filtered) ? (
        <EmptyState view={filter.view} onAdd={onAdd} onImport={onImport} />
      ) : data.total === 0 ? (
        <div className={`${cardClass} text-center`}>
          <p className="font-medium text-slate-900">No contacts match your search</p>
          <button
            type="button"
            className={`${adminButton.secondary} mt-3`}
            onClick={() => {
              box.clear();
              onClear();
            }}
          >
            Clear filters
          </button>
        </div>
      ) : (
        <div className="grid gap-3" aria-busy={list.isFetching}>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="contact-count">
            {data.contacts.length === 0
              ? `No contacts on page ${filter.page}: ${data.total.toLocaleString("en-US")} in all`
              : `Showing ${pageRange(data.offset, data.contacts.length, data.total)}`}
            {list.isPlaceholderData && <span className="ml-2 text-slate-500">Loading...</span>}
          </p>
          <div>
            <ContactsList contacts={data.contacts} {...handlers} />
          </div>
          <Pager
            label={filter.view === "submissions" ? "Submissions pages" : "Contacts pages"}
            page={filter.page}
            total={data.total}
            hrefFor={pageHref}
          />
        </div>
      )}
    </div>
  );
}

function EmptyState({ view, onAdd, onImport }: { view: LeadView; onAdd: () => void; onImport: () => void }) {
  return (
    <div className={`${cardClass} py-10 text-center`}>
      <Inbox className="mx-auto size-10 text-slate-400" aria-hidden="true" />
      {view === "submissions" ? (
        <>
          <h2 className="mt-3 font-semibold text-slate-900">No website submissions yet</h2>
          <p className="mt-1 text-sm text-slate-600">
            When someone sends the project form on the website, they show up here.
          </p>
        </>
      ) : (
        <>
          <h2 className="mt-3 font-semibold text-slate-900">No contacts yet</h2>
          <p className="mt-1 text-sm text-slate-600">
            Add your first contact by hand, or import a list from a JSON file.
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <button type="button" className={adminButton.primary} onClick={onAdd}>
              <UserPlus className="size-4" aria-hidden="true" /> Add Contact
            </button>
            <button type="button" className={adminButton.secondary} onClick={onImport}>
              <FileJson className="size-4" aria-hidden="true" /> Import JSON
            </button>
          </div>
        </>
      )}
    </div>
  );
}
