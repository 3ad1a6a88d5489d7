import { useId } from "react";
import { toast } from "sonner";
import type { Contact } from "~/contracts/contacts";
import { CommunicationSchema } from "~/contracts/contact-inputs";
import {
  AUTO_ADVANCE,
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_TYPES,
  TYPES_WITH_SUBJECT,
  type ContactStatus,
} from "~/contracts/contact-terms";
import { errorMessage } from "~/lib/api/call";
import { InlineLoading } from "~/components/admin/ui/loading";
import { Badge } from "../ui/badge";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { adminButton } from "../ui/styles";
import { useSchemaForm } from "../ui/use-schema-form";
import { useCommunications, useContactDetail, useLogCommunication } from "./api";
import { CommunicationItem } from "./communication-item";
import { STATUS_TONE, statusLabel } from "./labels";

/** The communication log (docs/product/contacts.md "Communication"): the full list and a form to add an entry. */
export function CommunicationLogDialog({
  contact,
  onOpenChange,
}: {
  contact: Contact | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={contact !== null}
      onOpenChange={onOpenChange}
      title="Communication Log"
      description={contact?.name}
      wide
    >
      {contact && <LogBody key={contact.id} contact={contact} />}
    </Dialog>
  );
}

function LogBody({ contact }: { contact: Contact }) {
  // The contact as it is now: logging with auto-advance can move its status.
  const detail = useContactDetail(contact.id);
  const status = detail.data?.status ?? contact.status;
  return (
    <div className="grid gap-5">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        Current status: <Badge tone={STATUS_TONE[status]}>{statusLabel(status)}</Badge>
      </p>
      <LogForm contactId={contact.id} status={status} />
      <LogList contactId={contact.id} />
    </div>
  );
}

const TYPE_LABELS = { email: "Email", call: "Call", meeting: "Meeting", note: "Note" } as const;
const DIRECTION_LABELS = { inbound: "Inbound", outbound: "Outbound" } as const;

const ruleText = Object.entries(AUTO_ADVANCE)
  .map(([from, to]) => `${statusLabel(from as ContactStatus)} → ${statusLabel(to)}`)
  .join(", ");

function LogForm({ contactId, status }: { contactId: number; status: ContactStatus }) {
  const log = useLogCommunication(contactId);
  const checkboxId = useId();
  const next = AUTO_ADVANCE[status];
  const form = useSchemaForm({
    initial: {
      type: "call" as (typeof COMMUNICATION_TYPES)[number],
      direction: "outbound" as (typeof COMMUNICATION_DIRECTIONS)[number],
      subject: "",
      content: "",
      auto_advance_status: true,
    },
    schema: CommunicationSchema,
    // The content's error is shown under it; any other is the form's.
    invalidMessage: (found) => Object.entries(found).find(([field]) => field !== "content")?.[1] ?? null,
    save: (data) => log.mutateAsync(data),
    onSaved: (result) => {
      form.set({ subject: "", content: "" });
      toast.success(
        result.advanced_from
          ? `Communication logged; status moved from ${statusLabel(result.advanced_from)} to ${statusLabel(result.contact.status)}`
          : "Communication logged",
      );
    },
    fallbackError: "Failed to add communication",
  });
  const { values, set } = form;
  const contentError = form.errors.content;
  const error = form.error;

  return (
    <form onSubmit={form.submit} noValidate className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-sm font-semibold text-slate-900">Add communication</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Type">
          {(props) => (
            <select
              {...props}
              value={values.type}
              onChange={(e) => set({ type: e.target.value as typeof values.type })}
            >
              {COMMUNICATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Direction">
          {(props) => (
            <select
              {...props}
              value={values.direction}
              onChange={(e) => set({ direction: e.target.value as typeof values.direction })}
            >
              {COMMUNICATION_DIRECTIONS.map((d) => (
                <option key={d} value={d}>
                  {DIRECTION_LABELS[d]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {TYPES_WITH_SUBJECT.includes(values.type) && (
        <Field label="Subject">
          {(props) => <input {...props} value={values.subject} onChange={(e) => set({ subject: e.target.value })} />}
        </Field>
      )}
      <Field label="Content *" error={contentError}>
        {(props) => (
          <textarea
            {...props}
            rows={4}
            value={values.content}
            onChange={(e) => {
              set({ content: e.target.value });
              if (contentError && e.target.value.trim()) form.setErrors((found) => ({ ...found, content: undefined }));
            }}
          />
        )}
      </Field>
      <div className="flex items-start gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-400 accent-brand-700"
          checked={values.auto_advance_status}
          onChange={(e) => set({ auto_advance_status: e.target.checked })}
          aria-describedby={`${checkboxId}-rule`}
        />
        <div>
          <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800">
            Auto-advance status
          </label>
          <p id={`${checkboxId}-rule`} className="text-xs text-slate-600">
            {ruleText}.{" "}
            {next
              ? `This contact: ${statusLabel(status)} → ${statusLabel(next)}.`
              : `A contact in ${statusLabel(status)} keeps its status.`}
          </p>
        </div>
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className={adminButton.primary} disabled={form.saving}>
          {form.saving ? "Saving..." : "Add Communication"}
        </button>
      </div>
    </form>
  );
}

/** The log, newest first, a page at a time: a contact with years of e-mails stays quick to open. */
function LogList({ contactId }: { contactId: number }) {
  const list = useCommunications(contactId);
  const items = list.data?.pages.flatMap((page) => page.communications) ?? [];
  const total = list.data?.pages[0]?.total;
  return (
    <section aria-labelledby={`log-${contactId}`}>
      <h3 id={`log-${contactId}`} className="mb-2 text-sm font-semibold text-slate-900">
        History{total !== undefined ? ` (${total})` : ""}
      </h3>
      {list.isPending ? (
        <InlineLoading label="Loading communications..." />
      ) : list.isError && items.length === 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(list.error, "Failed to fetch communications")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">No communications logged yet.</p>
      ) : (
        <>
          <ul className="grid gap-2">
            {items.map((item) => (
              <CommunicationItem key={item.id} item={item} />
            ))}
          </ul>
          {list.isFetchNextPageError && (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {errorMessage(list.error, "Failed to fetch communications")}
            </p>
          )}
          {list.hasNextPage && (
            <button
              type="button"
              className={`${adminButton.secondary} mt-3`}
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? "Loading..." : `Show older (${(total ?? 0) - items.length} more)`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
