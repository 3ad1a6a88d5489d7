import { useId } from "react";
import { ArrowRight } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "~/lib/api/call";
import { selectableStatuses, SUGGESTED_TRANSITIONS } from "~/lib/admin/projects";
import { PROJECT_STATUSES, type ProjectStatus } from "~/contracts/project-terms";
import type { ProjectDetail } from "~/contracts/projects";
import { formatDateTime } from "../ui/format";
import { inputClass, suggestedButtonClass } from "../ui/styles";
import { useSetProjectStatus } from "./api";
import { SectionError, SectionHeading } from "./section";
import { projectStatusLabel, ProjectStatusBadge } from "../ui/project-status-badge";

/**
 * The status workflow (docs/product/projects.md "Project status"): the suggested next steps stand
 * out as buttons; the select offers every status.
 */
export function StatusWorkflow({ project }: { project: ProjectDetail }) {
  const id = useId();
  const setStatus = useSetProjectStatus();
  const suggested = SUGGESTED_TRANSITIONS[project.status];

  function change(status: ProjectStatus) {
    if (status === project.status || setStatus.isPending) return;
    setStatus.mutate(
      { id: project.id, status },
      {
        onSuccess: (saved) => toast.success(`${saved.name} is now ${projectStatusLabel(saved.status)}`),
        onError: () => toast.error("Failed to update project status"),
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-3">
      <SectionHeading id={`${id}-h`}>Status</SectionHeading>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        Current status: <ProjectStatusBadge status={project.status} />
        {project.completed_at && <span>· completed {formatDateTime(project.completed_at)}</span>}
      </p>
      {suggested.length > 0 && (
        <div>
          <p id={`${id}-next`} className="text-sm font-medium text-slate-800">
            Suggested next
          </p>
          <div role="group" aria-labelledby={`${id}-next`} className="mt-1 flex flex-wrap gap-2">
            {suggested.map((status) => (
              <button
                key={status}
                type="button"
                onClick={() => change(status)}
                disabled={setStatus.isPending}
                className={suggestedButtonClass}
              >
                <ArrowRight className="size-4" aria-hidden="true" />
                {projectStatusLabel(status)}
              </button>
            ))}
          </div>
        </div>
      )}
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <label htmlFor={`${id}-any`} className="text-sm font-medium text-slate-800">
          Any status
        </label>
        <select
          id={`${id}-any`}
          className={`${inputClass} sm:w-56`}
          value={project.status}
          disabled={setStatus.isPending}
          onChange={(e) => {
            const status = PROJECT_STATUSES.find((s) => s === e.target.value);
            if (status) change(status);
          }}
        >
          {selectableStatuses(project.status).map((status) => (
            <option key={status} value={status}>
              {projectStatusLabel(status)}
              {suggested.includes(status) ? " (suggested)" : ""}
            </option>
          ))}
        </select>
        {setStatus.isPending && (
          <span role="status" className="text-sm text-slate-600">
            Saving...
          </span>
        )}
      </div>
      {setStatus.isError && (
        <SectionError>{errorMessage(setStatus.error, "Failed to update project status")}</SectionError>
      )}
    </section>
  );
}
