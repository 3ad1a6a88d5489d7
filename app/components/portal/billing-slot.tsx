import { lazyView } from "~/components/ui/lazy-view";
import type { ProjectBillingProps } from "./billing/project-billing";

// The Billing section (docs/product/billing.md "The client decides") is a chunk of its own,
// fetched when a project is shown: neither the portal's first load nor the project's grows.
const ProjectBilling = lazyView(() => import("./billing/project-billing").then((m) => m.ProjectBilling));

/** The 'Billing' section of a project's detail: its sent quotes and invoices. */
export function BillingSlot(props: ProjectBillingProps) {
  return (
    <section
      aria-labelledby="portal-billing-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      data-testid="portal-billing"
    >
      <h3 id="portal-billing-title" className="text-xl font-bold text-slate-900">
        Billing
      </h3>
      <div className="mt-4">
        <ProjectBilling {...props} />
      </div>
    </section>
  );
}
