import type { Contact } from "~/lib/admin/contacts";
import { Badge } from "../ui/badge";
import { formatDate } from "../ui/format";
import { isSubmission, scoreTone, sourceLabel, STATUS_TONE, statusLabel } from "./labels";
import { RowButtons, StatusSelect, type RowHandlers } from "./row-actions";
import { EmailAddress } from "~/components/admin/ui/email-address";

/** The leads: a table from the md breakpoint, cards on a phone. */
export function ContactsList({ contacts, ...handlers }: { contacts: Contact[] } & RowHandlers) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="w-full min-w-[960px] text-left text-sm">
          <caption className="sr-only">Contacts</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Contact
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Score
              </th>
              <th scope="col" className="px-4 py-3">
                Source
              </th>
              <th scope="col" className="px-4 py-3">
                Created
              </th>
              <th scope="col" className="px-4 py-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {contacts.map((contact) => (
              <tr key={contact.id} className="align-top hover:bg-slate-50/60">
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
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="Contacts" className="grid gap-3 md:hidden">
        {contacts.map((contact) => (
          <li key={contact.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
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
          </li>
        ))}
      </ul>
    </>
  );
}

function NameBlock({ contact }: { contact: Contact }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-900">
        {contact.name}
        {isSubmission(contact) && <Badge tone="blue">Form</Badge>}
      </p>
      {contact.company && contact.company !== contact.name && (
        <p className="text-xs break-words text-slate-600">{contact.company}</p>
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
