import { useState } from "react";
import { Ban, Banknote, Pencil, Send } from "lucide-react";
import { toast } from "sonner";
import { errorMessage, urlOf } from "~/lib/api/call";
import { FROZEN_INVOICE_STATUSES, OPEN_INVOICE_STATUSES } from "~/contracts/billing-terms";
import { invoicesEndpoints, type Invoice } from "~/contracts/invoices";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { Badge } from "../ui/badge";
import { adminButton, suggestedButtonClass } from "../ui/styles";
import { useSendInvoice, useUpdateInvoice, useVoidInvoice } from "./api";
import { INVOICE_STATUS_TONES } from "./labels";
import { INVOICE_STATUS_LABELS } from "~/contracts/billing-terms";
import { PdfButton } from "./pdf-button";

const small = adminButton.row;

export function InvoiceStatusBadge({ status }: { status: Invoice["status"] }) {
  return <Badge tone={INVOICE_STATUS_TONES[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}

/** An invoice money is still due on, that can be paid. */
export const isOpenInvoice = (invoice: Pick<Invoice, "status">) => OPEN_INVOICE_STATUSES.includes(invoice.status);

/**
 * An invoice's actions (docs/product/billing.md "Invoices", "Payments"): Edit and Send to Client
 * for a draft, Record Payment while money is due, Void while nothing is paid, the reminders
 * switch, and the PDF. The next step (send, then record the payment) stands out.
 */
export function InvoiceActions({
  invoice,
  onEdit,
  onPay,
}: {
  invoice: Invoice;
  onEdit: (invoice: Invoice) => void;
  onPay: (invoice: Invoice) => void;
}) {
  const send = useSendInvoice();
  const update = useUpdateInvoice();
  const [voiding, setVoiding] = useState(false);
  // The reminders switch shows the owner's choice at once; the invoice read again confirms it.
  const [wanted, setWanted] = useState<boolean | null>(null);
  if (wanted !== null && wanted === invoice.reminders_enabled && !update.isPending) setWanted(null);
  const who = <span className="sr-only"> {invoice.number}</span>;
  const frozen = FROZEN_INVOICE_STATUSES.includes(invoice.status);
  const open = isOpenInvoice(invoice);
  const canVoid = !frozen && invoice.amount_paid_cents === 0;

  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {invoice.status === "draft" && (
        <>
          <button
            type="button"
            className={suggestedButtonClass}
            disabled={send.isPending}
            onClick={() =>
              send.mutate(invoice.id, {
                onSuccess: (saved) => toast.success(`Invoice ${saved.number} sent to the client`),
                onError: (e) => toast.error(errorMessage(e, "Failed to send the invoice")),
              })
            }
          >
            <Send className="size-4" aria-hidden="true" /> {send.isPending ? "Sending..." : "Send to Client"}
            {who}
          </button>
          <button type="button" className={small} onClick={() => onEdit(invoice)}>
            <Pencil className="size-3.5" aria-hidden="true" /> Edit{who}
          </button>
        </>
      )}
      {open && (
        <button type="button" className={suggestedButtonClass} onClick={() => onPay(invoice)}>
          <Banknote className="size-4" aria-hidden="true" /> Record Payment{who}
        </button>
      )}
      <PdfButton
        path={urlOf(invoicesEndpoints.pdf, { params: { invoiceId: invoice.id } })}
        fileName={`${invoice.number}.pdf`}
        className={small}
        what={`invoice ${invoice.number}`}
      />
      {canVoid && (
        <button type="button" className={`${small} text-red-800 hover:bg-red-50`} onClick={() => setVoiding(true)}>
          <Ban className="size-3.5" aria-hidden="true" /> Void{who}
        </button>
      )}
      {!frozen && (
        <label className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={wanted ?? invoice.reminders_enabled}
            disabled={update.isPending}
            onChange={(e) => {
              const on = e.target.checked;
              setWanted(on);
              update.mutate(
                { invoiceId: invoice.id, body: { reminders_enabled: on } },
                {
                  onSuccess: (saved) => toast.success(`Reminders ${on ? "on" : "off"} for ${saved.number}`),
                  onError: (err) => {
                    setWanted(null);
                    toast.error(errorMessage(err, "Failed to change the reminders"));
                  },
                },
              );
            }}
          />
          Reminders{who}
        </label>
      )}
      <VoidDialog invoice={voiding ? invoice : null} onClose={() => setVoiding(false)} />
    </div>
  );
}

/** Void, with an optional reason: the invoice keeps its number (docs/product/billing.md "Invoices"). */
function VoidDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  const voidInvoice = useVoidInvoice();
  const [reason, setReason] = useState("");
  const close = () => {
    if (voidInvoice.isPending) return;
    voidInvoice.reset();
    setReason("");
    onClose();
  };
  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(next) => !next && close()}
      title="Void Invoice"
      description={
        invoice
          ? `Void ${invoice.number}? It keeps its number and can no longer be paid or changed. A correction is a new invoice.`
          : undefined
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!invoice) return;
          voidInvoice.mutate(
            { invoiceId: invoice.id, reason: reason.trim() || undefined },
            {
              onSuccess: (saved) => {
                toast.success(`Invoice ${saved.number} voided`);
                setReason("");
                voidInvoice.reset();
                onClose();
              },
            },
          );
        }}
      >
        <Field label="Reason (optional)">
          {(p) => <input {...p} type="text" value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        {voidInvoice.isError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {errorMessage(voidInvoice.error, "Failed to void the invoice")}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={adminButton.secondary} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={adminButton.danger} disabled={voidInvoice.isPending}>
            {voidInvoice.isPending ? "Voiding..." : "Void Invoice"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
