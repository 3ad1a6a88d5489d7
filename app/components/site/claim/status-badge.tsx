import type { ClaimableSite } from "~/content/claimable-sites";

const BADGE: Record<ClaimableSite["status"], { label: string; className: string; dot: string }> = {
  live: { label: "Live site", className: "bg-emerald-100 text-emerald-900 ring-emerald-300", dot: "bg-emerald-600" },
  preview: { label: "Preview", className: "bg-amber-100 text-amber-900 ring-amber-300", dot: "bg-amber-600" },
};

/** Live or preview (docs/product/lead-paths.md "Views", "Claimable site"). */
export function StatusBadge({ status }: { status: ClaimableSite["status"] }) {
  const badge = BADGE[status];
  return (
    <span
      data-testid="claim-status-badge"
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${badge.className}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${badge.dot}`} />
      {badge.label}
    </span>
  );
}
