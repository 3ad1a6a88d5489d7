import { toast } from "sonner";
import { centsToDollarText, dollarTextToCents, formatCents } from "~/contracts/billing-money";
import {
  PAYMENT_METHOD_LABELS,
  RECORDED_PAYMENT_METHODS,
  INVOICE_STATUS_LABELS,
  type RecordedPaymentMethod,
} from "~/contracts/billing-terms";
import type { Invoice, InvoiceRow } from "~/contracts/invoices";
import { NewPaymentSchema } from "~/contracts/payments";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { FormFooter } from "../ui/form-footer";
import { useSchemaForm } from "../ui/use-schema-form";
import { stillDue, useRecordPayment } from "./api";
import { todayDay } from "./labels";

interface PaymentValues {
  amount: string;
  paid_on: string;
  method: RecordedPaymentMethod;
  note: string;
}

type PayableInvoice = Pick<Invoice | InvoiceRow, "id" | "number" | "amount_due_cents">;

/**
 * Record Payment (docs/product/billing.md "Payments"): a check, cash, a transfer... typed by the
 * owner. The amount starts at what is still due; partial payments add up on the server. "Credit
 * applied" is not offered: only applying a credit writes it (docs/product/billing.md "Credits").
 */
export function PaymentDialog({ invoice, onClose }: { invoice: PayableInvoice | null; onClose: () => void }) {
  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Record Payment"
      description={invoice ? `Invoice ${invoice.number}: ${formatCents(stillDue(invoice))} still due` : undefined}
    >
      {invoice && <PaymentForm key={invoice.id} invoice={invoice} onDone={onClose} />}
    </Dialog>
  );
}

function PaymentForm({ invoice, onDone }: { invoice: PayableInvoice; onDone: () => void }) {
  const record = useRecordPayment();
  const form = useSchemaForm({
    initial: (): PaymentValues => ({
      amount: centsToDollarText(stillDue(invoice)),
      paid_on: todayDay(),
      method: "check",
      note: "",
    }),
    schema: NewPaymentSchema,
    input: (values: PaymentValues) => ({
      amount_cents: dollarTextToCents(values.amount) ?? Number.NaN,
      paid_on: values.paid_on,
      method: values.method,
      note: values.note.trim() || undefined,
    }),
    check: (values, errors) => {
      const cents = dollarTextToCents(values.amount);
      if (cents === null) return { ...errors, amount_cents: "Enter the amount in dollars, e.g. 137.50" };
      if (cents > stillDue(invoice))
        return { ...errors, amount_cents: `At most what is still due: ${formatCents(stillDue(invoice))}` };
      return errors;
    },
    save: (data) => record.mutateAsync({ invoiceId: invoice.id, body: data }),
    onSaved: (answer) => {
      toast.success(
        `${formatCents(answer.payment.amount_cents)} recorded: ${answer.invoice.number} is ${INVOICE_STATUS_LABELS[
          answer.invoice.status
        ].toLowerCase()}`,
      );
      onDone();
    },
    fallbackError: "Failed to record the payment",
  });
  const { values, errors, set } = form;

  return (
    <form onSubmit={form.submit} noValidate className="grid gap-4" aria-label="Record payment">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Amount ($)" required error={errors.amount_cents}>
          {(p) => (
            <input
              {...p}
              type="text"
              inputMode="decimal"
              value={values.amount}
              onChange={(e) => set({ amount: e.target.value })}
              required
            />
          )}
        </Field>
        <Field label="Date paid" required error={errors.paid_on}>
          {(p) => (
            <input
              {...p}
              type="date"
              value={values.paid_on}
              onChange={(e) => set({ paid_on: e.target.value })}
              required
            />
          )}
        </Field>
      </div>
      <Field label="Method" error={errors.method}>
        {(p) => (
          <select
            {...p}
            value={values.method}
            onChange={(e) => {
              const method = RECORDED_PAYMENT_METHODS.find((m) => m === e.target.value);
              if (method) set({ method });
            }}
          >
            {RECORDED_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Note" error={errors.note} hint="A check number, a transfer reference...">
        {(p) => <input {...p} type="text" value={values.note} onChange={(e) => set({ note: e.target.value })} />}
      </Field>
      <FormFooter
        error={form.error}
        busy={form.saving}
        submitLabel="Record Payment"
        busyLabel="Recording..."
        onCancel={onDone}
      />
    </form>
  );
}
