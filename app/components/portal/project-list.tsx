import type { Ref } from "react";
import { portalCopy } from "~/content/portal-pages";
import type { PortalProject } from "~/contracts/client-portal";
import { formatPortalDate } from "~/lib/portal/labels";
import { buttonClass } from "~/components/ui/button";
import { StatusBadge } from "./status-badge";

interface ProjectListProps {
  projects: PortalProject[];
  onOpen: (id: string) => void;
  onNewSearch: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** More than one project found (docs/product/client-portal.md "Results"): pick one, or search again. */
export function ProjectList({ projects, onOpen, onNewSearch, headingRef }: ProjectListProps) {
  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
        >
          {portalCopy.listTitle} ({projects.length})
        </h2>
        <button type="button" onClick={onNewSearch} className={buttonClass.outline}>
          {portalCopy.newSearch}
        </button>
      </div>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {projects.map((project) => (
          <li key={project.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="text-lg font-bold text-slate-900">{project.name}</h3>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="font-semibold text-slate-700">Project ID</dt>
              <dd className="font-mono break-all text-slate-900">{project.id}</dd>
              <dt className="font-semibold text-slate-700">Status</dt>
              <dd>
                <StatusBadge status={project.status} />
              </dd>
              <dt className="font-semibold text-slate-700">Created</dt>
              <dd className="text-slate-900">{formatPortalDate(project.created_at)}</dd>
            </dl>
            <div className="mt-5 flex-1" />
            <button type="button" onClick={() => onOpen(project.id)} className={`${buttonClass.brand} w-full`}>
              {portalCopy.viewProject}
              <span className="sr-only">: {project.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
