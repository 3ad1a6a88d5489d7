import type { PortalMilestoneStatus, PortalProjectStatus } from "~/contracts/client-portal";
import { MILESTONE_STATUS_LABELS, PROJECT_STATUS_LABELS } from "~/lib/portal/labels";

/**
 * Status colours (docs/product/client-portal.md "Statuses shown"): one colour per project status;
 * milestones reuse them (pending as submitted, in progress as development, completed as complete,
 * on hold as on hold). Each pair keeps text-to-background contrast above 4.5:1.
 */
const STATUS_COLOURS: Record<PortalProjectStatus, string> = {
  submitted: "bg-slate-100 text-slate-800 ring-slate-300",
  planning: "bg-sky-100 text-sky-900 ring-sky-300",
  design: "bg-violet-100 text-violet-900 ring-violet-300",
  development: "bg-amber-100 text-amber-900 ring-amber-300",
  review: "bg-orange-100 text-orange-900 ring-orange-300",
  launch: "bg-indigo-100 text-indigo-900 ring-indigo-300",
  complete: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  on_hold: "bg-red-100 text-red-900 ring-red-300",
  maintenance: "bg-teal-100 text-teal-900 ring-teal-300",
};

const MILESTONE_COLOURS: Record<PortalMilestoneStatus, string> = {
  pending: STATUS_COLOURS.submitted,
  in_progress: STATUS_COLOURS.development,
  completed: STATUS_COLOURS.complete,
  on_hold: STATUS_COLOURS.on_hold,
};

const badge = "inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset";

/** A project's status; 'submitted' when none is set. */
export function StatusBadge({ status }: { status: PortalProjectStatus | null | undefined }) {
  const shown = status ?? "submitted";
  return (
    <span className={`${badge} ${STATUS_COLOURS[shown]}`} data-status={shown}>
      {PROJECT_STATUS_LABELS[shown]}
    </span>
  );
}

export function MilestoneBadge({ status }: { status: PortalMilestoneStatus }) {
  return (
    <span className={`${badge} ${MILESTONE_COLOURS[status]}`} data-status={status}>
      {MILESTONE_STATUS_LABELS[status]}
    </span>
  );
}
