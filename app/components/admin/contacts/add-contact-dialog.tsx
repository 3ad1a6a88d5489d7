import { fieldErrors } from "~/lib/validation";
import { useState } from "react";
import { toast } from "sonner";
import { NewContactSchema } from "~/contracts/contacts";
import { errorMessage } from "~/lib/api/call";
import { Dialog } from "../ui/dialog";
import { useAddContact } from "./api";
import { FormFooter } from "../ui/form-footer";
import { ContactFormFields, emptyContactForm, type ContactFormValues, type FieldErrors } from "./contact-form";

/** Add Contact (back-office spec 5): name and email required; the initial status is New, Contacted or Qualified. */
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
  const [values, setValues] = useState<ContactFormValues>(emptyContactForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const add = useAddContact();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const { lead_score: _score, ...input } = values;
    const parsed = NewContactSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setError(null);
      return;
    }
    setErrors({});
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: (contact) => {
        toast.success(`Added ${contact.name}`);
        onDone();
      },
      onError: (e) => setError(errorMessage(e, "Failed to add contact")),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <ContactFormFields
        mode="add"
        values={values}
        errors={errors}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
      />
      <FormFooter
        error={error}
        busy={add.isPending}
        submitLabel="Add Contact"
        busyLabel="Adding..."
        onCancel={onDone}
      />
    </form>
  );
}
