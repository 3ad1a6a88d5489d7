import type { Contact } from "~/contracts/contacts";
import { callBookedLine } from "../bookings";
import { Badge } from "../ui/badge";
import { formatDate } from "../ui/format";
import { RecordList } from "../ui/record-list";
import { isSubmission, scoreTone, sourceLabel, STATUS_TONE, statusLabel } from "./labels";
import { RowButtons, StatusSelect, type RowHandlers } from "./row-actions";
import { EmailAddress } from "~/components/admin/ui/email-address";

const CONTACT_COLUMNS = ["Name", "Contact", "Status", "Score", "Source", "Created", "Actions"] as const;

/** The leads of one page: a table from the md breakpoint, cards on a phone (each drawn once). */
export function ContactsList({ contacts, ...handlers }: { contacts: Contact[] } & RowHandlers) {
  return (
    <RecordList
      items={contacts}
      recordId={(contact) => contact.id}
      caption="Contacts"
      columns={CONTACT_COLUMNS}
      minWidth="min-w-[960px]"
      row={(contact) => (
        <>
          <td className="px-4 py-3">
            <NameBlock contact={contact} />
          </td>
          <td className="px-4 py-3">
            <ContactInfo contact={contact} />
          </td>
          <td className="px-4 py-3">
            <Badge tone={STATUS_TONE[contact.status]}>{statusLabel(contact.status)}</Badge>
          </td>
          <td className="px-4 py-3">
            <Score value={contact.lead_score} />
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">{sourceLabel(contact.source)}</td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(contact.created_at)}</td>
          <td className="w-[360px] px-4 py-3">
            <div className="grid gap-2">
              <StatusSelect contact={contact} onStatus={handlers.onStatus} className="max-w-44" />
              <RowButtons contact={contact} {...handlers} />
            </div>
          </td>
        </>
      )}
      card={(contact) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <NameBlock contact={contact} />
            <Score value={contact.lead_score} />
          </div>
          <div className="mt-2">
            <ContactInfo contact={contact} />
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-700">
            <Badge tone={STATUS_TONE[contact.status]}>{statusLabel(contact.status)}</Badge>
            <span>{sourceLabel(contact.source)}</span>
            <span aria-hidden="true">·</span>
            <span>{formatDate(contact.created_at)}</span>
          </div>
          <div className="mt-3 grid gap-2">
            <StatusSelect contact={contact} onStatus={handlers.onStatus} />
            <RowButtons contact={contact} {...handlers} />
          </div>
        </>
      )}
    />
  );
}

function NameBlock({ contact }: { contact: Contact & { next_call_at?: string | null } }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-900">
        {contact.name}
        {isSubmission(contact) && <Badge tone="blue">Form</Badge>}
      </p>
      {contact.company && contact.company !== contact.name && (
        <p className="text-xs break-words text-slate-600">{contact.company}</p>
      )}
      {contact.next_call_at && (
        <p className="mt-0.5 text-xs font-medium text-brand-800" data-testid="contact-next-call">
          {callBookedLine(contact.next_call_at)}
        </p>
      )}
    </div>
  );
}

function ContactInfo({ contact }: { contact: Contact }) {
  return (
    <div className="min-w-0 text-sm">
      {contact.email && (
        <p className="text-slate-800">
          <EmailAddress email={contact.email} />
        </p>
      )}
      {contact.phone && <p className="text-slate-600">{contact.phone}</p>}
      {!contact.email && !contact.phone && <p className="text-slate-500">No email or phone</p>}
    </div>
  );
}

function Score({ value }: { value: number }) {
  return (
    <Badge tone={scoreTone(value)}>
      <span className="sr-only">Lead score </span>
      {value}
    </Badge>
  );
}
