import { useMemo } from "react";
import { FileJson, Inbox, UserPlus } from "lucide-react";
import type { Contact } from "~/lib/admin/contacts";
import { errorMessage } from "~/lib/admin/api-client";
import { adminButton, cardClass } from "../ui/styles";
import { useContacts, type LeadView } from "./api";
import { ContactsList } from "./contacts-list";
import { downloadCsv } from "./csv";
import { InlineLoading } from "./inline-loading";
import { matchesSearch } from "./labels";
import type { RowHandlers } from "./row-actions";
import { LeadToolbar, type StatusFilter } from "./toolbar";

/** One tab's list: search, status filter, export and the rows, with their loading, empty and error states. */
export function LeadPanel({
  view,
  search,
  onSearch,
  status,
  onStatus,
  onAdd,
  onImport,
  handlers,
}: {
  view: LeadView;
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  onAdd: () => void;
  onImport: () => void;
  handlers: RowHandlers;
}) {
  const contacts = useContacts(view);
  const filtered = useMemo(
    () =>
      (contacts.data ?? []).filter(
        (c: Contact) => (status === "all" || c.status === status) && matchesSearch(c, search),
      ),
    [contacts.data, status, search],
  );

  return (
    <div className="grid gap-4">
      <LeadToolbar
        search={search}
        onSearch={onSearch}
        status={status}
        onStatus={onStatus}
        onExport={() => downloadCsv(filtered)}
        exportCount={filtered.length}
      />
      {contacts.isPending ? (
        <div className={cardClass}>
          <InlineLoading label="Loading contacts..." />
        </div>
      ) : contacts.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
          <h2 className="font-semibold">Error loading contacts</h2>
          <p className="mt-1 text-sm">{errorMessage(contacts.error, "Failed to fetch contacts")}</p>
          <button type="button" className={`${adminButton.secondary} mt-3`} onClick={() => void contacts.refetch()}>
            Retry
          </button>
        </div>
      ) : contacts.data.length === 0 ? (
        <EmptyState view={view} onAdd={onAdd} onImport={onImport} />
      ) : filtered.length === 0 ? (
        <div className={`${cardClass} text-center`}>
          <p className="font-medium text-slate-900">No contacts match your search</p>
          <button
            type="button"
            className={`${adminButton.secondary} mt-3`}
            onClick={() => {
              onSearch("");
              onStatus("all");
            }}
          >
            Clear filters
          </button>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            Showing {filtered.length} of {contacts.data.length}
          </p>
          <ContactsList contacts={filtered} {...handlers} />
        </>
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
