import { useId, useRef, useState } from "react";
import { OPEN_INVOICE_STATUSES } from "~/contracts/billing-terms";
import { formatPlanDay } from "~/contracts/care-plan-terms";
import { carePlansEndpoints, type ClientCarePlan } from "~/contracts/care-plans";
import { buttonClass } from "~/components/ui/button";
import { callResult } from "~/lib/api/call";
import { rememberCheckout } from "./checkout-return";

/**
 * A care plan paid automatically, in the portal (docs/product/billing.md "Care plans"; decision
 * 062): the client saves a card with Stripe Checkout (paying the plan's open invoice at the same
 * time) and each later invoice is charged on its due date; or turns it off. The card shows here
 * once Stripe's signed webhook has said it was saved, never from the way back alone.
 */

/** The way back from a Checkout that only saved a card: ?autopay=saved&plan=<id>. */
const AUTOPAY_PARAM = "autopay";
const PLAN_PARAM = "plan";

/** The plan a card was just saved for, read once from the address (then taken out of it). */
export function takeAutopayReturn(): number | null {
  if (typeof window === "undefined") return null;
  const url = new URL(window.location.href);
  const state = url.searchParams.get(AUTOPAY_PARAM);
  if (!state) return null;
  const plan = Number(url.searchParams.get(PLAN_PARAM));
  url.searchParams.delete(AUTOPAY_PARAM);
  url.searchParams.delete(PLAN_PARAM);
  window.history.replaceState(window.history.state, "", url);
  return state === "saved" && Number.isSafeInteger(plan) ? plan : null;
}

/** An invoice's automatic payment, in words. */
export function chargeWords(charge: NonNullable<ClientCarePlan["invoices"][number]["charge"]>, due: string): string {
  switch (charge.state) {
    case "scheduled":
      return `Charged to your saved card on ${formatPlanDay(due)}.`;
    case "processing":
      return "Your card is being charged: this updates by itself.";
    case "succeeded":
      return "Paid by your saved card.";
    case "failed":
      return `Your card was not charged${charge.failure ? `: ${charge.failure}` : ""}. Pay it below with Pay Now.`;
  }
}

interface AutopayPanelProps {
  projectId: string;
  plan: ClientCarePlan;
  /** What an invoice had been paid before Checkout (from the Billing section's answer). */
  paidCentsOf: (invoiceId: number) => number;
  token: string;
  cardPayments: boolean;
  /** Back from Checkout having saved a card for this plan, before the webhook said so. */
  saving: boolean;
  onChanged: (plan: ClientCarePlan) => void;
}

export function AutopayPanel({
  projectId,
  plan,
  paidCentsOf,
  token,
  cardPayments,
  saving,
  onChanged,
}: AutopayPanelProps) {
  const titleId = useId();
  const [state, setState] = useState<"idle" | "working" | { error: string }>("idle");
  const alertRef = useRef<HTMLParagraphElement>(null);
  if (!plan.autopay && (!cardPayments || plan.status === "ended")) return null;

  const fail = (error: string) => {
    setState({ error });
    requestAnimationFrame(() => alertRef.current?.focus());
  };
  const refusal = (result: { network: boolean; error?: string }, what: string) =>
    result.network
      ? `${what}: check your connection and try again.`
      : (result.error ?? `${what}. Reload the page and try again.`);

  async function turnOn() {
    setState("working");
    const result = await callResult(carePlansEndpoints.clientStartAutopay, { params: { id: plan.id }, token });
    if (!result.ok) return fail(refusal(result, "The card page could not be opened"));
    const paying = result.data.invoice_id;
    // Paying an invoice as well: the way back confirms that payment like any Pay Now.
    if (paying !== null) rememberCheckout({ projectId, invoiceId: paying, paidCents: paidCentsOf(paying) });
    window.location.assign(result.data.url);
  }

  async function turnOff() {
    if (!window.confirm(`Turn automatic payment off for ${plan.name}? Each invoice will have Pay Now instead.`)) return;
    setState("working");
    const result = await callResult(carePlansEndpoints.clientStopAutopay, { params: { id: plan.id }, token });
    if (!result.ok) return fail(refusal(result, "Automatic payment could not be turned off"));
    setState("idle");
    onChanged(result.data.plan);
  }

  return (
    <section
      aria-labelledby={titleId}
      className="mt-4 rounded-lg border border-brand-200 bg-white p-4"
      data-testid="portal-care-plan-autopay"
    >
      <h6 id={titleId} className="font-semibold text-slate-900">
        Automatic payment
      </h6>
      {plan.autopay ? (
        <p className="mt-1 text-slate-800">
          On: <strong>{plan.autopay.card ?? "your saved card"}</strong> is charged on each due date, and the receipt
          comes by e-mail. Nothing to do.
        </p>
      ) : saving ? (
        <p role="status" className="mt-1 rounded-lg bg-sky-50 p-3 text-sky-950">
          Thank you. Your card is being saved with the card processor: this updates by itself in a moment.
        </p>
      ) : (
        <p className="mt-1 text-slate-800">
          Save a card with Stripe and each invoice of this plan is charged on its due date, with a receipt by e-mail.
          {plan.invoices.some((invoice) => OPEN_INVOICE_STATUSES.includes(invoice.status))
            ? " The invoice open now is paid at the same time."
            : " Nothing is charged today."}{" "}
          You can turn it off here at any time.
        </p>
      )}
      <div className="mt-3">
        <button
          type="button"
          onClick={() => void (plan.autopay ? turnOff() : turnOn())}
          disabled={state === "working"}
          className={`${plan.autopay ? buttonClass.outline : buttonClass.brand} w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto`}
        >
          {state === "working"
            ? "One moment..."
            : plan.autopay
              ? "Turn off automatic payment"
              : "Pay automatically with a card"}
        </button>
        {typeof state === "object" ? (
          <p ref={alertRef} tabIndex={-1} role="alert" className="mt-2 text-sm font-medium text-red-700">
            {state.error}
          </p>
        ) : null}
      </div>
    </section>
  );
}
