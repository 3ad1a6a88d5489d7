import { Eye, Mail, Pencil } from "lucide-react";
import { projectTypeLabel } from "~/lib/admin/projects";
import type { Project, ProjectListRow } from "~/contracts/projects";
import { formatDay } from "../ui/format";
import { adminButton } from "../ui/styles";
import { RecordList } from "../ui/record-list";
import { ProjectIdCopy } from "./copy-id";
import { ProjectStatusBadge } from "../ui/project-status-badge";
import { EmailAddress } from "~/components/admin/ui/email-address";
import { BillingStateBadge } from "~/components/admin/billing";

export interface ProjectRowHandlers {
  onView: (project: Project) => void;
  onEdit: (project: Project) => void;
  onEmail: (project: Project) => void;
}

const small = adminButton.row;

export { formatDay };

const hasEmail = (p: Project) => p.contacts.some((c) => c.contact_email);

const PROJECT_COLUMNS = [
  "Project",
  "Contacts",
  "Status",
  "Billing",
  "Type",
  "Target",
  "Milestones",
  "Actions",
] as const;

/**
 * The projects of one page: a table from the md breakpoint, cards on a phone, each drawn once
 * (docs/product/projects.md "The screen").
 */
export function ProjectsList({ projects, ...handlers }: { projects: ProjectListRow[] } & ProjectRowHandlers) {
  return (
    <RecordList
      items={projects}
      recordId={(project) => project.id}
      caption="Projects"
      columns={PROJECT_COLUMNS}
      minWidth="min-w-[1040px]"
      row={(project) => (
        <>
          <td className="max-w-72 px-4 py-3">
            <p className="font-medium break-words text-slate-900">{project.name}</p>
            <ProjectIdCopy id={project.id} className="mt-1" />
          </td>
          <td className="max-w-60 px-4 py-3">
            <ContactsCell project={project} />
          </td>
          <td className="px-4 py-3">
            <ProjectStatusBadge status={project.status} />
          </td>
          <td className="px-4 py-3">
            <BillingStateBadge state={project.billing} stacked />
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">{projectTypeLabel(project.project_type)}</td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDay(project.target_completion) || "—"}</td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">
            <Progress project={project} />
          </td>
          <td className="px-4 py-3">
            <RowButtons project={project} {...handlers} />
          </td>
        </>
      )}
      card={(project) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <h3 className="min-w-0 font-medium break-words text-slate-900">{project.name}</h3>
            <ProjectStatusBadge status={project.status} />
          </div>
          <ProjectIdCopy id={project.id} className="mt-1" />
          <div className="mt-2">
            <ContactsCell project={project} />
          </div>
          <div className="mt-2">
            <BillingStateBadge state={project.billing} />
          </div>
          <p className="mt-2 flex flex-wrap gap-x-2 text-xs text-slate-700">
            <span>{projectTypeLabel(project.project_type)}</span>
            {project.target_completion && (
              <>
                <span aria-hidden="true">·</span>
                <span>Target {formatDay(project.target_completion)}</span>
              </>
            )}
            <span aria-hidden="true">·</span>
            <Progress project={project} />
          </p>
          <div className="mt-3">
            <RowButtons project={project} {...handlers} />
          </div>
        </>
      )}
    />
  );
}

function ContactsCell({ project }: { project: Project }) {
  const others = project.contacts.length - 1;
  if (project.contacts.length === 0) return <p className="text-sm text-slate-500">No contacts</p>;
  return (
    <div className="min-w-0 text-sm">
      <p className="break-words text-slate-900">
        {project.contact_name}
        {others > 0 && <span className="text-slate-600"> +{others} more</span>}
      </p>
      {project.contact_email && (
        <p className="text-xs text-slate-600">
          <EmailAddress email={project.contact_email} />
        </p>
      )}
    </div>
  );
}

function Progress({ project }: { project: Project }) {
  if (project.milestone_count === 0) return <span className="text-slate-600">No milestones</span>;
  return (
    <span>
      {project.milestones_completed}/{project.milestone_count} done
    </span>
  );
}

function RowButtons({ project, onView, onEdit, onEmail }: { project: Project } & ProjectRowHandlers) {
  const who = <span className="sr-only"> {project.name}</span>;
  return (
    <div className="flex flex-wrap gap-1">
      <button type="button" className={small} onClick={() => onView(project)}>
        <Eye className="size-3.5" aria-hidden="true" /> Details{who}
      </button>
      <button type="button" className={small} onClick={() => onEdit(project)}>
        <Pencil className="size-3.5" aria-hidden="true" /> Edit{who}
      </button>
      <button
        type="button"
        className={small}
        onClick={() => onEmail(project)}
        disabled={!hasEmail(project)}
        title={hasEmail(project) ? undefined : "No contact of this project has an email address"}
      >
        <Mail className="size-3.5" aria-hidden="true" /> Email{who}
      </button>
    </div>
  );
}
