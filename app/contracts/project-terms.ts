/**
 * The words of a project that the admin and the client portal share (docs/product/projects.md
 * "Project status", "Project types", "Contact roles", "Milestones"; docs/product/client-portal.md
 * "Statuses shown"): statuses, types, contact roles and milestone statuses with their labels. No
 * zod here: the portal's pages read these too.
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

/** The project type of a site type the website's forms and chat ask for ("business", "nonprofit", ...). */
const PROJECT_TYPE_BY_SITE_TYPE: Record<string, ProjectType> = {
  business: "small_business",
  nonprofit: "cause_nonprofit",
};

export const projectTypeOfSiteType = (siteType: string): ProjectType =>
  PROJECT_TYPE_BY_SITE_TYPE[siteType] ?? "personal";

const KIND_OF_WORK: Record<ProjectType, string> = {
  personal: "Personal website",
  small_business: "Small business website",
  cause_nonprofit: "Nonprofit website",
  redesign: "Website redesign",
  maintenance: "Website maintenance",
};

/** Making a formatter costs far more than using one (each lead names its project). */
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The name a project gets when nobody chose one: who, what and when, so that two projects of one
 * client read apart in the admin's list and the client's portal ("Rita Moreau: Small business
 * website, Nov 2026"). The month is the business's (its time zone).
 */
export function defaultProjectName(
  client: string,
  type: string | null | undefined,
  when: Date = new Date(),
  timeZone = "America/New_York",
): string {
  const what = (KIND_OF_WORK as Record<string, string | undefined>)[type ?? ""] ?? "Website project";
  let months = monthFormats.get(timeZone);
  if (!months) {
    months = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone });
    monthFormats.set(timeZone, months);
  }
  return `${client.trim()}: ${what}, ${months.format(when)}`;
}
