import { fieldErrors } from "~/lib/validation";
import { useState } from "react";
import { toast } from "sonner";
import { ContactUpdateSchema, type Contact } from "~/contracts/contacts";
import { errorMessage } from "~/lib/api/call";
import { Dialog } from "../ui/dialog";
import { useUpdateContact } from "./api";
import { FormFooter } from "../ui/form-footer";
import { ContactFormFields, contactToForm, type ContactFormValues, type FieldErrors } from "./contact-form";

/** Edit Contact (back-office spec 5): any status; a lead score that is not a number is saved as 0. */
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

function EditContactForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const [values, setValues] = useState<ContactFormValues>(() => contactToForm(contact));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateContact(contact.id);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    if (!values.name.trim() || !values.email.trim()) {
      setErrors({
        name: values.name.trim() ? undefined : "Name is required",
        email: values.email.trim() ? undefined : "Email is required",
      });
      setError("Name and email are required");
      return;
    }
    const parsed = ContactUpdateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setError(null);
      return;
    }
    setErrors({});
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        toast.success(`Saved ${saved.name}`);
        onDone();
      },
      onError: (e) => setError(errorMessage(e, "Failed to update contact")),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <ContactFormFields
        mode="edit"
        values={values}
        errors={errors}
        currentSource={contact.source}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
      />
      <FormFooter
        error={error}
        busy={update.isPending}
        submitLabel="Save Changes"
        busyLabel="Saving..."
        onCancel={onDone}
      />
    </form>
  );
}
