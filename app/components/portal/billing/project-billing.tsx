import { useCallback, useEffect, useEffectEvent, useState } from "react";
import type { ClientBilling } from "~/contracts/billing";
import type { PortalDocument } from "~/contracts/portal-documents";
import { site } from "~/config/site";
import { loadBilling } from "./billing-api";
import { followBilling } from "./billing-live";
import { takeCheckoutReturn, type CheckoutReturn } from "./checkout-return";
import { anchorOn, documentKey, forgetDocumentTarget, takeDocumentTarget } from "./document-target";
import { CarePlans } from "./care-plans";
import { InvoiceCard, type Confirmation } from "./invoice-card";
import { QuoteCard } from "./quote-card";

export interface ProjectBillingProps {
  projectId: string;
  portalToken: string;
  /** Told when a decision or a recorded payment may have changed the project (its status). */
  onProjectChanged?: () => void;
}

/** How often, and how many times, a return from Checkout reloads the invoice before it says "not yet". */
export const CONFIRM_POLL = { everyMs: 2000, times: 15 } as const;

type Loaded = { kind: "loading" } | { kind: "failed"; message: string } | { kind: "ready"; billing: ClientBilling };

/**
 * The Billing section of a project in the portal (docs/product/billing.md "The client decides",
 * "Invoices", "Payments"): the project's sent quotes and invoices, newest first. It comes as a
 * chunk of its own when the project is shown. Back from Stripe Checkout it says the payment is
 * being confirmed and reloads until the server has recorded it from the signed webhook; the
 * return alone never shows an invoice paid.
 */
export function ProjectBilling({ projectId, portalToken, onProjectChanged }: ProjectBillingProps) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [confirming, setConfirming] = useState<{ invoiceId: number | null; state: Confirmation } | null>(null);
  const [cancelled, setCancelled] = useState<{ invoiceId: number | null } | null>(null);
  // The document an e-mailed link or the way back from Checkout names: brought into view once shown.
  const [target, setTarget] = useState<PortalDocument | null>(null);
  const projectChanged = useEffectEvent(() => onProjectChanged?.());

  /** Reads the section again; a failure keeps what shows (and says so only when nothing does). */
  const reload = useCallback(
    async (signal?: AbortSignal) => {
      const result = await loadBilling(projectId, portalToken, signal);
      if (signal?.aborted) return null;
      if (result.ok) {
        setLoaded({ kind: "ready", billing: result.data });
        return result.data;
      }
      setLoaded((current) =>
        current.kind === "ready"
          ? current
          : {
              kind: "failed",
              message: result.network
                ? "Your quotes and invoices could not load: check your connection, then try again."
                : (result.error ?? "Your quotes and invoices could not load. Try again in a moment."),
            },
      );
      return null;
    },
    [projectId, portalToken],
  );

  useEffect(() => {
    const aborter = new AbortController();
    const { signal } = aborter;
    const back = takeCheckoutReturn(projectId);
    const named = takeDocumentTarget();
    const landing: PortalDocument | null = back?.invoiceId ? { kind: "invoice", id: back.invoiceId } : named;
    void (async () => {
      const first = await reload(signal);
      if (signal.aborted) return;
      if (landing) setTarget(landing);
      if (back?.kind === "cancel") setCancelled({ invoiceId: back.invoiceId });
      if (back?.kind === "success") await confirmPayment(back, first);
    })();

    /**
     * Back from Checkout: the invoice is read again until the payment from the signed webhook
     * shows on it (more paid than before Checkout), a few times, then it says "not yet".
     */
    async function confirmPayment(paid: CheckoutReturn, first: ClientBilling | null) {
      const paidOn = (billing: ClientBilling | null) => billing?.invoices.find((i) => i.id === paid.invoiceId);
      const before =
        paid.paidCents ?? (paidOn(first)?.status === "paid" ? -1 : (paidOn(first)?.amount_paid_cents ?? 0));
      const recorded = (billing: ClientBilling | null) => {
        const invoice = paidOn(billing);
        return !!invoice && (invoice.amount_paid_cents > before || (before < 0 && invoice.status === "paid"));
      };
      setConfirming({ invoiceId: paid.invoiceId, state: "waiting" });
      let latest = first;
      for (let tries = 0; !recorded(latest); tries++) {
        if (tries >= CONFIRM_POLL.times) {
          setConfirming({ invoiceId: paid.invoiceId, state: "late" });
          return;
        }
        await new Promise((resolve) => window.setTimeout(resolve, CONFIRM_POLL.everyMs));
        if (signal.aborted) return;
        latest = (await reload(signal)) ?? latest;
        if (signal.aborted) return;
      }
      setConfirming({ invoiceId: paid.invoiceId, state: "confirmed" });
      projectChanged();
    }

    // The owner's changes and the webhook's payment arrive live; the poll above is the fallback.
    const stop = followBilling(projectId, portalToken, () => {
      void reload(signal);
      projectChanged();
    });
    return () => {
      aborter.abort();
      stop();
    };
  }, [projectId, portalToken, reload]);

  // Once the named document is rendered: its heading comes into view, focused. A document this
  // project does not have is forgotten.
  const ready = loaded.kind === "ready";
  useEffect(() => {
    if (!ready || !target) return;
    forgetDocumentTarget();
    const heading = document.querySelector<HTMLElement>(`[data-document="${documentKey(target)}"]`);
    if (!heading) return;
    return anchorOn(heading);
  }, [ready, target]);

  if (loaded.kind === "loading")
    return (
      <p role="status" className="text-slate-700">
        Loading your quotes and invoices...
      </p>
    );
  if (loaded.kind === "failed")
    return (
      <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-slate-900">
        <p>{loaded.message}</p>
        <button
          type="button"
          onClick={() => {
            setLoaded({ kind: "loading" });
            void reload();
          }}
          className="mt-3 rounded-lg border-2 border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
        >
          Try again
        </button>
      </div>
    );

  const { quotes, invoices } = loaded.billing;
  return (
    <div className="space-y-6">
      {cancelled && !invoices.some((invoice) => invoice.id === cancelled.invoiceId) ? (
        <CancelledNote className="" />
      ) : null}
      {quotes.length === 0 && invoices.length === 0 ? (
        <p className="text-slate-700">
          No quotes or invoices yet. When {site.owner.firstName} sends you a quote, it shows here and you can accept it
          online.
        </p>
      ) : null}
      <CarePlans
        projectId={projectId}
        token={portalToken}
        version={loaded.billing}
        cardPayments={loaded.billing.card_payments}
        paidCentsOf={(id) => invoices.find((invoice) => invoice.id === id)?.amount_paid_cents ?? 0}
      />
      {quotes.length ? (
        <div>
          <h4 className="text-lg font-semibold text-slate-900">Quotes</h4>
          <div className="mt-3 space-y-4">
            {quotes.map((quote) => (
              <QuoteCard
                key={quote.id}
                quote={quote}
                quotes={quotes}
                targeted={target?.kind === "quote" && target.id === quote.id}
                contactEmail={loaded.billing.contact_email}
                token={portalToken}
                invoices={invoices}
                onDecided={(decided) => {
                  setLoaded({
                    kind: "ready",
                    billing: {
                      ...loaded.billing,
                      quotes: quotes.map((q) => (q.id === decided.id ? { ...q, ...decided, can_accept: false } : q)),
                    },
                  });
                  void reload();
                  onProjectChanged?.();
                }}
              />
            ))}
          </div>
        </div>
      ) : null}
      {invoices.length ? (
        <div>
          <h4 className="text-lg font-semibold text-slate-900">Invoices</h4>
          <div className="mt-3 space-y-4">
            {invoices.map((invoice) => (
              <InvoiceCard
                key={invoice.id}
                invoice={invoice}
                billing={loaded.billing}
                token={portalToken}
                targeted={target?.kind === "invoice" && target.id === invoice.id}
                receipt={target?.kind === "receipt" ? target.id : undefined}
                cancelled={cancelled?.invoiceId === invoice.id ? <CancelledNote className="mt-4" /> : undefined}
                confirmation={
                  confirming && (confirming.invoiceId === invoice.id || confirming.invoiceId === null)
                    ? confirming.state
                    : undefined
                }
              />
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Back from Checkout without paying. */
function CancelledNote({ className }: { className: string }) {
  return (
    <p role="status" className={`${className} rounded-lg bg-slate-100 p-3 text-slate-900`}>
      You left the payment page before paying: nothing was charged. Pay Now opens it again.
    </p>
  );
}

export default ProjectBilling;
