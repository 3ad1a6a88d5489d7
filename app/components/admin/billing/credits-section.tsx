import { useState } from "react";
import { toast } from "sonner";
import { formatCents } from "~/contracts/billing-money";
import { CREDIT_REASON_LABELS, CREDIT_STATUS_LABELS, type CreditStatus } from "~/contracts/billing-terms";
import type { Credit } from "~/contracts/invoice-payments";
import type { Invoice } from "~/contracts/invoices";
import { formatInstant } from "~/lib/time/zoned";
import { errorMessage } from "~/lib/api/call";
import { Dialog } from "../ui/dialog";
import { Field } from "../ui/field";
import { formatDay } from "../ui/format";
import { InlineLoading } from "../ui/loading";
import { adminButton, toneClass, type Tone } from "../ui/styles";
import { useApplyCredit, useCreditTargets, useRefundCredit } from "./api";

const STATUS_TONE: Record<CreditStatus, Tone> = { open: "orange", refunded: "gray", applied: "green" };

/**
 * An invoice's credits (docs/product/billing.md "Credits"): money received on it that it could not
 * take. An open one is marked refunded (with a note) or applied to another open invoice of the
 * same client.
 */
export function CreditsSection({ invoice }: { invoice: Invoice }) {
  const [refunding, setRefunding] = useState<Credit | null>(null);
  const [applying, setApplying] = useState<Credit | null>(null);
  if (invoice.credits.length === 0) return null;
  const open = invoice.credits.filter((c) => c.status === "open");
  return (
    <section aria-labelledby={`inv-${invoice.id}-credits`} className="grid gap-2" data-testid="invoice-credits">
      <h3 id={`inv-${invoice.id}-credits`} className="text-base font-semibold text-slate-900">
        Credits
      </h3>
      {open.length > 0 && (
        <p className="rounded-lg border border-orange-200 bg-orange-50 px-3 py-2 text-sm text-orange-950">
          Refund or credit due: {formatCents(open.reduce((sum, c) => sum + c.amount_cents, 0))}. The client paid more
          than this invoice could take: refund it in the Stripe dashboard and mark it refunded, or apply it to another
          invoice of theirs.
        </p>
      )}
      <ul className="grid gap-2 text-sm" aria-label={`Credits of ${invoice.number}`}>
        {invoice.credits.map((credit) => (
          <li key={credit.id} className="grid gap-1 rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-slate-900 tabular-nums">{formatCents(credit.amount_cents)}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${toneClass[STATUS_TONE[credit.status]]}`}>
                {CREDIT_STATUS_LABELS[credit.status]}
              </span>
            </div>
            <p className="text-slate-700">
              {CREDIT_REASON_LABELS[credit.reason]} · received {formatDay(credit.received_on)}
            </p>
            {credit.note && <p className="break-words text-xs text-slate-600">{credit.note}</p>}
            {credit.status !== "open" && (
              <p className="break-words text-slate-700">
                {credit.status === "refunded" ? "Refunded" : "Applied"}
                {credit.resolved_at ? ` ${formatInstant(credit.resolved_at)}` : ""}
                {credit.resolution_note ? `: ${credit.resolution_note}` : ""}
              </p>
            )}
            {credit.status === "open" && (
              <div className="flex flex-wrap gap-2 pt-1">
                <button type="button" className={adminButton.row} onClick={() => setRefunding(credit)}>
                  Mark refunded
                </button>
                <button type="button" className={adminButton.row} onClick={() => setApplying(credit)}>
                  Apply to another invoice
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <RefundDialog credit={refunding} onClose={() => setRefunding(null)} />
      <ApplyDialog credit={applying} onClose={() => setApplying(null)} />
    </section>
  );
}

function RefundDialog({ credit, onClose }: { credit: Credit | null; onClose: () => void }) {
  const refund = useRefundCredit();
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState(false);
  const close = () => {
    if (refund.isPending) return;
    refund.reset();
    setNote("");
    setMissing(false);
    onClose();
  };
  return (
    <Dialog
      open={credit !== null}
      onOpenChange={(next) => !next && close()}
      title="Mark Refunded"
      description={
        credit
          ? `${formatCents(credit.amount_cents)} received on ${credit.invoice_number}: say how it went back to the client.`
          : undefined
      }
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!credit) return;
          if (!note.trim()) {
            setMissing(true);
            return;
          }
          refund.mutate(
            { creditId: credit.id, note: note.trim() },
            {
              onSuccess: (saved) => {
                toast.success(`${formatCents(saved.credit.amount_cents)} marked refunded`);
                setNote("");
                refund.reset();
                onClose();
              },
            },
          );
        }}
      >
        <Field
          label="How was it refunded?"
          required
          error={missing ? "Say how it was refunded" : undefined}
          hint="For example: refunded in the Stripe dashboard on Dec 5"
        >
          {(p) => (
            <input
              {...p}
              type="text"
              value={note}
              maxLength={2000}
              required
              onChange={(e) => {
                setNote(e.target.value);
                if (e.target.value.trim()) setMissing(false);
              }}
            />
          )}
        </Field>
        {refund.isError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {errorMessage(refund.error, "Failed to mark the credit refunded")}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={adminButton.secondary} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={adminButton.primary} disabled={refund.isPending}>
            {refund.isPending ? "Saving..." : "Mark Refunded"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ApplyDialog({ credit, onClose }: { credit: Credit | null; onClose: () => void }) {
  const targets = useCreditTargets(credit?.id ?? null);
  const apply = useApplyCredit();
  const [chosen, setChosen] = useState("");
  const close = () => {
    if (apply.isPending) return;
    apply.reset();
    setChosen("");
    onClose();
  };
  const list = targets.data ?? [];
  const selected = list.find((t) => String(t.id) === chosen) ?? list[0];
  return (
    <Dialog
      open={credit !== null}
      onOpenChange={(next) => !next && close()}
      title="Apply Credit"
      description={
        credit
          ? `${formatCents(credit.amount_cents)} received on ${credit.invoice_number}, as a payment on another open invoice of the same client (the same project or the same e-mail). More than is due there stays a credit.`
          : undefined
      }
    >
      {targets.isPending ? (
        <InlineLoading label="Loading the client's open invoices..." />
      ) : targets.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {errorMessage(targets.error, "Failed to fetch the client's open invoices")}
        </p>
      ) : list.length === 0 ? (
        <div className="grid gap-4">
          <p className="text-sm text-slate-700">
            This client has no other open invoice with money due. Refund the credit instead, or apply it once their next
            invoice is sent.
          </p>
          <div className="flex justify-end">
            <button type="button" className={adminButton.secondary} onClick={close}>
              Close
            </button>
          </div>
        </div>
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!credit || !selected) return;
            apply.mutate(
              { creditId: credit.id, body: { invoice_id: selected.id } },
              {
                onSuccess: (saved) => {
                  toast.success(
                    `${formatCents(saved.payment.amount_cents)} applied to ${saved.invoice.number}` +
                      (saved.rest ? `; ${formatCents(saved.rest.amount_cents)} stays a credit` : ""),
                  );
                  setChosen("");
                  apply.reset();
                  onClose();
                },
              },
            );
          }}
        >
          <Field label="Invoice">
            {(p) => (
              <select {...p} value={selected ? String(selected.id) : ""} onChange={(e) => setChosen(e.target.value)}>
                {list.map((t) => (
                  <option key={t.id} value={String(t.id)}>
                    {t.number} · {t.project_name} · {formatCents(t.amount_due_cents)} due {formatDay(t.due_date)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {apply.isError && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              {errorMessage(apply.error, "Failed to apply the credit")}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className={adminButton.secondary} onClick={close}>
              Cancel
            </button>
            <button type="submit" className={adminButton.primary} disabled={apply.isPending}>
              {apply.isPending ? "Applying..." : "Apply Credit"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
