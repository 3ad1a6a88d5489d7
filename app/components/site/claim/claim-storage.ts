/**
 * Claims remembered in this browser (docs/product/lead-paths.md "Claim form": the claim is also
 * remembered in the browser), under one localStorage key, newest last. Saved even when the server
 * is unreachable, so the visitor's claim isn't lost.
 */
export const CLAIMED_SITES_KEY = "claimed-sites";

export interface ClaimedSite {
  siteId: string;
  businessName: string;
  /** ISO timestamp. */
  claimedAt: string;
}

function isClaimedSite(value: unknown): value is ClaimedSite {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.siteId === "string" && typeof entry.businessName === "string" && typeof entry.claimedAt === "string"
  );
}

export function readClaimedSites(): ClaimedSite[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CLAIMED_SITES_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isClaimedSite) : [];
  } catch {
    return [];
  }
}

/** Adds the claim, replacing an earlier one for the same site. Never throws. */
export function rememberClaim(claim: ClaimedSite): void {
  try {
    const others = readClaimedSites().filter((entry) => entry.siteId !== claim.siteId);
    window.localStorage.setItem(CLAIMED_SITES_KEY, JSON.stringify([...others, claim]));
  } catch {
    // Storage blocked or full: the claim still goes to the server.
  }
}
