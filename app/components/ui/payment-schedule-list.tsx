import { formatCents } from "~/contracts/billing-money";
import { shareText, type ScheduleEntry } from "~/contracts/payment-schedule";

/**
 * A quote's payment schedule as the owner and the client read it (docs/product/billing.md
 * "Payment schedules"): each payment's name, share, amount and when it falls due; the amounts add
 * up to the quote's total.
 */
export function PaymentScheduleList({
  schedule,
  totalCents,
  caption,
}: {
  schedule: readonly ScheduleEntry[];
  totalCents: number;
  caption: string;
}) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="payment-schedule">
        <caption className="mb-1 text-left font-semibold text-slate-900">{caption}</caption>
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Payment
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Falls due
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((entry, i) => (
            <tr key={i} className="border-t border-slate-200">
              <td className="py-1.5 pr-3 text-slate-900">
                {entry.label} <span className="text-slate-600">({shareText(entry)})</span>
              </td>
              <td className="py-1.5 pr-3 text-slate-800">{entry.due_text}</td>
              <td className="py-1.5 text-right font-medium tabular-nums text-slate-900">
                {formatCents(entry.amount_cents)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-300">
            <th scope="row" colSpan={2} className="py-1.5 pr-3 text-right font-semibold text-slate-900">
              Total
            </th>
            <td className="py-1.5 text-right font-semibold tabular-nums text-slate-900">{formatCents(totalCents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
