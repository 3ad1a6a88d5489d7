import { useId } from "react";
import { Plus, Trash2 } from "lucide-react";
import { site } from "~/config/site";
import { dollarTextToCents, formatCents, lineTotalCents, type DiscountType } from "~/contracts/billing-money";
import { MAX_LINES } from "~/contracts/billing-terms";
import { DISCOUNT_TYPES } from "~/contracts/billing-fields";
import { inputClass, labelClass } from "../ui/styles";
import type { FormErrors } from "../ui/use-schema-form";
import {
  billableQuantity,
  emptyLine,
  presetLine,
  quantityWarning,
  type LineValues,
  type MoneyValues,
} from "./money-form";

const DISCOUNT_LABELS: Record<DiscountType, string> = {
  none: "No discount",
  percent: "Percent off",
  amount: "Amount off ($)",
};

const small =
  "inline-flex items-center gap-1 rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-xs font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50";

function ErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** A line nothing was typed into yet. */
const isBlankLine = (line: LineValues) => line.description.trim() === "" && line.unit.trim() === "";

/** The total of one line as typed, or a dash while it is not an amount yet (a quantity past two decimals is not rounded). */
function lineTotal(line: LineValues): string {
  const quantity = billableQuantity(line.quantity);
  const unit = dollarTextToCents(line.unit);
  if (quantity === null || unit === null) return "—";
  return formatCents(lineTotalCents(quantity, unit));
}

/**
 * The lines of a quote or an invoice (docs/product/billing.md "Quotes"): a preset from the price
 * tiers, or a free line; each with its description, quantity and unit price in dollars, and the
 * discount under them.
 */
export function LinesEditor({
  values,
  set,
  errors,
}: {
  values: MoneyValues;
  set: (patch: Partial<MoneyValues>) => void;
  errors: FormErrors;
}) {
  const id = useId();
  const lines = values.lines;
  const full = lines.length >= MAX_LINES;

  const change = (key: string, patch: Partial<LineValues>) =>
    set({ lines: lines.map((line) => (line.key === key ? { ...line, ...patch } : line)) });

  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-semibold text-slate-900">Line items</legend>
      {errors.lines && (
        <p role="alert" className="text-sm text-red-700">
          {errors.lines}
        </p>
      )}
      <ol className="grid gap-3" aria-label="Line items">
        {lines.map((line, index) => {
          const n = index + 1;
          // The quantity's decimals are said as they are typed; the rest once saved.
          const err = (field: string) =>
            errors[`lines.${index}.${field}`] ?? (field === "quantity" ? quantityWarning(line.quantity) : undefined);
          const described = (field: string) => (err(field) ? `${id}-${line.key}-${field}-error` : undefined);
          return (
            <li key={line.key} className="rounded-lg border border-slate-200 p-3" data-testid="line-item">
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_5.5rem_8rem]">
                <div className="min-w-0">
                  <label htmlFor={`${id}-${line.key}-d`} className={labelClass}>
                    Description <span className="sr-only">of line {n}</span>
                  </label>
                  <textarea
                    id={`${id}-${line.key}-d`}
                    className={`${inputClass} mt-1`}
                    rows={2}
                    value={line.description}
                    aria-invalid={err("description") ? true : undefined}
                    aria-describedby={described("description")}
                    onChange={(e) => change(line.key, { description: e.target.value })}
                  />
                  <ErrorText id={`${id}-${line.key}-description-error`} message={err("description")} />
                </div>
                <div>
                  <label htmlFor={`${id}-${line.key}-q`} className={labelClass}>
                    Quantity <span className="sr-only">of line {n}</span>
                  </label>
                  <input
                    id={`${id}-${line.key}-q`}
                    className={`${inputClass} mt-1`}
                    type="text"
                    inputMode="decimal"
                    value={line.quantity}
                    aria-invalid={err("quantity") ? true : undefined}
                    aria-describedby={described("quantity")}
                    onChange={(e) => change(line.key, { quantity: e.target.value })}
                  />
                  <ErrorText id={`${id}-${line.key}-quantity-error`} message={err("quantity")} />
                </div>
                <div>
                  <label htmlFor={`${id}-${line.key}-u`} className={labelClass}>
                    Unit price ($) <span className="sr-only">of line {n}</span>
                  </label>
                  <input
                    id={`${id}-${line.key}-u`}
                    className={`${inputClass} mt-1`}
                    type="text"
                    inputMode="decimal"
                    placeholder="0.00"
                    value={line.unit}
                    aria-invalid={err("unit_price_cents") ? true : undefined}
                    aria-describedby={described("unit_price_cents")}
                    onChange={(e) => change(line.key, { unit: e.target.value, preset: null })}
                  />
                  <ErrorText id={`${id}-${line.key}-unit_price_cents-error`} message={err("unit_price_cents")} />
                </div>
              </div>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
                <div>
                  <p className="text-slate-700" aria-describedby={described("total_cents")}>
                    Line total: <span className="font-semibold text-slate-900 tabular-nums">{lineTotal(line)}</span>
                  </p>
                  <ErrorText id={`${id}-${line.key}-total_cents-error`} message={err("total_cents")} />
                </div>
                <button
                  type="button"
                  className={`${small} text-red-800 hover:bg-red-50`}
                  onClick={() => set({ lines: lines.filter((l) => l.key !== line.key) })}
                >
                  <Trash2 className="size-3.5" aria-hidden="true" /> Remove <span className="sr-only">line {n}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-preset`} className={labelClass}>
            Add preset
          </label>
          <select
            id={`${id}-preset`}
            className={`${inputClass} mt-1 sm:w-56`}
            value=""
            disabled={full}
            onChange={(e) => {
              const line = presetLine(e.target.value);
              // A preset takes the place of a line left blank (the one a new quote opens with).
              if (line) set({ lines: [...lines.filter((l) => !isBlankLine(l)), line] });
            }}
          >
            <option value="">Choose a price tier...</option>
            {site.pricing.tiers.map((tier) => (
              <option key={tier.id} value={tier.id}>
                {tier.name} ({formatCents(tier.price * 100)})
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={`${small} py-2`}
          disabled={full}
          onClick={() => set({ lines: [...lines, emptyLine()] })}
        >
          <Plus className="size-3.5" aria-hidden="true" /> Add line
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-dt`} className={labelClass}>
            Discount
          </label>
          <select
            id={`${id}-dt`}
            className={`${inputClass} mt-1`}
            value={values.discount_type}
            onChange={(e) => {
              const type = DISCOUNT_TYPES.find((t) => t === e.target.value);
              if (type) set({ discount_type: type });
            }}
          >
            {DISCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {DISCOUNT_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        {values.discount_type !== "none" && (
          <div>
            <label htmlFor={`${id}-dv`} className={labelClass}>
              {values.discount_type === "percent" ? "Discount (%)" : "Discount ($)"}
            </label>
            <input
              id={`${id}-dv`}
              className={`${inputClass} mt-1`}
              type="text"
              inputMode="decimal"
              value={values.discount_text}
              placeholder={values.discount_type === "percent" ? "10" : "25.00"}
              aria-invalid={errors.discount_value ? true : undefined}
              aria-describedby={errors.discount_value ? `${id}-dv-error` : undefined}
              onChange={(e) => set({ discount_text: e.target.value })}
            />
            <ErrorText id={`${id}-dv-error`} message={errors.discount_value} />
          </div>
        )}
      </div>
    </fieldset>
  );
}

/** The running totals under the lines (the browser's arithmetic, the server's once saved). */
export function TotalsBox({ rows }: { rows: [string, number][] }) {
  return (
    <dl className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm" data-testid="live-totals">
      {rows.map(([label, cents]) => (
        <div key={label} className="flex justify-between gap-3">
          <dt className="text-slate-700">{label}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatCents(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
