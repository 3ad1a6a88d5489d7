import { Link } from "react-router";
import { Eye, FolderKanban, FolderPlus, Mail, MessageSquarePlus, Pencil, PhoneOutgoing } from "lucide-react";
import type { Contact, ContactProject } from "~/contracts/contacts";
import { CONTACT_STATUSES, type ContactStatus } from "~/contracts/contact-terms";
import { defaultProjectName, projectTypeOfSiteType } from "~/contracts/project-terms";
import { adminButton, inputClass } from "../ui/styles";
import { statusLabel } from "./labels";

/** What a row's buttons ask the screen to open. */
export type RowAction = "edit" | "log" | "details" | "email";

export interface RowHandlers {
  onAction: (action: RowAction, contact: Contact) => void;
  onStatus: (contact: Contact, status: ContactStatus) => void;
}

/** A project of the admin's, opened in its details. */
export const openProjectHref = (projectId: string) => `/admin/projects?project=${encodeURIComponent(projectId)}`;

/**
 * The create dialog's address for a new project of this contact (docs/product/contacts.md
 * "The Project button"): the contact's id, name and e-mail, and what the lead asked for on the form
 * (type, budget, timeline, description), so the new project starts from the lead's own words, under
 * a name none of its projects has.
 */
export const projectHref = (contact: Contact & { projects?: ContactProject[] }) => {
  const asked = contact.submission_data;
  const type = asked ? projectTypeOfSiteType(asked.site_type) : null;
  const query: Record<string, string> = {
    create: "true",
    contact_id: String(contact.id),
    contact_name: contact.name,
    contact_email: contact.email ?? "",
  };
  if (type) query.project_type = type;
  if (asked?.budget) query.budget_range = asked.budget;
  if (asked?.timeline) query.timeline = asked.timeline;
  if (contact.initial_message) query.description = contact.initial_message;
  // A name none of the contact's projects has (a second project of the same kind and month gets a number).
  const taken = new Set(contact.projects?.map((p) => p.name));
  const named = defaultProjectName(contact.name, type);
  let name = named;
  for (let n = 2; taken.has(name); n++) name = `${named} (${n})`;
  query.name = name;
  return `/admin/projects?${new URLSearchParams(query).toString()}`;
};

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

/**
 * The Project button: a lead that has a project opens it (the newest), so a second click never
 * makes a duplicate; creating another is the details dialog's explicit "New project". A lead
 * without one starts the create dialog, filled from what the lead asked for.
 */
function ProjectButton({ contact }: { contact: Contact & { project_ids?: string[] } }) {
  const newest = contact.project_ids?.[0];
  if (newest)
    return (
      <Link to={openProjectHref(newest)} className={small} title={`Open project ${newest}`}>
        <FolderKanban className="size-3.5" aria-hidden="true" /> Project
        <span className="sr-only">
          {" "}
          {newest} of {contact.name}
        </span>
      </Link>
    );
  return (
    <Link to={projectHref(contact)} className={small} title="Create a project for this lead">
      <FolderPlus className="size-3.5" aria-hidden="true" /> Project
      <span className="sr-only"> (new) for {contact.name}</span>
    </Link>
  );
}

export function RowButtons({
  contact,
  onAction,
  onStatus,
}: { contact: Contact & { project_ids?: string[] } } & RowHandlers) {
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
      <ProjectButton contact={contact} />
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
