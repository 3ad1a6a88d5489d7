import { BUDGETS, READINESS, TIMELINES } from "~/contracts/form-options";

/**
 * How the portal names what the API sends (docs/product/client-portal.md "Statuses shown";
 * docs/product/projects.md "Project status").
 */

export {
  MILESTONE_STATUS_LABELS,
  PROJECT_CONTACT_ROLE_LABELS as CONTACT_ROLE_LABELS,
  PROJECT_STATUS_LABELS,
  projectTypeName as projectTypeLabel,
} from "~/contracts/project-terms";

const fromOptions = (options: readonly { value: string; label: string }[], value: string | null) =>
  value ? (options.find((o) => o.value === value)?.label ?? value) : null;

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
