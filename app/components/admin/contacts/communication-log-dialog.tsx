import { useId, useState } from "react";
import { toast } from "sonner";
import {
  AUTO_ADVANCE,
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_TYPES,
  CommunicationSchema,
  TYPES_WITH_SUBJECT,
  type Contact,
  type ContactStatus,
} from "~/contracts/contacts";
import { errorMessage } from "~/lib/api/call";
import { InlineLoading } from "~/components/admin/ui/loading";
import { Badge } from "../ui/badge";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { adminButton } from "../ui/styles";
import { useCommunications, useContactDetail, useLogCommunication } from "./api";
import { CommunicationItem } from "./communication-item";
import { STATUS_TONE, statusLabel } from "./labels";

/** The communication log (back-office spec 2, 4, 5): the full list and a form to add an entry. */
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
  const [type, setType] = useState<(typeof COMMUNICATION_TYPES)[number]>("call");
  const [direction, setDirection] = useState<(typeof COMMUNICATION_DIRECTIONS)[number]>("outbound");
  const [subject, setSubject] = useState("");
  const [content, setContent] = useState("");
  const [autoAdvance, setAutoAdvance] = useState(true);
  const [contentError, setContentError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const log = useLogCommunication(contactId);
  const checkboxId = useId();
  const next = AUTO_ADVANCE[status];

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (log.isPending) return;
    const parsed = CommunicationSchema.safeParse({
      type,
      direction,
      subject,
      content,
      auto_advance_status: autoAdvance,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === "content") setContentError(issue.message);
      else setError(issue?.message ?? "Failed to add communication");
      return;
    }
    setContentError(null);
    setError(null);
    log.mutate(parsed.data, {
      onSuccess: (result) => {
        setSubject("");
        setContent("");
        toast.success(
          result.advanced_from
            ? `Communication logged; status moved from ${statusLabel(result.advanced_from)} to ${statusLabel(result.contact.status)}`
            : "Communication logged",
        );
      },
      onError: (e) => setError(errorMessage(e, "Failed to add communication")),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-sm font-semibold text-slate-900">Add communication</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Type">
          {(props) => (
            <select {...props} value={type} onChange={(e) => setType(e.target.value as typeof type)}>
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
            <select {...props} value={direction} onChange={(e) => setDirection(e.target.value as typeof direction)}>
              {COMMUNICATION_DIRECTIONS.map((d) => (
                <option key={d} value={d}>
                  {DIRECTION_LABELS[d]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {TYPES_WITH_SUBJECT.includes(type) && (
        <Field label="Subject">
          {(props) => <input {...props} value={subject} onChange={(e) => setSubject(e.target.value)} />}
        </Field>
      )}
      <Field label="Content *" error={contentError ?? undefined}>
        {(props) => (
          <textarea
            {...props}
            rows={4}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              if (contentError && e.target.value.trim()) setContentError(null);
            }}
          />
        )}
      </Field>
      <div className="flex items-start gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-400 accent-brand-700"
          checked={autoAdvance}
          onChange={(e) => setAutoAdvance(e.target.checked)}
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
        <button type="submit" className={adminButton.primary} disabled={log.isPending}>
          {log.isPending ? "Saving..." : "Add Communication"}
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
