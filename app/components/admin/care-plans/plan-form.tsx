import { toast } from "sonner";
import { dollarTextToCents, formatCents } from "~/contracts/billing-money";
import {
  CARE_PLAN_INTERVAL_LABELS,
  CARE_PLAN_INTERVALS,
  CARE_PLAN_PER,
  DEFAULT_LEAD_DAYS,
  MAX_LEAD_DAYS,
  type CarePlanInterval,
} from "~/contracts/care-plan-terms";
import { CarePlanInputSchema } from "~/contracts/care-plans";
import { Field } from "../ui/field";
import { FormFooter } from "../ui/form-footer";
import { useSchemaForm } from "../ui/use-schema-form";
import { useStartCarePlan } from "./api";

/** Today in the browser's calendar, YYYY-MM-DD: the form's first due date to start from. */
function todayDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface PlanValues {
  name: string;
  amount: string;
  interval: CarePlanInterval;
  first_due_date: string;
  end_date: string;
  lead_days: string;
}

/**
 * Start Care Plan (docs/product/billing.md "Care plans"): the name, the amount each period, the
 * interval, the first due date, an optional end date and the days before each due date its invoice
 * is sent. The server's contract checks the same schema.
 */
export function PlanForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const start = useStartCarePlan();
  const form = useSchemaForm({
    initial: (): PlanValues => ({
      name: "Hosting & support",
      amount: "",
      interval: "monthly",
      first_due_date: todayDay(),
      end_date: "",
      lead_days: String(DEFAULT_LEAD_DAYS),
    }),
    schema: CarePlanInputSchema,
    input: (values: PlanValues) => ({
      name: values.name,
      amount_cents: dollarTextToCents(values.amount) ?? Number.NaN,
      interval: values.interval,
      first_due_date: values.first_due_date,
      end_date: values.end_date || null,
      lead_days: values.lead_days.trim() === "" ? Number.NaN : Number(values.lead_days),
    }),
    check: (values, errors) =>
      dollarTextToCents(values.amount) === null
        ? { ...errors, amount_cents: "Enter the amount in dollars, e.g. 50.00" }
        : errors,
    save: (body) => start.mutateAsync({ projectId, body }),
    onSaved: (plan) => {
      toast.success(`${plan.name} started: ${formatCents(plan.amount_cents)}${CARE_PLAN_PER[plan.interval]}`);
      onDone();
    },
    fallbackError: "Failed to start the care plan",
  });
  const { values, errors, set } = form;

  return (
    <form
      onSubmit={form.submit}
      noValidate
      aria-label="Start care plan"
      className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" required error={errors.name}>
          {(p) => (
            <input {...p} type="text" value={values.name} onChange={(e) => set({ name: e.target.value })} required />
          )}
        </Field>
        <Field label="Amount each period ($)" required error={errors.amount_cents}>
          {(p) => (
            <input
              {...p}
              type="text"
              inputMode="decimal"
              placeholder="50.00"
              value={values.amount}
              onChange={(e) => set({ amount: e.target.value })}
              required
            />
          )}
        </Field>
        <Field label="Interval" error={errors.interval}>
          {(p) => (
            <select
              {...p}
              value={values.interval}
              onChange={(e) => {
                const interval = CARE_PLAN_INTERVALS.find((i) => i === e.target.value);
                if (interval) set({ interval });
              }}
            >
              {CARE_PLAN_INTERVALS.map((i) => (
                <option key={i} value={i}>
                  {CARE_PLAN_INTERVAL_LABELS[i]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="First due date"
          required
          error={errors.first_due_date}
          hint="Later periods fall on the same day of the month (the month's last day when shorter)."
        >
          {(p) => (
            <input
              {...p}
              type="date"
              value={values.first_due_date}
              onChange={(e) => set({ first_due_date: e.target.value })}
              required
            />
          )}
        </Field>
        <Field label="End date (optional)" error={errors.end_date} hint="No period falls due after it.">
          {(p) => (
            <input {...p} type="date" value={values.end_date} onChange={(e) => set({ end_date: e.target.value })} />
          )}
        </Field>
        <Field
          label="Send each invoice (days before due)"
          error={errors.lead_days}
          hint={`From 0 to ${MAX_LEAD_DAYS}; a week unless you change it.`}
        >
          {(p) => (
            <input
              {...p}
              type="number"
              min={0}
              max={MAX_LEAD_DAYS}
              inputMode="numeric"
              value={values.lead_days}
              onChange={(e) => set({ lead_days: e.target.value })}
            />
          )}
        </Field>
      </div>
      <FormFooter
        error={form.error}
        busy={form.saving}
        submitLabel="Start Care Plan"
        busyLabel="Starting..."
        onCancel={onDone}
      />
    </form>
  );
}
