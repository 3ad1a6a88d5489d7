import { toast } from "sonner";
import { NewContactSchema } from "~/contracts/contact-inputs";
import { Dialog } from "../ui/dialog";
import { useAddContact } from "./api";
import { FormFooter } from "../ui/form-footer";
import { useSchemaForm } from "../ui/use-schema-form";
import { ContactFormFields, emptyContactForm, type ContactFormValues } from "./contact-form";

/**
 * Add Contact (docs/product/contacts.md "Adding and editing"): name and email required; the initial
 * status is New, Contacted or Qualified.
 */
export function AddContactDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Contact"
      description="A new lead you met, were referred to or found."
      wide
    >
      {open && <AddContactForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function AddContactForm({ onDone }: { onDone: () => void }) {
  const add = useAddContact();
  const form = useSchemaForm({
    initial: emptyContactForm,
    schema: NewContactSchema,
    input: ({ lead_score: _score, ...input }: ContactFormValues) => input,
    save: (data) => add.mutateAsync(data),
    onSaved: (contact) => {
      toast.success(`Added ${contact.name}`);
      onDone();
    },
    fallbackError: "Failed to add contact",
  });

  return (
    <form onSubmit={form.submit} noValidate>
      <ContactFormFields mode="add" values={form.values} errors={form.errors} onChange={form.set} />
      <FormFooter
        error={form.error}
        busy={form.saving}
        submitLabel="Add Contact"
        busyLabel="Adding..."
        onCancel={onDone}
      />
    </form>
  );
}
