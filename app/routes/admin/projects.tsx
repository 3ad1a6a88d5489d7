import { useEffect, useState } from "react";
import { CheckCircle2, FolderKanban, PauseCircle, Plus, Rocket } from "lucide-react";
import type { Route } from "./+types/projects";
import { PROJECT_SORTS, type ProjectSort } from "~/contracts/project-list";
import { PROJECT_STATUSES, type ProjectStatus } from "~/contracts/project-terms";
import type { Project } from "~/contracts/projects";
import { adminMeta } from "~/lib/admin/meta";
import { optionLabel, TIMELINES } from "~/contracts/form-options";
import { PROJECT_TYPES } from "~/contracts/project-terms";
import { ComposeEmailDialog, type EmailRecipient } from "~/components/admin/email/compose-dialog";
import { useProjectStats, type ProjectListFilter } from "~/components/admin/projects/api";
import {
  CreateProjectDialog,
  EditProjectDialog,
  emptyProjectForm,
  type CreateStart,
} from "~/components/admin/projects/project-form";
import { ProjectDetailsDialog } from "~/components/admin/projects/project-details-dialog";
import { ProjectsPanel } from "~/components/admin/projects/projects-panel";
import { StatCard } from "~/components/admin/ui/stat-card";
import { adminButton } from "~/components/admin/ui/styles";
import { useListParams } from "~/components/admin/ui/use-list-params";

export const meta: Route.MetaFunction = () => adminMeta("Projects");

/** A project's contacts with an address, as the compose dialog offers them (the primary first). */
const recipientsOf = (project: Project): EmailRecipient[] =>
  project.contacts.flatMap((c) =>
    c.contact_email
      ? [{ contactId: c.contact_id, name: c.contact_name, email: c.contact_email, primary: c.is_primary }]
      : [],
  );

/**
 * The create dialog of the contacts screen's Project button (docs/product/projects.md "The screen";
 * docs/product/contacts.md "The Project button"): the contact selected, and the project filled from
 * what the lead asked for when the link carries it (type, budget, timeline, description;
 * row-actions.tsx projectHref), else '{contact} Website Project' and a description naming the
 * contact.
 */
/** The create link's parameters (and ?project=ID's), cleared from the address once read. */
const CREATE_PARAMS = [
  "create",
  "contact_id",
  "contact_name",
  "contact_email",
  "name",
  "project_type",
  "budget_range",
  "timeline",
  "description",
  "project",
];

function startFromQuery(params: URLSearchParams): CreateStart | null {
  if (params.get("create") !== "true") return null;
  const contactId = Number(params.get("contact_id"));
  const name = params.get("contact_name")?.trim() ?? "";
  const email = params.get("contact_email")?.trim() ?? "";
  const known = Number.isInteger(contactId) && contactId > 0;
  const type = params.get("project_type");
  const timeline = params.get("timeline");
  return {
    key: `query-${params.toString()}`,
    contactIds: known ? [contactId] : [],
    knownNames: known && name ? { [contactId]: name } : {},
    values: name
      ? {
          ...emptyProjectForm,
          name: params.get("name")?.trim() || `${name} Website Project`,
          description: params.get("description")?.trim() || `Website project for ${name}${email ? ` (${email})` : ""}.`,
          project_type: PROJECT_TYPES.find((t) => t === type) ?? emptyProjectForm.project_type,
          budget_range: params.get("budget_range") ?? "",
          internal_notes: timeline ? `Timeline asked for: ${optionLabel(TIMELINES, timeline)}` : "",
        }
      : emptyProjectForm,
  };
}

/**
 * Projects (docs/product/projects.md): the counts, the list with search and a status filter, and
 * the create, edit, details, contact role and e-mail dialogs.
 */
export default function Projects() {
  const list = useListParams({ statuses: PROJECT_STATUSES, sorts: PROJECT_SORTS, defaultSort: "newest" });
  const { params, setParams, update } = list;
  const filter: ProjectListFilter = { q: list.q, status: list.status, sort: list.sort, page: list.page };
  const stats = useProjectStats();
  const [creating, setCreating] = useState<CreateStart | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Project | null>(null);
  const [emailing, setEmailing] = useState<Project | null>(null);

  // ?create=true&contact_id&contact_name&contact_email opens the create dialog once, and
  // ?project=ID (the new-lead e-mail's link) the details; then the address is left clean.
  const fromQuery = startFromQuery(params);
  const projectParam = params.get("project");
  if (fromQuery && creating?.key !== fromQuery.key) setCreating(fromQuery);
  if (projectParam && detailsId !== projectParam) setDetailsId(projectParam);
  useEffect(() => {
    if (!fromQuery && !projectParam) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of CREATE_PARAMS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [fromQuery, projectParam, setParams]);

  const count = (n: number | undefined) => (stats.isSuccess && n !== undefined ? n.toLocaleString("en-US") : "–");

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Projects</h1>
          <p className="mt-1 text-slate-600">Every client project: its contacts, status, milestones and updates.</p>
        </div>
        <button
          type="button"
          className={adminButton.primary}
          onClick={() =>
            setCreating({ key: `new-${Date.now()}`, contactIds: [], knownNames: {}, values: emptyProjectForm })
          }
        >
          <Plus className="size-4" aria-hidden="true" /> New Project
        </button>
      </header>

      {stats.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          Failed to fetch projects: the counts could not be loaded.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void stats.refetch()}>
            Retry
          </button>
        </p>
      )}
      <ul aria-label="Project statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <li>
          <StatCard label="Total" value={count(stats.data?.total)} icon={FolderKanban} />
        </li>
        <li>
          <StatCard
            label="Active"
            value={count(stats.data?.active)}
            icon={Rocket}
            hint="Planning, design, development or review"
          />
        </li>
        <li>
          <StatCard label="Completed" value={count(stats.data?.completed)} icon={CheckCircle2} />
        </li>
        <li>
          <StatCard label="On Hold" value={count(stats.data?.on_hold)} icon={PauseCircle} />
        </li>
      </ul>

      <ProjectsPanel
        filter={filter}
        onSearch={(q) => update({ q }, { replace: true })}
        onStatus={(status: ProjectStatus | "all") => update({ status })}
        onSort={(sort: ProjectSort) => update({ sort })}
        onClear={() => update({ q: null, status: null })}
        pageHref={list.pageHref}
        handlers={{ onView: (p) => setDetailsId(p.id), onEdit: setEditing, onEmail: setEmailing }}
      />

      <CreateProjectDialog
        start={creating}
        onClose={() => setCreating(null)}
        onCreated={(projectId) => {
          setCreating(null);
          setDetailsId(projectId);
        }}
      />
      <ProjectDetailsDialog
        projectId={detailsId}
        onClose={() => setDetailsId(null)}
        onEdit={setEditing}
        onEmail={setEmailing}
      />
      <EditProjectDialog project={editing} onClose={() => setEditing(null)} />
      <ComposeEmailDialog
        open={emailing !== null}
        onOpenChange={(open) => !open && setEmailing(null)}
        projectId={emailing?.id}
        recipients={emailing ? recipientsOf(emailing) : undefined}
      />
    </div>
  );
}
