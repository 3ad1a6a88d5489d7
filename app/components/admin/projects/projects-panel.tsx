import { useId } from "react";
import { projectsEndpoints } from "~/contracts/projects";
import { urlOf } from "~/lib/api/call";
import { ListEmpty, listCount } from "../ui/list-states";
import { PROJECT_SORT_LABELS } from "~/lib/admin/projects";
import { PROJECT_SORTS, type ProjectSort } from "~/contracts/project-list";
import { PROJECT_STATUSES, type ProjectStatus } from "~/contracts/project-terms";
import { LoadError } from "~/components/admin/ui/load-error";
import { InlineLoading } from "~/components/admin/ui/loading";
import { FilterSelect } from "../ui/filter-select";
import { ExportButton } from "../ui/export-button";
import { Pager } from "../ui/pager";
import { SearchInput } from "../ui/search-input";
import { inputClass } from "../ui/styles";
import { useSearchBox } from "../ui/use-search-box";
import { projectQuery, useProjectPage, type ProjectListFilter } from "./api";
import { ProjectsList, type ProjectRowHandlers } from "./projects-list";
import { projectStatusLabel } from "../ui/project-status-badge";

/**
 * The projects list (docs/product/projects.md "The screen"): a search the server answers as the
 * owner types, the status filter, the sort, Export CSV of every match, one page of rows and the
 * links to the others. The filter is the address's.
 */
export function ProjectsPanel({
  filter,
  onSearch,
  onStatus,
  onSort,
  onClear,
  pageHref,
  handlers,
}: {
  filter: ProjectListFilter;
  onSearch: (value: string) => void;
  onStatus: (value: ProjectStatus | "all") => void;
  onSort: (value: ProjectSort) => void;
  onClear: () => void;
  pageHref: (page: number) => string;
  handlers: ProjectRowHandlers;
}) {
  const id = useId();
  const box = useSearchBox(filter.q, onSearch);
  const list = useProjectPage(filter);
  const data = list.data;
  const filtered = filter.q.trim() !== "" || filter.status !== "all";
  const exportQuery = projectQuery(filter);

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchInput
          label="Search projects"
          placeholder="Search name, ID, description or contact..."
          value={box.typed}
          onChange={box.type}
          onSettle={box.flush}
        />
        <div className="flex flex-wrap items-center gap-3">
          <FilterSelect
            label="Status"
            value={filter.status}
            onChange={(v) => onStatus(PROJECT_STATUSES.find((s) => s === v) ?? "all")}
            options={PROJECT_STATUSES.map((s) => ({ value: s, label: projectStatusLabel(s) }))}
          />
          <div className="flex min-w-0 items-center gap-2">
            <label htmlFor={`${id}-sort`} className="shrink-0 text-sm font-medium text-slate-700">
              Sort
            </label>
            <select
              id={`${id}-sort`}
              className={`${inputClass} md:w-44`}
              value={filter.sort}
              onChange={(e) => onSort(PROJECT_SORTS.find((s) => s === e.target.value) ?? "newest")}
            >
              {PROJECT_SORTS.map((s) => (
                <option key={s} value={s}>
                  {PROJECT_SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <ExportButton
            path={urlOf(projectsEndpoints.csv, { query: exportQuery })}
            fallbackName="projects.csv"
            disabled={!data || data.total === 0}
          />
        </div>
      </div>

      {list.isPending ? (
        <InlineLoading label="Loading projects..." />
      ) : list.isError && !data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !data || data.total === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={["No projects yet", "No projects match your search or filter"]}
          hint={[
            "Start one with New Project, or with the Project button of a lead.",
            "Try other words, or clear the search and filter.",
          ]}
          clearLabel="Clear search and filter"
          onClear={() => {
            box.clear();
            onClear();
          }}
        />
      ) : (
        <section aria-labelledby={`${id}-list`} className="grid gap-3" aria-busy={list.isFetching}>
          <h2 id={`${id}-list`} className="text-sm text-slate-600" aria-live="polite">
            {listCount(["project", "projects"], filter.page, data, data.projects.length)}
            {list.isPlaceholderData && <span className="ml-2 text-slate-500">Loading...</span>}
          </h2>
          <div>
            <ProjectsList projects={data.projects} {...handlers} />
          </div>
          <Pager label="Projects pages" page={filter.page} total={data.total} hrefFor={pageHref} />
        </section>
      )}
    </div>
  );
}
