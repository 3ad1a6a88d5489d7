import { useEffect, useId, useState, type ReactNode } from "react";
import { formatCents } from "~/contracts/billing-money";
import {
  CARE_PLAN_INTERVAL_LABELS,
  CARE_PLAN_PER,
  CARE_PLAN_STATUS_LABELS,
  formatPlanDay,
  zoneName,
} from "~/contracts/care-plan-terms";
import { carePlansEndpoints, type ClientCarePlan } from "~/contracts/care-plans";
import { callResult } from "~/lib/api/call";
import { InvoiceBadge } from "./billing-parts";
import { AutopayPanel, chargeWords, takeAutopayReturn } from "./care-plan-autopay";

/** GET the project's care plans with the portal session. */
export const loadCarePlans = (projectId: string, token: string, signal?: AbortSignal) =>
  callResult(carePlansEndpoints.client, { params: { id: projectId }, token, signal });

/**
 * The client's care plans in the Billing section (docs/product/billing.md "Care plans"): what each
 * costs, how often, when it is next due (the business's zone named) and its invoices, each of which
 * is also listed below with Pay Now or how to pay. Read again whenever the section is (`version`).
 * Nothing shows while there is no plan, or when the plans cannot be read (the invoices still show).
 */
export function CarePlans({
  projectId,
  token,
  version,
  cardPayments,
  paidCentsOf,
}: {
  projectId: string;
  token: string;
  version: unknown;
  /** Stripe is set up: a plan can be paid automatically. */
  cardPayments: boolean;
  /** What an invoice has been paid so far, from the section's answer. */
  paidCentsOf: (invoiceId: number) => number;
}) {
  const [plans, setPlans] = useState<ClientCarePlan[]>([]);
  // Back from Stripe Checkout having saved a card (setup mode): the plan it was saved for.
  const [saving] = useState(takeAutopayReturn);
  useEffect(() => {
    // Read after each answer of the section (a change pushed live, a payment confirmed), never before the first.
    if (version === undefined) return;
    const aborter = new AbortController();
    void loadCarePlans(projectId, token, aborter.signal).then((result) => {
      if (!aborter.signal.aborted && result.ok) setPlans(result.data.plans);
    });
    return () => aborter.abort();
  }, [projectId, token, version]);
  if (plans.length === 0) return null;
  return (
    <div>
      <h4 className="text-lg font-semibold text-slate-900">{plans.length === 1 ? "Care plan" : "Care plans"}</h4>
      <div className="mt-3 space-y-4">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            autopay={
              <AutopayPanel
                projectId={projectId}
                plan={plan}
                paidCentsOf={paidCentsOf}
                token={token}
                cardPayments={cardPayments}
                saving={saving === plan.id}
                onChanged={(next) => setPlans((all) => all.map((p) => (p.id === next.id ? next : p)))}
              />
            }
          />
        ))}
      </div>
    </div>
  );
}

const STATUS_COLOURS: Record<ClientCarePlan["status"], string> = {
  active: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  paused: "bg-amber-100 text-amber-900 ring-amber-300",
  ended: "bg-slate-200 text-slate-800 ring-slate-400",
};

function PlanCard({ plan, autopay }: { plan: ClientCarePlan; autopay: ReactNode }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
      data-testid="portal-care-plan"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h5 id={titleId} className="text-lg font-bold break-words text-slate-900">
          {plan.name}
        </h5>
        <span
          className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${STATUS_COLOURS[plan.status]}`}
        >
          {CARE_PLAN_STATUS_LABELS[plan.status]}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-700">Amount</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {formatCents(plan.amount_cents)}
            {CARE_PLAN_PER[plan.interval]}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Billed</dt>
          <dd className="text-slate-900">{CARE_PLAN_INTERVAL_LABELS[plan.interval]}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Next due</dt>
          <dd className="text-slate-900" data-testid="portal-care-plan-next">
            {plan.next_due_date && plan.status !== "ended"
              ? `${formatPlanDay(plan.next_due_date)} (${zoneName(plan.time_zone)})`
              : "Nothing further"}
          </dd>
        </div>
      </dl>
      {plan.status === "paused" ? (
        <p className="mt-3 text-slate-800">Paused: no invoice is sent until it resumes.</p>
      ) : null}
      {autopay}
      {plan.invoices.length ? (
        <div className="mt-4">
          <h6 className="font-semibold text-slate-900">Its invoices</h6>
          <ul className="mt-2 space-y-2">
            {plan.invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-800">
                <span>
                  Invoice <span className="whitespace-nowrap">{invoice.number}</span>, for{" "}
                  {formatPlanDay(invoice.due_date)}
                </span>
                <InvoiceBadge status={invoice.status} />
                {invoice.charge ? (
                  <span className="w-full text-sm text-slate-700" data-testid="portal-care-plan-charge">
                    {chargeWords(invoice.charge, invoice.due_date)}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-700">Each is shown in full under Invoices, to pay or download.</p>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-700">Each invoice is e-mailed to you a few days before it is due.</p>
      )}
    </article>
  );
}
