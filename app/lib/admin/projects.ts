import type { ProjectSort } from "~/contracts/project-list";
import { PROJECT_STATUSES, projectTypeName, type ProjectStatus } from "~/contracts/project-terms";

export const PROJECT_SORT_LABELS: Record<ProjectSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name A–Z",
  updated: "Recently updated",
};

/** The type's label for the admin's lists; none is an empty cell. */
export const projectTypeLabel = (value: string | null) => projectTypeName(value) ?? "";

/* ---------------- Value sets (docs/product/projects.md "Project status") ---------------- */

/** Badge colours (the admin's tones: app/components/admin/ui/styles.ts). */
export const PROJECT_STATUS_TONES: Record<
  ProjectStatus,
  "green" | "yellow" | "red" | "blue" | "purple" | "gray" | "orange"
> = {
  submitted: "purple",
  planning: "blue",
  design: "purple",
  development: "yellow",
  review: "orange",
  launch: "green",
  complete: "green",
  on_hold: "red",
  maintenance: "gray",
};

/**
 * The suggested next steps of each status (docs/product/projects.md "Project status"); any status
 * may still be chosen.
 */
export const SUGGESTED_TRANSITIONS: Record<ProjectStatus, readonly ProjectStatus[]> = {
  submitted: ["planning"],
  planning: ["design", "on_hold"],
  design: ["development", "planning", "on_hold"],
  development: ["review", "design", "on_hold"],
  review: ["launch", "development", "on_hold"],
  launch: ["complete", "review"],
  complete: ["maintenance"],
  on_hold: ["planning", "design", "development", "review"],
  maintenance: ["complete", "on_hold"],
};

/**
 * The statuses a status dropdown offers (docs/product/projects.md "Project status": the dropdowns
 * leave out maintenance, which the workflow suggests after complete); a project already in
 * maintenance keeps it as its current choice.
 */
export const selectableStatuses = (current: ProjectStatus | undefined): ProjectStatus[] =>
  PROJECT_STATUSES.filter((status) => status !== "maintenance" || status === current);
