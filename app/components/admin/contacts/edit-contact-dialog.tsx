import { toast } from "sonner";
import type { Contact } from "~/contracts/contacts";
import { ContactUpdateSchema } from "~/contracts/contact-inputs";
import { Dialog } from "../ui/dialog";
import { useUpdateContact } from "./api";
import { FormFooter } from "../ui/form-footer";
import { useSchemaForm } from "../ui/use-schema-form";
import { ContactFormFields, contactToForm } from "./contact-form";

/**
 * Edit Contact (docs/product/contacts.md "Adding and editing"): any status; a lead score that is
 * not a number is saved as 0.
 */
export function EditContactDialog({
  contact,
  onOpenChange,
}: {
  contact: Contact | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={contact !== null} onOpenChange={onOpenChange} title="Edit Contact" description={contact?.name} wide>
      {contact && <EditContactForm key={contact.id} contact={contact} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

const blank = (value: string) => !value.trim();

function EditContactForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const update = useUpdateContact(contact.id);
  const form = useSchemaForm({
    initial: () => contactToForm(contact),
    schema: ContactUpdateSchema,
    // Name and email first: while either is empty, only they are marked.
    check: (values, found) =>
      blank(values.name) || blank(values.email)
        ? {
            name: blank(values.name) ? "Name is required" : undefined,
            email: blank(values.email) ? "Email is required" : undefined,
          }
        : found,
    invalidMessage: (_found, values) =>
      blank(values.name) || blank(values.email) ? "Name and email are required" : null,
    save: (data) => update.mutateAsync(data),
    onSaved: (saved) => {
      toast.success(`Saved ${saved.name}`);
      onDone();
    },
    fallbackError: "Failed to update contact",
  });

  return (
    <form onSubmit={form.submit} noValidate>
      <ContactFormFields
        mode="edit"
        values={form.values}
        errors={form.errors}
        currentSource={contact.source}
        onChange={form.set}
      />
      <FormFooter
        error={form.error}
        busy={form.saving}
        submitLabel="Save Changes"
        busyLabel="Saving..."
        onCancel={onDone}
      />
    </form>
  );
}
