import type { Route } from "./+types/client-portal";
import { pageMeta } from "~/lib/seo";
import { clientPortalPage, portalCopy } from "~/content/portal-pages";
import { PageHero } from "~/components/site/sections/page-hero";
import { ClientPortalView } from "~/components/portal/client-portal-view";

/**
 * The client portal (docs/product/client-portal.md "Lookup", "Sign-in links"; decision 017). The
 * lookup page is the same for everyone and indexed, so a client can search for it; what a lookup
 * shows is loaded after it, for that client only, and the sign-in link's page is not indexed.
 */
export const meta: Route.MetaFunction = () => pageMeta(clientPortalPage);

export default function ClientPortalPage() {
  return (
    <>
      <PageHero eyebrow={portalCopy.eyebrow} title={portalCopy.title} intro={<p>{portalCopy.intro}</p>} />
      <section aria-label="Your projects" className="bg-white pb-16 sm:pb-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <ClientPortalView />
        </div>
      </section>
    </>
  );
}
