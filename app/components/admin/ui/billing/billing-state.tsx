import type { z } from "zod";
import type { ProjectBillingStateSchema } from "~/contracts/billing";
import type { Tone } from "../styles";
import { Badge } from "../badge";
import { billingStateLine, INVOICE_STATUS_TONES, QUOTE_STATUS_TONES } from "./labels";

export type ProjectBillingState = z.infer<typeof ProjectBillingStateSchema>;

/** The tone of a project's billing: the invoice's when there is one, else the quote's. */
function toneOf(state: ProjectBillingState): Tone {
  if (state.invoice_status) return INVOICE_STATUS_TONES[state.invoice_status];
  if (state.quote_status) return QUOTE_STATUS_TONES[state.quote_status];
  return "gray";
}

/**
 * A project's quote and invoice state in the projects list (docs/product/billing.md "The owner
 * sees the money"): "Quote accepted · Invoice sent · $137.50 due", or "No quote yet".
 */
export function BillingStateBadge({ state }: { state: ProjectBillingState | null | undefined }) {
  const line = state ? billingStateLine(state) : null;
  if (!state || !line) return <span className="text-xs text-slate-600">No quote yet</span>;
  return <Badge tone={toneOf(state)}>{line}</Badge>;
}
