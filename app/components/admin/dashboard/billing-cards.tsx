import { Link } from "react-router";
import { AlertTriangle, CalendarCheck, CircleDollarSign, HandCoins, Wallet } from "lucide-react";
import { formatCents } from "~/contracts/billing-money";
import { useBillingSummary } from "~/components/admin/billing";
import { StatCard } from "~/components/admin/ui/stat-card";

const cardLink =
  "grid rounded-xl transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

const count = (n: number, what: string) => `${n.toLocaleString("en-US")} ${what}${n === 1 ? "" : "s"}`;

/**
 * The money (docs/product/dashboard.md; docs/product/billing.md "The owner's figures"):
 * outstanding, overdue, and paid this month and this year, each opening the Invoices screen with
 * its filter; and, while there is any, the money received that an invoice could not take ("Refund
 * or credit due", docs/product/billing.md "Credits"), opening the invoice of the oldest.
 */
export function BillingCards() {
  const summary = useBillingSummary();
  const s = summary.data;
  const money = (cents: number | undefined) => (cents === undefined ? "–" : formatCents(cents));
  const cards = [
    {
      testId: "stat-outstanding",
      to: "/admin/invoices?status=open",
      label: "Outstanding",
      value: money(s?.outstanding_cents),
      icon: Wallet,
      hint: s ? `Still due on ${count(s.outstanding_count, "open invoice")}` : "Still due on open invoices",
      link: "see the open invoices",
    },
    {
      testId: "stat-overdue",
      to: "/admin/invoices?status=overdue",
      label: "Overdue",
      value: money(s?.overdue_cents),
      icon: AlertTriangle,
      hint: s ? `${count(s.overdue_count, "invoice")} past the due date` : "Past the due date",
      link: "see the overdue invoices",
    },
    {
      testId: "stat-paid-month",
      to: "/admin/invoices?status=paid",
      label: "Paid this month",
      value: money(s?.paid_this_month_cents),
      icon: CalendarCheck,
      hint: "Payments dated this month",
      link: "see the paid invoices",
    },
    {
      testId: "stat-paid-year",
      to: "/admin/invoices?status=paid",
      label: "Paid this year",
      value: money(s?.paid_this_year_cents),
      icon: CircleDollarSign,
      hint: "Payments dated this year",
      link: "see the paid invoices",
    },
  ];
  return (
    <section aria-labelledby="billing-cards-title" className="grid gap-3">
      <h2 id="billing-cards-title" className="text-lg font-semibold text-slate-900">
        Money
      </h2>
      {summary.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          The billing figures could not be loaded just now.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void summary.refetch()}>
            Retry
          </button>
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <Link key={card.testId} to={card.to} data-testid={card.testId} className={cardLink}>
            <StatCard label={card.label} value={card.value} icon={card.icon} hint={card.hint} long />
            <span className="sr-only"> ({card.link})</span>
          </Link>
        ))}
      </div>
      {s && s.credit_due_count > 0 && (
        <Link
          to={s.credit_invoice_id ? `/admin/invoices?invoice=${s.credit_invoice_id}` : "/admin/invoices"}
          data-testid="stat-credit-due"
          className={`${cardLink} sm:max-w-sm`}
        >
          <StatCard
            label="Refund or credit due"
            value={formatCents(s.credit_due_cents)}
            icon={HandCoins}
            hint={`${count(s.credit_due_count, "payment")} an invoice could not take: refund or apply ${s.credit_due_count === 1 ? "it" : "them"}`}
            long
          />
          <span className="sr-only"> (open the invoice to refund or apply it)</span>
        </Link>
      )}
    </section>
  );
}
