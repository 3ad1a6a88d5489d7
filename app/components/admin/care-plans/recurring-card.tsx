import { Link } from "react-router";
import { Repeat } from "lucide-react";
import { formatCents } from "~/contracts/billing-money";
import { site } from "~/config/site";
import { CARE_PLAN_PER, DUE_SOON_DAYS, formatPlanDay, zoneName } from "~/contracts/care-plan-terms";
import { useBillingSummary } from "~/components/admin/billing";
import { StatCard } from "~/components/admin/ui/stat-card";

/**
 * The dashboard's care plans (docs/product/billing.md "Care plans"): the active plans' recurring
 * revenue as a month's figure, and the plans due within two weeks, each opening its project.
 */
export function RecurringRevenueCard() {
  const summary = useBillingSummary();
  const s = summary.data;
  if (!s) return null;
  if (s.active_care_plans === 0 && s.care_plans_due_soon.length === 0) return null;
  return (
    <section
      aria-labelledby="care-plans-title"
      className="grid gap-3 sm:grid-cols-2"
      data-testid="care-plans-dashboard"
    >
      <h2 id="care-plans-title" className="sr-only">
        Care plans
      </h2>
      <div data-testid="stat-recurring">
        <StatCard
          label="Recurring revenue"
          value={`${formatCents(s.recurring_monthly_cents)}/month`}
          icon={Repeat}
          hint={`${s.active_care_plans} active care plan${s.active_care_plans === 1 ? "" : "s"}, quarterly and yearly as a month's share`}
          long
        />
      </div>
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h3 className="text-sm font-semibold text-slate-900">Care plans due in the next {DUE_SOON_DAYS} days</h3>
        {s.care_plans_due_soon.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">None.</p>
        ) : (
          <ul className="mt-2 grid gap-2 text-sm" data-testid="care-plans-due-soon">
            {s.care_plans_due_soon.map((plan) => (
              <li key={plan.id}>
                <Link
                  to={`/admin/projects?project=${encodeURIComponent(plan.project_id)}`}
                  className="font-medium text-brand-800 underline-offset-2 hover:underline"
                >
                  {plan.project_name}
                </Link>
                <span className="text-slate-700">
                  {" "}
                  · {plan.name}, {formatCents(plan.amount_cents)}
                  {CARE_PLAN_PER[plan.interval]}, due {formatPlanDay(plan.next_due_date)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-xs text-slate-600">Days in {zoneName(site.timeZone)}.</p>
      </div>
    </section>
  );
}
