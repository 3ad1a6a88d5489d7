import { site } from "~/config/site";
import { NewInvoiceSchema, type Invoice } from "~/contracts/invoices";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { FormFooter } from "../ui/form-footer";
import { DocumentLines, useDocumentForm } from "./document-form";
import { SwitchField } from "../ui/switch-field";
import { useBillingSettings, useCreateInvoice, useUpdateInvoice } from "./api";
import { addDays, todayDay } from "./labels";
import { emptyLine, moneyValuesOf, type MoneyValues } from "./money-form";

/** What the invoice editor opens on: a new invoice of a project ("Create Invoice"), or a draft. */
export type InvoiceEditing = { projectId: string; invoice?: Invoice };

interface InvoiceValues extends MoneyValues {
  due_date: string;
  notes: string;
  reminders_enabled: boolean;
}

/**
 * The invoice editor (docs/product/billing.md "Invoices"): lines typed by hand or from the price
 * tiers, a discount, the due day, notes and the reminders, with the totals as they are typed.
 */
export function InvoiceEditorDialog({ editing, onClose }: { editing: InvoiceEditing | null; onClose: () => void }) {
  const settings = useBillingSettings();
  const dueDays = settings.data?.invoice_due_days ?? site.billing.invoiceDueDays;
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => !open && onClose()}
      title={editing?.invoice ? `Edit Invoice ${editing.invoice.number}` : "Create Invoice"}
      description={editing?.invoice ? editing.invoice.project_name : "A draft: the client sees it once you send it."}
      wide
    >
      {editing && (
        <InvoiceForm
          key={editing.invoice?.id ?? `new-${editing.projectId}`}
          editing={editing}
          dueDays={dueDays}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}

function InvoiceForm({ editing, dueDays, onDone }: { editing: InvoiceEditing; dueDays: number; onDone: () => void }) {
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const { invoice, projectId } = editing;
  const { formRef, ...form } = useDocumentForm({
    kind: "invoice",
    projectId,
    savedId: invoice?.id,
    initial: (): InvoiceValues =>
      invoice
        ? {
            ...moneyValuesOf(invoice),
            due_date: invoice.due_date,
            notes: invoice.notes ?? "",
            reminders_enabled: invoice.reminders_enabled,
          }
        : {
            lines: [emptyLine()],
            discount_type: "none",
            discount_text: "",
            due_date: addDays(todayDay(), dueDays),
            notes: "",
            reminders_enabled: true,
          },
    schema: NewInvoiceSchema,
    fields: (values) => ({
      due_date: values.due_date,
      notes: values.notes.trim() ? values.notes : undefined,
      reminders_enabled: values.reminders_enabled,
    }),
    save: (data) =>
      invoice
        ? update.mutateAsync({ invoiceId: invoice.id, body: data })
        : create.mutateAsync({ projectId, body: data }),
    onDone,
  });
  const { values, errors, set } = form;

  return (
    <form
      ref={formRef}
      onSubmit={form.submit}
      noValidate
      className="grid gap-4"
      aria-label={invoice ? "Edit invoice" : "New invoice"}
    >
      <DocumentLines form={form} />
      <Field label="Due date" error={errors.due_date}>
        {(p) => (
          <input {...p} type="date" value={values.due_date} onChange={(e) => set({ due_date: e.target.value })} />
        )}
      </Field>
      <Field label="Notes for the client" error={errors.notes}>
        {(p) => <textarea {...p} rows={2} value={values.notes} onChange={(e) => set({ notes: e.target.value })} />}
      </Field>
      <SwitchField
        label="Payment reminders"
        description="E-mail the client on the due date and 7 days after while money is still due."
        checked={values.reminders_enabled}
        onCheckedChange={(reminders_enabled) => set({ reminders_enabled })}
      />
      <FormFooter
        error={form.error}
        busy={form.saving}
        submitLabel={invoice ? "Save Invoice" : "Create Invoice"}
        busyLabel="Saving..."
        onCancel={onDone}
      />
    </form>
  );
}
