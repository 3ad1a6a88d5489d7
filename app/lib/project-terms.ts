/**
 * The words of a project that the admin and the client portal share (back-office spec 4
 * "Project status", "Other value sets"; public-site spec 4): statuses, types, contact roles
 * and milestone statuses with their labels. No zod here: the portal's pages read these too.
 */

/** 'submitted' comes first: the website's project form starts a project there. */
export const PROJECT_STATUSES = [
  "submitted",
  "planning",
  "design",
  "development",
  "review",
  "launch",
  "complete",
  "on_hold",
  "maintenance",
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
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

export const PROJECT_TYPES = ["personal", "small_business", "cause_nonprofit", "redesign", "maintenance"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = {
  personal: "Personal",
  small_business: "Small Business",
  cause_nonprofit: "Cause / Nonprofit",
  redesign: "Redesign",
  maintenance: "Maintenance",
};
/** A stored type by its label; a value from elsewhere is shown readably; none is null. */
export function projectTypeName(value: string | null): string | null {
  if (!value) return null;
  const known = PROJECT_TYPES.find((type) => type === value);
  return known ? PROJECT_TYPE_LABELS[known] : value.replace(/[_-]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

export const PROJECT_CONTACT_ROLES = [
  "client",
  "stakeholder",
  "decision_maker",
  "technical_contact",
  "project_manager",
] as const;
export type ProjectContactRole = (typeof PROJECT_CONTACT_ROLES)[number];
export const PROJECT_CONTACT_ROLE_LABELS: Record<ProjectContactRole, string> = {
  client: "Client",
  stakeholder: "Stakeholder",
  decision_maker: "Decision Maker",
  technical_contact: "Technical Contact",
  project_manager: "Project Manager",
};

export const MILESTONE_STATUSES = ["pending", "in_progress", "completed", "on_hold"] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  pending: "Pending",
  in_progress: "In Progress",
  completed: "Completed",
  on_hold: "On Hold",
};
