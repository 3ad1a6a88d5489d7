import type { z } from "zod";
import type { ProjectBillingStateSchema } from "~/contracts/billing";
import { formatCents } from "~/contracts/billing-money";
import { INVOICE_STATUS_LABELS, QUOTE_STATUS_LABELS } from "~/contracts/billing-terms";
import { Badge } from "../ui/badge";
import { INVOICE_STATUS_TONES, QUOTE_STATUS_TONES } from "./labels";

export type ProjectBillingState = z.infer<typeof ProjectBillingStateSchema>;

/**
 * A project's quote and invoice state in the projects list (docs/product/billing.md "The owner
 * sees the money"): "Quote accepted · Invoice sent · $137.50 due", each part in its status's
 * colour, or "No quote yet".
 */
export function BillingStateBadge({
  state,
  stacked = false,
}: {
  state: ProjectBillingState | null | undefined;
  /** One part under the other (a table's narrow cell); else side by side, wrapping. */
  stacked?: boolean;
}) {
  if (!state || (!state.quote_status && !state.invoice_status))
    return <span className="text-xs text-slate-600">No quote yet</span>;
  const parts = [
    state.quote_status && (
      <Badge key="q" tone={QUOTE_STATUS_TONES[state.quote_status]}>
        Quote {QUOTE_STATUS_LABELS[state.quote_status].toLowerCase()}
      </Badge>
    ),
    state.invoice_status && (
      <Badge key="i" tone={INVOICE_STATUS_TONES[state.invoice_status]}>
        Invoice {INVOICE_STATUS_LABELS[state.invoice_status].toLowerCase()}
      </Badge>
    ),
    state.due_cents > 0 && (
      <span key="d" className="text-xs font-medium whitespace-nowrap text-slate-800">
        {formatCents(state.due_cents)} due
      </span>
    ),
  ].filter(Boolean);
  return (
    <p
      className={`flex gap-1 text-xs whitespace-nowrap text-slate-600 ${stacked ? "flex-col items-start" : "flex-wrap items-center"}`}
      data-testid="billing-state"
    >
      {parts.flatMap((part, i) =>
        i === 0
          ? [part]
          : [
              <span key={`s${i}`} className={stacked ? "sr-only" : undefined}>
                ·
              </span>,
              part,
            ],
      )}
    </p>
  );
}
