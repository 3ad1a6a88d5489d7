import { Link } from "react-router";
import { Eye, FolderPlus, Mail, MessageSquarePlus, Pencil, PhoneOutgoing } from "lucide-react";
import { CONTACT_STATUSES, type Contact, type ContactStatus } from "~/lib/admin/contacts";
import { adminButton, inputClass } from "../ui/styles";
import { statusLabel } from "./labels";

/** What a row's buttons ask the screen to open. */
export type RowAction = "edit" | "log" | "details" | "email";

export interface RowHandlers {
  onAction: (action: RowAction, contact: Contact) => void;
  onStatus: (contact: Contact, status: ContactStatus) => void;
}

/** The Project button's address (back-office spec 2): the contact's id, name and e-mail, URL-encoded. */
export const projectHref = (contact: Contact) =>
  `/admin/projects?${new URLSearchParams({
    create: "true",
    contact_id: String(contact.id),
    contact_name: contact.name,
    contact_email: contact.email ?? "",
  }).toString()}`;

const small = adminButton.row;

function Who({ name }: { name: string }) {
  return <span className="sr-only"> {name}</span>;
}

export function StatusSelect({
  contact,
  onStatus,
  className = "",
}: {
  contact: Contact;
  onStatus: RowHandlers["onStatus"];
  className?: string;
}) {
  return (
    <select
      aria-label={`Status of ${contact.name}`}
      value={contact.status}
      onChange={(e) => onStatus(contact, e.target.value as ContactStatus)}
      className={`${inputClass} py-1 text-xs ${className}`}
    >
      {CONTACT_STATUSES.map((s) => (
        <option key={s} value={s}>
          {statusLabel(s)}
        </option>
      ))}
    </select>
  );
}

export function RowButtons({ contact, onAction, onStatus }: { contact: Contact } & RowHandlers) {
  return (
    <div className="flex flex-wrap gap-1">
      {contact.status === "submitted" && (
        <button
          type="button"
          className={`${small} border-green-300 bg-green-50 text-green-900 hover:bg-green-100`}
          onClick={() => onStatus(contact, "contacted")}
        >
          <PhoneOutgoing className="size-3.5" aria-hidden="true" /> Mark Contacted
          <Who name={contact.name} />
        </button>
      )}
      <button type="button" className={small} onClick={() => onAction("edit", contact)}>
        <Pencil className="size-3.5" aria-hidden="true" /> Edit
        <Who name={contact.name} />
      </button>
      <Link to={projectHref(contact)} className={small}>
        <FolderPlus className="size-3.5" aria-hidden="true" /> Project
        <Who name={contact.name} />
      </Link>
      <button type="button" className={small} onClick={() => onAction("log", contact)}>
        <MessageSquarePlus className="size-3.5" aria-hidden="true" /> Log
        <Who name={contact.name} />
      </button>
      <button type="button" className={small} onClick={() => onAction("details", contact)}>
        <Eye className="size-3.5" aria-hidden="true" /> View
        <Who name={contact.name} />
      </button>
      <button
        type="button"
        className={small}
        onClick={() => onAction("email", contact)}
        disabled={!contact.email}
        title={contact.email ? undefined : "This contact has no email address"}
      >
        <Mail className="size-3.5" aria-hidden="true" /> Email
        <Who name={contact.name} />
      </button>
    </div>
  );
}
