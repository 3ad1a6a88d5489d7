import { useState } from "react";
import { Pencil, Star, UserMinus, UserPlus } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "~/lib/api/call";
import { PROJECT_CONTACT_ROLE_LABELS, PROJECT_CONTACT_ROLES, type ProjectContactRole } from "~/contracts/project-terms";
import type { ProjectDetail } from "~/contracts/projects";
import type { ProjectContact } from "~/contracts/project-contacts";
import { Badge } from "../ui/badge";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { adminButton } from "../ui/styles";
import { useAddProjectContacts, useChangeProjectContact, useRemoveProjectContact } from "./api";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ContactPicker } from "./contact-picker";
import { SectionHeading } from "./section";
import { EmailAddress } from "~/components/admin/ui/email-address";

const small =
  "inline-flex items-center gap-1 rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-xs font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600";

const isRole = (value: string): value is ProjectContactRole => PROJECT_CONTACT_ROLES.some((r) => r === value);

/**
 * The project's contacts with their roles and the one primary (docs/product/projects.md "Project",
 * "Contact roles").
 */
export function ContactsSection({ project }: { project: ProjectDetail }) {
  const [editing, setEditing] = useState<ProjectContact | null>(null);
  const [removing, setRemoving] = useState<ProjectContact | null>(null);
  const [adding, setAdding] = useState(false);
  const remove = useRemoveProjectContact();

  const closeRemove = () => {
    remove.reset();
    setRemoving(null);
  };

  return (
    <section aria-labelledby={`contacts-${project.id}`} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SectionHeading id={`contacts-${project.id}`}>Contacts ({project.contacts.length})</SectionHeading>
        <button type="button" className={`${adminButton.secondary} px-3 py-1.5`} onClick={() => setAdding(true)}>
          <UserPlus className="size-4" aria-hidden="true" /> Add Contacts
        </button>
      </div>
      <ul className="grid gap-2">
        {project.contacts.map((contact) => (
          <li
            key={contact.contact_id}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="min-w-0 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-900">
                {contact.contact_name}
                {contact.is_primary && (
                  <Badge tone="green">
                    <Star className="mr-1 size-3" aria-hidden="true" /> Primary
                  </Badge>
                )}
                <Badge tone="gray">{PROJECT_CONTACT_ROLE_LABELS[contact.role]}</Badge>
              </p>
              {contact.contact_email && (
                <p className="[overflow-wrap:anywhere] text-slate-700">
                  <a className="underline hover:text-brand-800" href={`mailto:${contact.contact_email}`}>
                    <EmailAddress email={contact.contact_email} />
                  </a>
                </p>
              )}
              {contact.contact_phone && <p className="text-slate-600">{contact.contact_phone}</p>}
            </div>
            <div className="flex shrink-0 flex-wrap gap-1">
              <button type="button" className={small} onClick={() => setEditing(contact)}>
                <Pencil className="size-3.5" aria-hidden="true" /> Edit role
                <span className="sr-only"> of {contact.contact_name}</span>
              </button>
              <button
                type="button"
                className={`${small} text-red-800 hover:bg-red-50`}
                onClick={() => setRemoving(contact)}
                disabled={project.contacts.length === 1}
                title={project.contacts.length === 1 ? "A project needs at least one contact" : undefined}
              >
                <UserMinus className="size-3.5" aria-hidden="true" /> Remove
                <span className="sr-only"> {contact.contact_name}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>

      <RoleDialog projectId={project.id} contact={editing} onClose={() => setEditing(null)} />
      <AddContactsDialog project={project} open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove Contact"
        question={
          removing ? `Remove ${removing.contact_name} from this project? The contact itself stays in Leads.` : ""
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        error={remove.error}
        fallbackError="Failed to remove contact from project"
        onClose={closeRemove}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { id: project.id, contactId: removing.contact_id },
            {
              onSuccess: () => {
                toast.success(`${removing.contact_name} removed from the project`);
                closeRemove();
              },
            },
          )
        }
      />
    </section>
  );
}

/** Edit contact role (docs/product/projects.md "Contact roles"): the role, and making this contact the primary. */
function RoleDialog({
  projectId,
  contact,
  onClose,
}: {
  projectId: string;
  contact: ProjectContact | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={contact !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit Contact Role"
      description={contact?.contact_name}
    >
      {contact && <RoleForm key={contact.contact_id} projectId={projectId} contact={contact} onClose={onClose} />}
    </Dialog>
  );
}

function RoleForm({
  projectId,
  contact,
  onClose,
}: {
  projectId: string;
  contact: ProjectContact;
  onClose: () => void;
}) {
  const [role, setRole] = useState<ProjectContactRole>(contact.role);
  const [primary, setPrimary] = useState(contact.is_primary);
  const change = useChangeProjectContact();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    change.mutate(
      {
        id: projectId,
        contactId: contact.contact_id,
        input: { role, ...(primary && !contact.is_primary ? { is_primary: true } : {}) },
      },
      {
        onSuccess: () => {
          toast.success(`Updated ${contact.contact_name}`);
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <RoleField label="Role" role={role} onChange={setRole} />
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-700"
            checked={primary}
            disabled={contact.is_primary}
            onChange={(e) => setPrimary(e.target.checked)}
            aria-describedby="primary-contact-hint"
          />
          Primary contact
        </label>
        <p id="primary-contact-hint" className="mt-1 text-xs text-slate-600">
          {contact.is_primary
            ? "This is the primary contact. To change it, make another contact primary."
            : "A project has one primary contact: choosing this one replaces the current primary."}
        </p>
      </div>
      {change.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(change.error, "Failed to update contact role")}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={adminButton.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={adminButton.primary} disabled={change.isPending}>
          {change.isPending ? "Saving..." : "Update Role"}
        </button>
      </div>
    </form>
  );
}

function AddContactsDialog({ project, open, onClose }: { project: ProjectDetail; open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Add Contacts"
      description={`To ${project.name}`}
      wide
    >
      {open && <AddContactsForm project={project} onClose={onClose} />}
    </Dialog>
  );
}

function AddContactsForm({ project, onClose }: { project: ProjectDetail; onClose: () => void }) {
  const [selected, setSelected] = useState<number[]>([]);
  const [role, setRole] = useState<ProjectContactRole>("stakeholder");
  const [tried, setTried] = useState(false);
  const add = useAddProjectContacts();
  const existing = project.contacts.map((c) => c.contact_id);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (selected.length === 0 || add.isPending) return;
    add.mutate(
      { id: project.id, input: { contact_ids: selected, role } },
      {
        onSuccess: () => {
          toast.success(selected.length === 1 ? "Contact added" : `${selected.length} contacts added`);
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <ContactPicker selected={selected} onChange={setSelected} exclude={existing} primaryNote={false} />
      <RoleField label="Their role" role={role} onChange={setRole} />
      {(add.isError || (tried && selected.length === 0)) && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {add.isError
            ? errorMessage(add.error, "Failed to add contacts to project")
            : "Please select at least one contact"}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={adminButton.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={adminButton.primary} disabled={add.isPending}>
          {add.isPending ? "Adding..." : "Add to Project"}
        </button>
      </div>
    </form>
  );
}

/** The select of a contact's role on the project (docs/product/projects.md "Contact roles"). */
function RoleField({
  label,
  role,
  onChange,
}: {
  label: string;
  role: ProjectContactRole;
  onChange: (role: ProjectContactRole) => void;
}) {
  return (
    <Field label={label}>
      {(p) => (
        <select
          {...p}
          value={role}
          onChange={(e) => {
            if (isRole(e.target.value)) onChange(e.target.value);
          }}
        >
          {PROJECT_CONTACT_ROLES.map((r) => (
            <option key={r} value={r}>
              {PROJECT_CONTACT_ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
