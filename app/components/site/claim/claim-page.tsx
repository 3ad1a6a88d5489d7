import { useCallback, useEffect, useRef, useState } from "react";
import { claimableSiteById } from "~/content/claimable-sites";
import { BrowseView } from "./browse-view";
import { lazyView } from "~/components/ui/lazy-view";

/** Shown once a site is chosen, and once it is claimed: each loads when needed. */
const ClaimView = lazyView(() => import("./claim-view").then((m) => m.ClaimView));
const SuccessView = lazyView(() => import("./success-view").then((m) => m.SuccessView));

/** docs/product/lead-paths.md "Views": browse, then claim on choosing a site, then success on submit. */
type View =
  | { name: "browse"; returnTo?: string }
  | { name: "claim"; siteId: string }
  | { name: "success"; siteId: string; claimant: string };

/** A new view starts at the top, with the focus on its heading. */
function startAt(heading: HTMLHeadingElement) {
  window.scrollTo({ top: 0, behavior: "instant" });
  heading.focus({ preventScroll: true });
}

/** The three views in one route; the server renders browse, so the list never needs JavaScript. */
export function ClaimPage() {
  const [view, setView] = useState<View>({ name: "browse" });
  const headingElement = useRef<HTMLHeadingElement | null>(null);
  const focusWanted = useRef(false);
  const firstRender = useRef(true);
  // The claim and success views load on demand: a heading that arrives after the view changed
  // takes the focus when it mounts.
  const heading = useCallback((element: HTMLHeadingElement | null) => {
    headingElement.current = element;
    if (element && focusWanted.current) {
      focusWanted.current = false;
      startAt(element);
    }
  }, []);

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
    if (headingElement.current) startAt(headingElement.current);
    else focusWanted.current = true;
  }, [view]);

  const chosen = view.name === "browse" ? undefined : claimableSiteById(view.siteId);
  if (view.name === "browse" || !chosen) {
    return (
      <BrowseView
        onClaim={(siteId) => {
          // The success view is fetched while the visitor fills in the form.
          void SuccessView.preload().catch(() => undefined);
          setView({ name: "claim", siteId });
        }}
      />
    );
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
