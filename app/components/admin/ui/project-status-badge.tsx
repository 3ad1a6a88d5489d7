import { PROJECT_STATUS_TONES } from "~/lib/admin/projects";
import { PROJECT_STATUS_LABELS, type ProjectStatus } from "~/contracts/project-terms";
import { Badge } from "./badge";

export const projectStatusLabel = (status: ProjectStatus) => PROJECT_STATUS_LABELS[status] ?? status;

/** A project's status in its colour (docs/product/projects.md "Project status"). */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={PROJECT_STATUS_TONES[status]}>{projectStatusLabel(status)}</Badge>;
}
