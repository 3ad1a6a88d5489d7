import { useCallback, useEffect, useState } from "react";
import { Tabs } from "radix-ui";
import { FileJson, Info, UserPlus } from "lucide-react";
import { toast } from "sonner";
import type { Route } from "./+types/contacts";
import { CONTACT_SORTS, type ContactSort } from "~/contracts/contact-list";
import type { Contact } from "~/contracts/contacts";
import { CONTACT_STATUSES, type ContactStatus } from "~/contracts/contact-terms";
import { adminMeta } from "~/lib/admin/meta";
import { ComposeEmailDialog } from "~/components/admin/email/compose-dialog";
import { adminButton } from "~/components/admin/ui/styles";
import { AddContactDialog } from "~/components/admin/contacts/add-contact-dialog";
import { useContactStats, useSetStatus, type ContactListFilter, type LeadView } from "~/components/admin/contacts/api";
import { CommunicationLogDialog } from "~/components/admin/contacts/communication-log-dialog";
import { ContactDetailsDialog } from "~/components/admin/contacts/contact-details-dialog";
import { EditContactDialog } from "~/components/admin/contacts/edit-contact-dialog";
import { ImportDialog } from "~/components/admin/contacts/import-dialog";
import { statusLabel } from "~/components/admin/contacts/labels";
import { ContactsPanel } from "~/components/admin/contacts/contacts-panel";
import { ContactsStats } from "~/components/admin/contacts/contacts-stats";
import type { RowAction, RowHandlers } from "~/components/admin/contacts/row-actions";
import type { StatusFilter } from "~/components/admin/contacts/toolbar";
import { useListParams } from "~/components/admin/ui/use-list-params";

export const meta: Route.MetaFunction = () => adminMeta("Lead Management");

type OpenDialog = { kind: RowAction; contact: Contact } | null;

const tabClass =
  "rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm";

/**
 * Lead Management (docs/product/contacts.md): contacts and website submissions, their counts,
 * search, status changes, the communication log, the add / edit / import dialogs and e-mail.
 */
export default function LeadManagement() {
  const list = useListParams({ statuses: CONTACT_STATUSES, sorts: CONTACT_SORTS, defaultSort: "newest" });
  const { params, setParams, update } = list;
  const view: LeadView = params.get("view") === "submissions" ? "submissions" : "contacts";
  const filter: ContactListFilter = { view, q: list.q, status: list.status, sort: list.sort, page: list.page };
  const stats = useContactStats();
  const setStatus = useSetStatus();

  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [addOpen, setAddOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  // ?add=1 (the dashboard's Add New Contact) opens the Add dialog once, then leaves the address.
  const wantsAdd = params.get("add") === "1";
  if (wantsAdd && !addOpen) setAddOpen(true);
  useEffect(() => {
    if (!wantsAdd) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("add");
        return next;
      },
      { replace: true },
    );
  }, [wantsAdd, setParams]);

  // ?contact=ID (the new-lead e-mail's link) opens that contact's details once, then leaves the address.
  const linkedParam = Number(params.get("contact"));
  const linkedId = Number.isSafeInteger(linkedParam) && linkedParam > 0 ? linkedParam : null;
  const [linked, setLinked] = useState<number | null>(null);
  // The link opens the dialog once: closed before the router has caught up with the cleaned
  // address, it must not open again.
  const [opened, setOpened] = useState<number | null>(null);
  if (linkedId !== opened) {
    setOpened(linkedId);
    if (linkedId !== null) setLinked(linkedId);
  }
  useEffect(() => {
    if (!params.has("contact")) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("contact");
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);

  // A tab is a list of its own: its page 1, with the same search, filter and sort.
  const changeView = (value: string) => update({ view: value === "submissions" ? "submissions" : null });

  const onStatus = useCallback<RowHandlers["onStatus"]>(
    (contact, status: ContactStatus) => {
      if (status === contact.status) return;
      setStatus.mutate(
        { id: contact.id, status },
        {
          onSuccess: (saved) => toast.success(`${saved.name} is now ${statusLabel(saved.status)}`),
          onError: () => toast.error("Failed to update contact status"),
        },
      );
    },
    [setStatus],
  );
  const handlers: RowHandlers = { onStatus, onAction: (kind, contact) => setDialog({ kind, contact }) };
  const closeDialog = (open: boolean) => {
    if (open) return;
    setDialog(null);
    setLinked(null);
  };
  const dialogFor = (kind: RowAction) => (dialog?.kind === kind ? dialog.contact : null);
  const emailContact = dialogFor("email");

  const panel = () => (
    <ContactsPanel
      filter={filter}
      onSearch={(q) => update({ q }, { replace: true })}
      onStatus={(status: StatusFilter) => update({ status })}
      onSort={(sort: ContactSort) => update({ sort })}
      onClear={() => update({ q: null, status: null })}
      pageHref={list.pageHref}
      onAdd={() => setAddOpen(true)}
      onImport={() => setImportOpen(true)}
      handlers={handlers}
    />
  );
  const count = (n: number | undefined) => (n === undefined ? "" : ` (${n.toLocaleString("en-US")})`);

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Lead Management</h1>
        <p className="mt-1 text-sm text-slate-600">
          Every lead in one place: website submissions, referrals and the people you meet.
        </p>
      </header>

      {stats.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          Error loading data: the counts could not be loaded.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void stats.refetch()}>
            Retry
          </button>
        </p>
      )}
      <ContactsStats stats={stats.data} />

      <Tabs.Root value={view} onValueChange={changeView} className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Tabs.List aria-label="Lead lists" className="inline-flex w-fit gap-1 rounded-lg bg-slate-200/70 p-1">
            <Tabs.Trigger value="contacts" className={tabClass}>
              Contacts{count(stats.data?.total)}
            </Tabs.Trigger>
            <Tabs.Trigger value="submissions" className={tabClass}>
              Submissions{count(stats.data?.submissions)}
            </Tabs.Trigger>
          </Tabs.List>
          {view === "contacts" && (
            <div className="flex flex-wrap gap-2">
              <button type="button" className={adminButton.secondary} onClick={() => setImportOpen(true)}>
                <FileJson className="size-4" aria-hidden="true" /> Import JSON
              </button>
              <button type="button" className={adminButton.primary} onClick={() => setAddOpen(true)}>
                <UserPlus className="size-4" aria-hidden="true" /> Add Contact
              </button>
            </div>
          )}
        </div>
        <Tabs.Content
          value="contacts"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          {view === "contacts" && panel()}
        </Tabs.Content>
        <Tabs.Content
          value="submissions"
          className="grid gap-4 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <p className="flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Website submissions create contacts automatically: each project form sent on the site appears here with its
            answers.
          </p>
          {view === "submissions" && panel()}
        </Tabs.Content>
      </Tabs.Root>

      <AddContactDialog open={addOpen} onOpenChange={setAddOpen} />
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} />
      <EditContactDialog contact={dialogFor("edit")} onOpenChange={closeDialog} />
      <ContactDetailsDialog
        contact={dialogFor("details") ?? (linked !== null && dialog === null ? { id: linked } : null)}
        onOpenChange={closeDialog}
        onOpenLog={(contact) => setDialog({ kind: "log", contact })}
      />
      <CommunicationLogDialog contact={dialogFor("log")} onOpenChange={closeDialog} />
      <ComposeEmailDialog
        open={emailContact !== null}
        onOpenChange={closeDialog}
        to={emailContact?.email ?? ""}
        recipientName={emailContact?.name}
        contactId={emailContact?.id}
      />
    </div>
  );
}
