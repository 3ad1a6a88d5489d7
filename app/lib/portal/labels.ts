import { BUDGETS, READINESS, TIMELINES } from "~/lib/forms/project-inquiry";
import type { PortalContactRole, PortalMilestoneStatus, PortalProjectStatus } from "./client-portal";

/** How the portal names what the API sends (public-site spec 3, 4; back-office spec 4). */

export const PROJECT_STATUS_LABELS: Record<PortalProjectStatus, string> = {
  submitted: "Submitted",
  planning: "Planning",
  design: "Design",
  development: "Development",
  review: "Review",
  launch: "Launch",
  complete: "Complete",
  on_hold: "On Hold",
  maintenance: "Maintenance",
};

export const MILESTONE_STATUS_LABELS: Record<PortalMilestoneStatus, string> = {
  pending: "Pending",
  in_progress: "In Progress",
  completed: "Completed",
  on_hold: "On Hold",
};

export const CONTACT_ROLE_LABELS: Record<PortalContactRole, string> = {
  client: "Client",
  stakeholder: "Stakeholder",
  decision_maker: "Decision Maker",
  technical_contact: "Technical Contact",
  project_manager: "Project Manager",
};

/** back-office spec 4 "Project types". */
const PROJECT_TYPE_LABELS: Record<string, string> = {
  personal: "Personal",
  small_business: "Small Business",
  cause_nonprofit: "Cause / Nonprofit",
  redesign: "Redesign",
  maintenance: "Maintenance",
};

const fromOptions = (options: readonly { value: string; label: string }[], value: string | null) =>
  value ? (options.find((o) => o.value === value)?.label ?? value) : null;

const titleCase = (value: string) => value.replace(/[_-]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

export const projectTypeLabel = (value: string | null) =>
  value ? (PROJECT_TYPE_LABELS[value] ?? titleCase(value)) : null;
export const budgetLabel = (value: string | null) => fromOptions(BUDGETS, value);
export const timelineLabel = (value: string | null) => fromOptions(TIMELINES, value);
export const readinessLabel = (value: string | null) => fromOptions(READINESS, value);

/** A calendar date (YYYY-MM-DD) or a timestamp, as 'November 2, 2026'; the day as written, whatever the time zone. */
export function formatPortalDate(value: string | null): string | null {
  if (!value) return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(day.getTime())) return value;
  return day.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: /^\d{4}-\d{2}-\d{2}$/.test(value) ? "UTC" : undefined,
  });
}
