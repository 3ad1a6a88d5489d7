import { useId } from "react";
import { Plus, Trash2 } from "lucide-react";
import { centsToDollarText, dollarTextToCents, formatCents } from "~/contracts/billing-money";
import {
  MAX_SCHEDULE_PAYMENTS,
  SCHEDULE_PRESETS,
  SCHEDULE_TRIGGER_LABELS,
  SCHEDULE_TRIGGERS,
  scheduleAmounts,
  scheduleIssue,
  type ScheduleEntry,
  type ScheduleEntryValues,
  type SchedulePreset,
  type ScheduleShare,
  type ScheduleTrigger,
} from "~/contracts/payment-schedule";
import { SwitchField } from "../ui/switch-field";
import { inputClass, labelClass } from "../ui/styles";
import type { FormErrors } from "../ui/use-schema-form";
import { percentBasisPoints } from "./money-form";

/** A payment of the schedule as typed. */
export interface ScheduleRowValues {
  key: string;
  label: string;
  share: ScheduleShare;
  /** "40" (percent) or "400.00" (dollars). */
  value_text: string;
  trigger: ScheduleTrigger;
  date: string;
  days_text: string;
}

export interface ScheduleValues {
  /** Null: the deposit alone, the balance invoiced by hand. */
  schedule: ScheduleRowValues[] | null;
  auto_invoice: boolean;
}

let counter = 0;
const nextKey = () => `p${++counter}`;

const rowOf = (
  e: Omit<ScheduleEntryValues, "share" | "value"> & Pick<ScheduleEntry, "share" | "value">,
): ScheduleRowValues => ({
  key: nextKey(),
  label: e.label,
  share: e.share,
  value_text: e.share === "percent" ? String(e.value / 100) : centsToDollarText(e.value),
  trigger: e.trigger,
  date: e.date ?? "",
  days_text: e.days === null ? "" : String(e.days),
});

/** A saved quote's schedule as the editor's rows. */
export const scheduleValuesOf = (schedule: readonly ScheduleEntry[] | null): ScheduleRowValues[] | null =>
  schedule ? schedule.map(rowOf) : null;

const wholeOrNaN = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The schedule as the contract takes it (a value that is not a number yet is NaN: the schema says why). */
export function scheduleInput(rows: readonly ScheduleRowValues[] | null): ScheduleEntryValues[] | null {
  if (!rows) return null;
  return rows.map((row) => ({
    label: row.label,
    share: row.share,
    value:
      row.share === "percent"
        ? (percentBasisPoints(row.value_text) ?? Number.NaN)
        : (dollarTextToCents(row.value_text) ?? Number.NaN),
    trigger: row.trigger,
    date: row.trigger === "date" ? row.date || null : null,
    days: row.trigger === "days_after_acceptance" ? wholeOrNaN(row.days_text) : null,
  }));
}

const PRESET_IDS = Object.keys(SCHEDULE_PRESETS) as SchedulePreset[];

const small =
  "inline-flex items-center gap-1 rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-xs font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * A quote's payment schedule (docs/product/billing.md "Payment schedules"): none (the deposit
 * alone), a preset (50/50, 100% upfront, 40/40/20) or payments typed one by one, each a percent or
 * an amount falling due on a trigger; each payment's amount worked out live from the quote's total,
 * the last taking the rounding; and whether the invoices go out by themselves.
 */
export function ScheduleEditor({
  values,
  set,
  errors,
  totalCents,
}: {
  values: ScheduleValues;
  set: (patch: Partial<ScheduleValues>) => void;
  errors: FormErrors;
  totalCents: number;
}) {
  const id = useId();
  const rows = values.schedule;
  const typed = scheduleInput(rows);
  const complete = typed?.every((e) => Number.isFinite(e.value) && e.value > 0) ?? false;
  const amounts = typed && complete ? scheduleAmounts(totalCents, typed) : null;
  const issue = typed && complete ? scheduleIssue(totalCents, typed) : null;

  const change = (key: string, patch: Partial<ScheduleRowValues>) =>
    set({ schedule: (rows ?? []).map((row) => (row.key === key ? { ...row, ...patch } : row)) });
  const choose = (choice: string) => {
    if (choice === "none") return set({ schedule: null });
    if (choice === "custom") return set({ schedule: rows ?? [rowOf({ ...SCHEDULE_PRESETS.upfront.entries[0] })] });
    set({ schedule: SCHEDULE_PRESETS[choice as SchedulePreset].entries.map((e) => rowOf(e)) });
  };

  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3" aria-describedby={`${id}-hint`}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Payment schedule</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Each payment is invoiced when it falls due. Without a schedule, the deposit is invoiced at signing and the
        balance by hand.
      </p>
      <div>
        <label htmlFor={`${id}-preset`} className={labelClass}>
          Schedule
        </label>
        <select
          id={`${id}-preset`}
          className={`${inputClass} mt-1 sm:w-72`}
          value={rows ? "custom" : "none"}
          onChange={(e) => choose(e.target.value)}
        >
          <option value="none">Deposit only (balance by hand)</option>
          {PRESET_IDS.map((preset) => (
            <option key={preset} value={preset}>
              {SCHEDULE_PRESETS[preset].label}
            </option>
          ))}
          <option value="custom">Custom schedule</option>
        </select>
      </div>
      {errors.schedule && (
        <p role="alert" className="text-sm text-red-700">
          {errors.schedule}
        </p>
      )}
      {rows && (
        <>
          <ol className="grid gap-3" aria-label="Payments">
            {rows.map((row, index) => {
              const n = index + 1;
              const err = (field: string) => errors[`schedule.${index}.${field}`];
              const field = (suffix: string) => `${id}-${row.key}-${suffix}`;
              return (
                <li key={row.key} className="grid gap-2 rounded-md bg-slate-50 p-2 sm:grid-cols-12 sm:items-end">
                  <div className="sm:col-span-3">
                    <label htmlFor={field("l")} className={labelClass}>
                      Payment name <span className="sr-only">of payment {n}</span>
                    </label>
                    <input
                      id={field("l")}
                      className={`${inputClass} mt-1`}
                      value={row.label}
                      aria-invalid={err("label") ? true : undefined}
                      onChange={(e) => change(row.key, { label: e.target.value })}
                    />
                    {err("label") && <p className="mt-1 text-sm text-red-700">{err("label")}</p>}
                  </div>
                  <div className="sm:col-span-2">
                    <label htmlFor={field("s")} className={labelClass}>
                      Share <span className="sr-only">of payment {n}</span>
                    </label>
                    <select
                      id={field("s")}
                      className={`${inputClass} mt-1`}
                      value={row.share}
                      onChange={(e) => change(row.key, { share: e.target.value as ScheduleShare, value_text: "" })}
                    >
                      <option value="percent">Percent</option>
                      <option value="amount">Amount ($)</option>
                    </select>
                  </div>
                  <div className="sm:col-span-2">
                    <label htmlFor={field("v")} className={labelClass}>
                      {row.share === "percent" ? "Percent" : "Amount ($)"}{" "}
                      <span className="sr-only">of payment {n}</span>
                    </label>
                    <input
                      id={field("v")}
                      className={`${inputClass} mt-1`}
                      inputMode="decimal"
                      value={row.value_text}
                      aria-invalid={err("value") ? true : undefined}
                      onChange={(e) => change(row.key, { value_text: e.target.value })}
                    />
                    {err("value") && <p className="mt-1 text-sm text-red-700">{err("value")}</p>}
                  </div>
                  <div className="sm:col-span-3">
                    <label htmlFor={field("t")} className={labelClass}>
                      Falls due <span className="sr-only">, payment {n}</span>
                    </label>
                    <select
                      id={field("t")}
                      className={`${inputClass} mt-1`}
                      value={row.trigger}
                      onChange={(e) => change(row.key, { trigger: e.target.value as ScheduleTrigger })}
                    >
                      {SCHEDULE_TRIGGERS.map((trigger) => (
                        <option key={trigger} value={trigger}>
                          {SCHEDULE_TRIGGER_LABELS[trigger]}
                        </option>
                      ))}
                    </select>
                    {row.trigger === "date" && (
                      <>
                        <label htmlFor={field("d")} className="sr-only">
                          Due date of payment {n}
                        </label>
                        <input
                          id={field("d")}
                          type="date"
                          className={`${inputClass} mt-1`}
                          value={row.date}
                          aria-invalid={err("date") ? true : undefined}
                          onChange={(e) => change(row.key, { date: e.target.value })}
                        />
                      </>
                    )}
                    {row.trigger === "days_after_acceptance" && (
                      <>
                        <label htmlFor={field("n")} className="sr-only">
                          Days after acceptance, payment {n}
                        </label>
                        <input
                          id={field("n")}
                          className={`${inputClass} mt-1`}
                          inputMode="numeric"
                          placeholder="Days"
                          value={row.days_text}
                          aria-invalid={err("days") ? true : undefined}
                          onChange={(e) => change(row.key, { days_text: e.target.value })}
                        />
                      </>
                    )}
                    {(err("date") || err("days")) && (
                      <p className="mt-1 text-sm text-red-700">{err("date") ?? err("days")}</p>
                    )}
                  </div>
                  <div className="flex items-center justify-between gap-2 sm:col-span-2 sm:flex-col sm:items-end">
                    <output
                      className="text-sm font-semibold tabular-nums text-slate-900"
                      aria-label={`Amount of payment ${n}`}
                      data-testid="schedule-amount"
                    >
                      {amounts ? formatCents(amounts[index]!) : "—"}
                    </output>
                    <button
                      type="button"
                      className={small}
                      disabled={rows.length <= 1}
                      onClick={() => set({ schedule: rows.filter((r) => r.key !== row.key) })}
                    >
                      <Trash2 className="size-3.5" aria-hidden="true" /> Remove{" "}
                      <span className="sr-only">payment {n}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <button
              type="button"
              className={small}
              disabled={rows.length >= MAX_SCHEDULE_PAYMENTS}
              onClick={() =>
                set({
                  schedule: [
                    ...rows,
                    {
                      key: nextKey(),
                      label: "Payment",
                      share: "percent",
                      value_text: "",
                      trigger: "launch",
                      date: "",
                      days_text: "",
                    },
                  ],
                })
              }
            >
              <Plus className="size-3.5" aria-hidden="true" /> Add payment
            </button>
            <p
              className={`text-sm ${issue ? "text-red-700" : "text-slate-700"}`}
              role="status"
              data-testid="schedule-sum"
            >
              {issue ??
                (amounts
                  ? `${rows.length} payment${rows.length === 1 ? "" : "s"} adding up to ${formatCents(totalCents)}`
                  : "Type each payment's share to see the amounts.")}
            </p>
          </div>
          <SwitchField
            label="Send each invoice by itself when it falls due"
            description="Off: each invoice is written as a draft, and you get an e-mail that it is ready to send."
            checked={values.auto_invoice}
            onCheckedChange={(auto_invoice) => set({ auto_invoice })}
          />
        </>
      )}
    </fieldset>
  );
}
