import type { Route } from "./+types/client-portal-sign-in";
import { pageMeta } from "~/lib/seo";
import { portalSignInPage, signInCopy } from "~/content/portal-pages";
import { PageHero } from "~/components/site/sections/page-hero";
import { SignInPanel } from "~/components/portal/sign-in-panel";

/** Where the e-mailed sign-in link lands (decision 017): one button signs in; not indexed. */
export const meta: Route.MetaFunction = () => pageMeta(portalSignInPage);

export default function ClientPortalSignInPage() {
  return (
    <>
      <PageHero eyebrow={signInCopy.eyebrow} title={signInCopy.title} intro={<p>{signInCopy.intro}</p>} />
      <section aria-label="Sign in" className="bg-white pb-16 sm:pb-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SignInPanel />
        </div>
      </section>
    </>
  );
}
