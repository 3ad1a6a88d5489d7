import { PORTAL_DOCUMENT_KINDS, portalDocumentFrom, type PortalDocument } from "~/contracts/portal-documents";

/**
 * The document an e-mailed link names (docs/product/client-portal.md "Links to a document"):
 * `?project=ID&quote=12` (or `invoice=`, `receipt=`). The Billing section takes it from the address
 * once its project is open (a lookup in between keeps it there), scrolls to the document once it
 * is rendered, and focuses its heading. The way back from Checkout names its invoice the same way.
 */

/**
 * Taken from the address, until the section has brought it into view: kept outside the
 * component, so a remount (React's development double effect) still finds it.
 */
let taken: PortalDocument | null = null;

/** The document the address names, if any: the query leaves the address bar (a reload stays put). */
export function takeDocumentTarget(): PortalDocument | null {
  const url = new URL(window.location.href);
  const named = portalDocumentFrom(url.search);
  if (named) {
    taken = named;
    for (const kind of PORTAL_DOCUMENT_KINDS) url.searchParams.delete(kind);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }
  return taken;
}

/** The document was shown (or is not in this project): a later visit starts at the top. */
export function forgetDocumentTarget() {
  taken = null;
}

/** The attribute a document's heading carries: `data-document="quote-12"`. */
export const documentKey = (document: PortalDocument) => `${document.kind}-${document.id}`;

/** What the client does that ends the anchoring: from then on the page is where they put it. */
const OWN_MOVES = ["wheel", "touchstart", "pointerdown", "keydown"] as const;
/** Long enough for the parts above the section (and the chat below it) to settle on a slow phone. */
const ANCHOR_MS = 3_000;

/**
 * Scrolls the document's heading to the top of the view (under the sticky header: its
 * scroll-margin), focuses it, and keeps it there while the page around it still grows. Answers
 * the function that stops.
 */
export function anchorOn(heading: HTMLElement): () => void {
  const bring = () => heading.scrollIntoView({ block: "start" });
  bring();
  heading.focus({ preventScroll: true });
  const observer = new ResizeObserver(bring);
  observer.observe(document.body);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of OWN_MOVES) window.removeEventListener(type, stop);
  };
  const timer = window.setTimeout(stop, ANCHOR_MS);
  for (const type of OWN_MOVES) window.addEventListener(type, stop, { passive: true });
  return stop;
}
