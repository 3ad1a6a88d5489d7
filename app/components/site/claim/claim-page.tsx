import { useEffect, useRef, useState } from "react";
import { claimableSiteById } from "~/content/claimable-sites";
import { BrowseView } from "./browse-view";
import { lazyView } from "~/components/ui/lazy-view";

/** Shown once a site is chosen, and once it is claimed: each loads when needed. */
const ClaimView = lazyView(() => import("./claim-view").then((m) => m.ClaimView));
const SuccessView = lazyView(() => import("./success-view").then((m) => m.SuccessView));

/** public-site spec 4 "Claim page": browse, then claim on choosing a site, then success on submit. */
type View =
  | { name: "browse"; returnTo?: string }
  | { name: "claim"; siteId: string }
  | { name: "success"; siteId: string; claimant: string };

/** The three views in one route; the server renders browse, so the list never needs JavaScript. */
export function ClaimPage() {
  const [view, setView] = useState<View>({ name: "browse" });
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // On each change of view: start at the top, and put focus where the new view begins.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (view.name === "browse") {
      const button = view.returnTo ? document.getElementById(`claim-button-${view.returnTo}`) : null;
      button?.scrollIntoView({ block: "center" });
      button?.focus({ preventScroll: true });
      return;
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    heading.current?.focus({ preventScroll: true });
  }, [view]);

  const chosen = view.name === "browse" ? undefined : claimableSiteById(view.siteId);
  if (view.name === "browse" || !chosen) {
    return <BrowseView onClaim={(siteId) => setView({ name: "claim", siteId })} />;
  }
  if (view.name === "claim") {
    return (
      <ClaimView
        key={chosen.id}
        site={chosen}
        headingRef={heading}
        onBack={() => setView({ name: "browse", returnTo: chosen.id })}
        onSuccess={(claimant) => setView({ name: "success", siteId: chosen.id, claimant })}
      />
    );
  }
  return <SuccessView site={chosen} name={view.claimant} headingRef={heading} />;
}
