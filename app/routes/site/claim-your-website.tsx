import type { Route } from "./+types/claim-your-website";
import { claimPage } from "~/content/claimable-sites";
import { pageMeta } from "~/lib/seo";
import { ClaimPage } from "~/components/site/claim/claim-page";

/** Claim your website (docs/product/lead-paths.md "Claim your website"). */
export const meta: Route.MetaFunction = () => pageMeta(claimPage);

export default function ClaimYourWebsitePage() {
  return <ClaimPage />;
}
