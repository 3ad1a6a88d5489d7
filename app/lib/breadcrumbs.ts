import { titleFromSlug } from "./text";

export interface Crumb {
  name: string;
  path: string;
}

/** Labels for path segments whose title-cased slug would read wrong. */
const SEGMENT_LABELS: Record<string, string> = {
  "how-it-works": "How It Works",
  "whats-included": "What's Included",
  "start-project": "Start a Project",
  "claim-your-website": "Claim Your Website",
  "client-portal": "Client Portal",
  "thank-you": "Thank You",
  services: "Services & Pricing",
  faq: "FAQ",
};

/**
 * Breadcrumbs built from the URL path (docs/product/site-pages.md "Global behaviour"): Home, then
 * one crumb per segment. The bar is shown only when there is more than one crumb.
 */
export function buildBreadcrumbs(pathname: string, overrides: Record<string, string> = {}): Crumb[] {
  const segments = pathname.split("?")[0]!.split("#")[0]!.split("/").filter(Boolean);
  const crumbs: Crumb[] = [{ name: "Home", path: "/" }];
  let path = "";
  for (const segment of segments) {
    path += `/${segment}`;
    crumbs.push({ name: overrides[path] ?? SEGMENT_LABELS[segment] ?? titleFromSlug(segment), path });
  }
  return crumbs;
}

export function shouldShowBreadcrumbs(crumbs: Crumb[]): boolean {
  return crumbs.length > 1;
}
