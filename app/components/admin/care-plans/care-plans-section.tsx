import { useId, useState } from "react";
import { CreditCard, Pause, Play, Plus, Square } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "~/lib/api/call";
import { formatInstant } from "~/lib/time/zoned";
import { formatCents } from "~/contracts/billing-money";
import { INVOICE_STATUS_LABELS } from "~/contracts/billing-terms";
import {
  CARE_PLAN_INTERVAL_LABELS,
  CARE_PLAN_PER,
  CARE_PLAN_STATUS_LABELS,
  formatPlanDay,
  zoneName,
  type CarePlanStatus,
} from "~/contracts/care-plan-terms";
import type { CarePlan, ChargeState } from "~/contracts/care-plans";
import { Badge } from "../ui/badge";
import { InlineLoading } from "../ui/loading";
import { adminButton } from "../ui/styles";
import type { Tone } from "../ui/styles";
import { useCarePlans, useChangeCarePlan, useStopAutopay, type PlanAction } from "./api";
import { PlanForm } from "./plan-form";

const small = adminButton.row;
const STATUS_TONES: Record<CarePlanStatus, Tone> = { active: "green", paused: "yellow", ended: "gray" };
/** How many of a plan's latest periods are listed. */
const PERIODS_SHOWN = 6;

/**
 * A project's care plans (docs/product/billing.md "Care plans"), beside its quotes and invoices:
 * Start Care Plan, and each plan with its amount, next due date (the business's zone named), its
 * latest invoices, and Pause, Resume and End, one click each.
 */
export function CarePlansSection({ projectId }: { projectId: string }) {
  const id = useId();
  const plans = useCarePlans(projectId);
  const [starting, setStarting] = useState(false);
  return (
    <section aria-labelledby={`${id}-plans`} className="grid gap-3" data-testid="care-plans">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-plans`} className="text-base font-semibold text-slate-900">
          Care plans
        </h3>
        {!starting && (
          <button type="button" className={`${adminButton.secondary} px-3 py-1.5`} onClick={() => setStarting(true)}>
            <Plus className="size-4" aria-hidden="true" /> Start Care Plan
          </button>
        )}
      </div>
      {starting && <PlanForm projectId={projectId} onDone={() => setStarting(false)} />}
      {plans.isPending ? (
        <InlineLoading label="Loading care plans..." />
      ) : plans.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(plans.error, "Failed to fetch the care plans")}
        </p>
      ) : plans.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          No care plan yet. Start one to bill hosting and support every month, quarter or year: each invoice is written
          and sent by itself.
        </p>
      ) : (
        <ul className="grid gap-3">
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
      )}
    </section>
  );
}

const ACTIONS: { action: PlanAction; label: string; icon: typeof Pause; when: CarePlanStatus[]; done: string }[] = [
  { action: "pause", label: "Pause", icon: Pause, when: ["active"], done: "paused: no invoice until you resume it" },
  { action: "resume", label: "Resume", icon: Play, when: ["paused"], done: "resumed" },
  { action: "end", label: "End", icon: Square, when: ["active", "paused"], done: "ended: no further invoice" },
];

/** A period's automatic payment, after its invoice's status. */
const CHARGE_WORDS: Record<ChargeState, string> = {
  scheduled: "card charged on the due date",
  processing: "card charge in progress",
  succeeded: "paid by the saved card",
  failed: "card charge failed",
};

/**
 * Whether the client pays the plan automatically (decision 062): only the client can turn it on
 * (their card, in the portal); the owner can turn it off when asked.
 */
function Autopay({ plan }: { plan: CarePlan }) {
  const stop = useStopAutopay();
  if (!plan.autopay)
    return plan.status === "ended" ? null : (
      <p className="mt-2 text-slate-700" data-testid="care-plan-autopay">
        Automatic payment off: each invoice has Pay Now. The client can save a card for it in the portal.
      </p>
    );
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="care-plan-autopay">
      <p className="text-slate-800">
        Automatic payment on: <strong>{plan.autopay.card ?? "the client's saved card"}</strong>, charged on each due
        date (since {formatInstant(plan.autopay.since, "datetime", plan.time_zone)}).
      </p>
      <button
        type="button"
        className={small}
        disabled={stop.isPending}
        onClick={() => {
          if (!window.confirm(`Turn automatic payment off for ${plan.name}? The card is no longer charged.`)) return;
          stop.mutate(plan.id, {
            onSuccess: () => toast.success(`Automatic payment is off for ${plan.name}`),
            onError: (error) => toast.error(errorMessage(error, "Failed to turn automatic payment off")),
          });
        }}
      >
        <CreditCard className="size-3.5" aria-hidden="true" /> Turn off automatic payment
      </button>
    </div>
  );
}

function PlanCard({ plan }: { plan: CarePlan }) {
  const change = useChangeCarePlan();
  const zone = zoneName(plan.time_zone);
  const shown = plan.periods.slice(0, PERIODS_SHOWN);
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="care-plan">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-semibold break-words text-slate-900">{plan.name}</h4>
          <p className="text-slate-800">
            {formatCents(plan.amount_cents)}
            {CARE_PLAN_PER[plan.interval]} · {CARE_PLAN_INTERVAL_LABELS[plan.interval]}
            {plan.interval !== "monthly" && <> ({formatCents(plan.monthly_cents)}/month)</>}
          </p>
        </div>
        <Badge tone={STATUS_TONES[plan.status]}>{CARE_PLAN_STATUS_LABELS[plan.status]}</Badge>
      </div>
      <p className="mt-2 text-slate-800" data-testid="care-plan-next">
        {plan.next_due_date ? (
          <>
            Next due <strong>{formatPlanDay(plan.next_due_date)}</strong>
            {plan.status === "active" && plan.next_invoice_date && (
              <>, its invoice sent {formatPlanDay(plan.next_invoice_date)}</>
            )}
            {plan.status === "paused" && <> once resumed</>} ({zone})
          </>
        ) : (
          <>No further period{plan.end_date ? ` (ended ${formatPlanDay(plan.end_date)})` : ""}.</>
        )}
      </p>
      <p className="text-xs text-slate-600">
        Invoices go out {plan.lead_days} day{plan.lead_days === 1 ? "" : "s"} before each due date
        {plan.end_date ? `; last period due by ${formatPlanDay(plan.end_date)}` : ""}.
      </p>
      {shown.length > 0 && (
        <ul className="mt-2 grid gap-1" aria-label={`${plan.name}: latest periods`}>
          {shown.map((p) => (
            <li key={p.number} className="flex flex-wrap gap-x-2 text-slate-700">
              <span>Due {formatPlanDay(p.due_date)}:</span>
              {p.state === "skipped" ? (
                <span>not billed (paused)</span>
              ) : (
                <span>
                  {p.invoice_number ?? "invoice removed"}
                  {p.invoice_status && ` · ${INVOICE_STATUS_LABELS[p.invoice_status]}`}
                  {p.charge && ` · ${CHARGE_WORDS[p.charge.state]}`}
                  {p.charge?.failure && `: ${p.charge.failure}`}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <Autopay plan={plan} />
      <div className="mt-3 flex flex-wrap gap-2">
        {ACTIONS.filter((a) => a.when.includes(plan.status)).map(({ action, label, icon: Icon, done }) => (
          <button
            key={action}
            type="button"
            className={small}
            disabled={change.isPending}
            aria-label={`${label} ${plan.name}`}
            onClick={() =>
              change.mutate(
                { id: plan.id, action },
                {
                  onSuccess: () => toast.success(`${plan.name} ${done}`),
                  onError: (error) => toast.error(errorMessage(error, `Failed to ${action} the care plan`)),
                },
              )
            }
          >
            <Icon className="size-3.5" aria-hidden="true" /> {label}
          </button>
        ))}
      </div>
    </li>
  );
}
