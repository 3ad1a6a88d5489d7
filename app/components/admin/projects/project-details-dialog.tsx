import { DiscussionPanel } from "./discussion-panel";
import { useId } from "react";
import { Mail, Pencil } from "lucide-react";
import { errorMessage } from "~/lib/api/call";
import { projectTypeLabel } from "~/lib/admin/projects";
import type { ProjectDetail } from "~/contracts/projects";
import { optionLabel, READINESS, TIMELINES, BUDGETS } from "~/contracts/form-options";
import { InlineLoading } from "~/components/admin/ui/loading";
import { Dialog } from "../ui/dialog";
import { formatDate } from "../ui/format";
import { adminButton } from "../ui/styles";
import { useProjectDetail } from "./api";
import { BillingSection } from "./billing-section";
import { ContactsSection } from "./contacts-section";
import { ProjectIdCopy } from "./copy-id";
import { MilestonesSection } from "./milestones-section";
import { formatDay } from "./projects-list";
import { SectionHeading } from "./section";
import { StatusWorkflow } from "./status-workflow";
import { UpdatesSection } from "./updates-section";
import { CallsBlock } from "~/components/admin/bookings";
import { CarePlansSection } from "~/components/admin/care-plans";

/**
 * The project's details (docs/product/projects.md "Details"): its facts, the contacts with their
 * roles, the status workflow, the calls booked about it, the quotes and invoices (docs/product/billing.md), the notes, milestones, updates and the discussion with the client.
 */
export function ProjectDetailsDialog({
  projectId,
  onClose,
  onEdit,
  onEmail,
}: {
  projectId: string | null;
  onClose: () => void;
  onEdit: (project: ProjectDetail) => void;
  onEmail: (project: ProjectDetail) => void;
}) {
  const detail = useProjectDetail(projectId);
  const project = detail.data;
  return (
    <Dialog
      open={projectId !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Project Details"
      description={project?.name}
      wide
    >
      {detail.isPending ? (
        <InlineLoading label="Loading project..." />
      ) : detail.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-medium">{errorMessage(detail.error, "Failed to fetch project details")}</p>
          <button type="button" className={`${adminButton.secondary} mt-3`} onClick={() => void detail.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <ProjectDetails project={detail.data} onEdit={onEdit} onEmail={onEmail} />
      )}
    </Dialog>
  );
}

function ProjectDetails({
  project,
  onEdit,
  onEmail,
}: {
  project: ProjectDetail;
  onEdit: (project: ProjectDetail) => void;
  onEmail: (project: ProjectDetail) => void;
}) {
  const id = useId();
  const legacy = project.legacy_data ?? {};
  const facts: [string, string][] = (
    [
      ["Type", projectTypeLabel(project.project_type)],
      ["Budget", project.budget_range ? optionLabel(BUDGETS, project.budget_range) : ""],
      ["Start date", formatDay(project.start_date)],
      ["Target completion", formatDay(project.target_completion)],
      ["Timeline", legacy.timeline ? optionLabel(TIMELINES, legacy.timeline) : ""],
      ["Readiness", legacy.readiness ? optionLabel(READINESS, legacy.readiness) : ""],
      ["Created", formatDate(project.created_at)],
      ["Completed", formatDate(project.completed_at)],
    ] satisfies [string, string][]
  ).filter(([, value]) => value);
  const canEmail = project.contacts.some((c) => c.contact_email);
  // Where the visit that produced the project came from, labelled as on the contact's details.
  const attribution = (
    [
      ["Landing page", project.landing_page],
      ["Referrer", project.referrer],
      ["UTM source", project.utm_source],
      ["UTM medium", project.utm_medium],
      ["UTM campaign", project.utm_campaign],
    ] satisfies [string, string | null][]
  ).filter((entry): entry is [string, string] => !!entry[1]);

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ProjectIdCopy id={project.id} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={`${adminButton.secondary} px-3 py-1.5`} onClick={() => onEdit(project)}>
              <Pencil className="size-4" aria-hidden="true" /> Edit Project
            </button>
            <button
              type="button"
              className={`${adminButton.secondary} px-3 py-1.5`}
              onClick={() => onEmail(project)}
              disabled={!canEmail}
              title={canEmail ? undefined : "No contact of this project has an email address"}
            >
              <Mail className="size-4" aria-hidden="true" /> Send Email
            </button>
          </div>
        </div>
        {facts.length > 0 && (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
            {facts.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs font-medium text-slate-600">{label}</dt>
                <dd className="break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {project.description && (
          <p className="rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800">
            {project.description}
          </p>
        )}
      </div>

      {attribution.length > 0 && (
        <section aria-labelledby={`${id}-attribution`} className="grid gap-3">
          <SectionHeading id={`${id}-attribution`}>Attribution</SectionHeading>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2" data-testid="project-attribution">
            {attribution.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs font-medium text-slate-600">{label}</dt>
                <dd className="break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <StatusWorkflow project={project} />
      <ContactsSection project={project} />
      <CallsBlock owner={{ projectId: project.id }} large />
      <BillingSection projectId={project.id} />
      <CarePlansSection projectId={project.id} />

      <section aria-labelledby={`${id}-notes`} className="grid gap-3">
        <SectionHeading id={`${id}-notes`}>Notes</SectionHeading>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg border border-slate-200 p-3 text-sm">
            <h4 className="font-medium text-slate-900">Client notes</h4>
            <p className="text-xs text-slate-600">The client sees these in the portal.</p>
            <p className="mt-2 break-words whitespace-pre-wrap text-slate-800">{project.client_notes || "None yet."}</p>
          </div>
          <div className="rounded-lg border border-slate-200 p-3 text-sm">
            <h4 className="font-medium text-slate-900">Internal notes</h4>
            <p className="text-xs text-slate-600">Only you see these.</p>
            <p className="mt-2 break-words whitespace-pre-wrap text-slate-800">
              {project.internal_notes || "None yet."}
            </p>
          </div>
        </div>
      </section>

      <MilestonesSection project={project} />
      <UpdatesSection project={project} />

      {/* The project discussion (docs/product/projects.md "Discussion": the owner posts as admin). */}
      <DiscussionPanel projectId={project.id} />
    </div>
  );
}
