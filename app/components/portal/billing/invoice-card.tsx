import { useId, useRef, useState, type ReactNode } from "react";
import { formatCents } from "~/contracts/billing-money";
import type { ClientBilling } from "~/contracts/billing";
import { INVOICE_KIND_LABELS, OPEN_INVOICE_STATUSES, PAYMENT_METHOD_LABELS } from "~/contracts/billing-terms";
import type { Invoice } from "~/contracts/invoices";
import { receiptNumber } from "~/contracts/receipts";
import { buttonClass } from "~/components/ui/button";
import { formatPortalDate } from "~/lib/portal/labels";
import { startCheckout } from "./billing-api";
import { Fact, formatMoment, InvoiceBadge, LinesTable, PdfButton, targetedCard, TotalsList } from "./billing-parts";
import { rememberCheckout } from "./checkout-return";

/** Where a return from Checkout stands for this invoice. */
export type Confirmation = "waiting" | "confirmed" | "late";

interface InvoiceCardProps {
  invoice: Invoice;
  billing: ClientBilling;
  token: string;
  /** Set when the client just came back from paying this invoice. */
  confirmation?: Confirmation;
  /** Back from Checkout without paying this invoice: the note that says so. */
  cancelled?: ReactNode;
  /** The document an e-mailed link (or the way back from Checkout) opened the portal on. */
  targeted?: boolean;
  /** The payment whose receipt an e-mailed link opened the portal on. */
  receipt?: number;
}

/**
 * One invoice in the portal (docs/product/billing.md "Invoices", "Payments"): number, status,
 * lines, totals, what is paid and what is still due, the due date and the PDF. An open invoice
 * offers "Pay Now" when card payments are set up, and otherwise says how to pay.
 */
export function InvoiceCard({
  invoice,
  billing,
  token,
  confirmation,
  cancelled,
  targeted = false,
  receipt,
}: InvoiceCardProps) {
  const titleId = useId();
  const payable = OPEN_INVOICE_STATUSES.includes(invoice.status) && invoice.amount_due_cents > 0;
  const rows = [
    ...(invoice.discount_cents > 0
      ? [
          { label: "Subtotal", cents: invoice.subtotal_cents },
          { label: "Discount", cents: -invoice.discount_cents },
        ]
      : []),
    { label: "Total", cents: invoice.total_cents, testId: "invoice-total" },
    { label: "Paid", cents: invoice.amount_paid_cents, testId: "invoice-paid" },
    { label: "Still due", cents: invoice.amount_due_cents, strong: true, testId: "invoice-due" },
  ];

  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5 ${targeted ? targetedCard : ""}`}
      data-testid="portal-invoice"
      data-invoice={invoice.number}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h5
          id={titleId}
          tabIndex={-1}
          data-document={`invoice-${invoice.id}`}
          className="scroll-mt-24 text-lg font-bold text-slate-900 focus:outline-none"
        >
          Invoice <span className="whitespace-nowrap">{invoice.number}</span>
          {invoice.kind !== "manual" ? (
            <span className="ml-2 text-sm font-normal text-slate-700">{INVOICE_KIND_LABELS[invoice.kind]}</span>
          ) : null}
        </h5>
        <InvoiceBadge status={invoice.status} />
      </div>

      {/* Right under the heading: back from Checkout, the heading and the confirmation show together, on a phone too. */}
      {confirmation ? <ConfirmationNote state={confirmation} invoice={invoice} email={billing.contact_email} /> : null}
      {cancelled}

      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label="Issued">{formatPortalDate(invoice.issue_date)}</Fact>
        <Fact label="Due date">{formatPortalDate(invoice.due_date)}</Fact>
        {invoice.paid_at ? (
          <Fact label="Paid in full">
            <time dateTime={invoice.paid_at}>{formatMoment(invoice.paid_at)}</time>
          </Fact>
        ) : null}
      </dl>

      {invoice.notes ? <p className="mt-4 leading-7 whitespace-pre-line text-slate-900">{invoice.notes}</p> : null}

      <LinesTable lines={invoice.lines} caption={`The lines of invoice ${invoice.number}`} />
      <TotalsList rows={rows} />

      {invoice.payments.length ? (
        <div className="mt-4">
          <h6 className="font-semibold text-slate-900">Payments received</h6>
          <ul className="mt-2 space-y-2 text-slate-800">
            {invoice.payments.map((payment) => {
              const number = receiptNumber(invoice, payment);
              return (
                <li
                  key={payment.id}
                  className={`flex flex-col gap-2 rounded-lg bg-white p-3 sm:flex-row sm:items-center sm:justify-between ${receipt === payment.id ? targetedCard : "ring-1 ring-slate-200"}`}
                  data-testid="portal-payment"
                  data-receipt={number}
                >
                  <p tabIndex={-1} data-document={`receipt-${payment.id}`} className="scroll-mt-24 focus:outline-none">
                    <span className="font-semibold text-slate-900 tabular-nums">
                      {formatCents(payment.amount_cents)}
                    </span>{" "}
                    by {PAYMENT_METHOD_LABELS[payment.method].toLowerCase()} on {formatPortalDate(payment.paid_on)}
                    <span className="block text-sm text-slate-700">Receipt {number}</span>
                  </p>
                  <PdfButton
                    of={{ kind: "receipt", id: payment.id }}
                    token={token}
                    number={`Receipt-${number}`}
                    label="Download receipt"
                    download
                  />
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      {invoice.status === "void" ? (
        <p className="mt-4 rounded-lg bg-white p-3 text-slate-800 ring-1 ring-slate-200">
          This invoice was voided{invoice.void_reason ? `: ${invoice.void_reason}` : ""}. Nothing is due on it.
        </p>
      ) : null}

      {payable && !billing.card_payments && confirmation !== "waiting" ? (
        <HowToPay billing={billing} invoice={invoice} />
      ) : null}

      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        {payable && billing.card_payments && confirmation !== "waiting" ? (
          <PayNow invoice={invoice} token={token} />
        ) : null}
        <PdfButton of={{ kind: "invoice", id: invoice.id }} token={token} number={invoice.number} />
      </div>
    </article>
  );
}

function ConfirmationNote({ state, invoice, email }: { state: Confirmation; invoice: Invoice; email: string }) {
  const text =
    state === "waiting"
      ? "Thank you. Your payment is being confirmed with the card processor; this page updates by itself once it is recorded."
      : state === "confirmed"
        ? invoice.amount_due_cents > 0
          ? `Your payment is recorded. ${formatCents(invoice.amount_due_cents)} is still due on this invoice.`
          : "Your payment is recorded: this invoice is paid. Thank you!"
        : `Your payment is not confirmed yet. It can take a few minutes: reload this page later. If the invoice still shows money due tomorrow, write to ${email}.`;
  return (
    <p
      role="status"
      data-testid="payment-confirmation"
      data-state={state}
      className={`mt-4 rounded-lg p-3 ${state === "confirmed" ? "bg-emerald-50 text-emerald-950" : "bg-sky-50 text-sky-950"}`}
    >
      {text}
    </p>
  );
}

/** "Pay Now": a Checkout session for what is still due, then the browser goes to its page. */
function PayNow({ invoice, token }: { invoice: Invoice; token: string }) {
  const [state, setState] = useState<"idle" | "starting" | { error: string }>("idle");
  const alertRef = useRef<HTMLParagraphElement>(null);
  async function pay() {
    setState("starting");
    const result = await startCheckout(invoice.id, token);
    if (!result.ok) {
      setState({
        error: result.network
          ? "The payment page could not be opened: check your connection and try again."
          : (result.error ?? "The payment page could not be opened. Reload the page and try again."),
      });
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    rememberCheckout({ projectId: invoice.project_id, invoiceId: invoice.id, paidCents: invoice.amount_paid_cents });
    window.location.assign(result.data.url);
  }
  return (
    <div className="w-full sm:w-auto">
      <button
        type="button"
        onClick={() => void pay()}
        disabled={state === "starting"}
        className={`${buttonClass.primary} w-full border-2 border-accent-500 disabled:cursor-wait disabled:opacity-70 sm:w-auto`}
      >
        {state === "starting" ? "Opening the payment page..." : "Pay Now"}
        <span className="sr-only"> {formatCents(invoice.amount_due_cents)} by card</span>
      </button>
      {typeof state === "object" ? (
        <p ref={alertRef} tabIndex={-1} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}

/** Without card payments: the payee, the address and what to do, from the site's config. */
function HowToPay({ billing, invoice }: { billing: ClientBilling; invoice: Invoice }) {
  const titleId = useId();
  const { how_to_pay: how } = billing;
  return (
    <section
      aria-labelledby={titleId}
      className="mt-4 rounded-lg border border-brand-200 bg-white p-4"
      data-testid="how-to-pay"
    >
      <h6 id={titleId} className="font-semibold text-slate-900">
        How to pay {formatCents(invoice.amount_due_cents)}
      </h6>
      <p className="mt-1 text-slate-800">{how.instructions}</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <Fact label="Payable to">{how.payee}</Fact>
        <Fact label="Mail to">
          <address className="not-italic">
            {how.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </Fact>
        <Fact label="Reference">{invoice.number}</Fact>
      </dl>
    </section>
  );
}
