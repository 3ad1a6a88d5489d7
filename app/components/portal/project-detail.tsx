import { useState, type ReactNode, type Ref } from "react";
import { site } from "~/config/site";
import { portalCopy } from "~/content/portal-pages";
import type { PortalProject } from "~/contracts/client-portal";
import {
  budgetLabel,
  CONTACT_ROLE_LABELS,
  formatPortalDate,
  projectTypeLabel,
  readinessLabel,
  timelineLabel,
} from "~/lib/portal/labels";
import { buttonClass } from "~/components/ui/button";
import { loadPortalProjects } from "~/lib/portal/portal-api";
import { MilestoneBadge, StatusBadge } from "./status-badge";
import { ProjectChatSlot } from "./project-chat-slot";
import { BillingSlot } from "./billing-slot";
import { ReviewSlot } from "./review-slot";
import { BookCallCard } from "~/components/site/sections/book-call-card";
import { bookPath, CHECK_IN_SLUG } from "~/content/booking-links";

interface ProjectDetailProps {
  project: PortalProject;
  portalToken: string;
  /** Shown when the search found more than one project. */
  onBack?: () => void;
  onNewSearch: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

const cardShape = "rounded-2xl border border-slate-200 p-5 sm:p-6";
const card = `${cardShape} bg-white`;
const sectionTitle = "text-xl font-bold text-slate-900";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One project (docs/product/client-portal.md "Project detail"): ID, status, dates, type, budget,
 * description, the answers of the original request, the team with the viewer's own role,
 * milestones, updates, notes for the client, the Billing section (docs/product/billing.md "The
 * client decides") and the project chat.
 */
export function ProjectDetail({ project: given, portalToken, onBack, onNewSearch, headingRef }: ProjectDetailProps) {
  // A quote decided or a payment recorded may move the project on: it is read again.
  const [fresh, setFresh] = useState<PortalProject | null>(null);
  const project = fresh?.id === given.id ? fresh : given;
  const refresh = () =>
    void loadPortalProjects(portalToken).then((result) => {
      const found = result.ok ? result.data.projects.find((p) => p.id === given.id) : undefined;
      if (found) setFresh(found);
    });
  const notGiven = <span className="text-slate-600">Not set yet</span>;
  const timeline = timelineLabel(project.legacy_data.timeline);
  const readiness = readinessLabel(project.legacy_data.readiness);
  const isViewer = (email: string | null) =>
    !!email && !!project.contact_email && email.toLowerCase() === project.contact_email.toLowerCase();

  return (
    <article aria-labelledby="portal-project-title" className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {onBack ? (
          <button type="button" onClick={onBack} className={buttonClass.outline}>
            {portalCopy.backToProjects}
          </button>
        ) : null}
        <button type="button" onClick={onNewSearch} className={buttonClass.outline}>
          {portalCopy.newSearch}
        </button>
      </div>

      <header className={card}>
        <h2
          ref={headingRef}
          id="portal-project-title"
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
        >
          {project.name}
        </h2>
        <dl className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <Fact label="Project ID">
            <span className="font-mono break-all" data-testid="portal-project-id" data-keep-clear="">
              {project.id}
            </span>
          </Fact>
          <Fact label="Status">
            <StatusBadge status={project.status} />
          </Fact>
          <Fact label="Created">{formatPortalDate(project.created_at)}</Fact>
          <Fact label="Project type">{projectTypeLabel(project.project_type) ?? notGiven}</Fact>
          <Fact label="Budget range">{budgetLabel(project.budget_range) ?? notGiven}</Fact>
          <Fact label="Target completion">{formatPortalDate(project.target_completion) ?? notGiven}</Fact>
        </dl>
        {project.description ? (
          <div className="mt-6">
            <h3 className="text-sm font-semibold text-slate-700">Description</h3>
            <p className="mt-1 leading-7 whitespace-pre-line text-slate-900">{project.description}</p>
          </div>
        ) : null}
        {timeline || readiness ? (
          <div className="mt-6">
            <h3 className="text-sm font-semibold text-slate-700">From your request</h3>
            <dl className="mt-2 grid gap-5 sm:grid-cols-2">
              {timeline ? <Fact label="Timeline">{timeline}</Fact> : null}
              {readiness ? <Fact label="Readiness">{readiness}</Fact> : null}
            </dl>
          </div>
        ) : null}
      </header>

      <ReviewSlot key={project.id} status={project.status} projectId={project.id} portalToken={portalToken} />

      <BookCallCard
        title="Want to talk it over?"
        text={`Book a check-in with ${site.owner.firstName}: what's done, what's next, and anything you'd like changed.`}
        label="Book a check-in"
        to={bookPath(CHECK_IN_SLUG, { project: project.id })}
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="portal-team-title" className={card}>
          <h3 id="portal-team-title" className={sectionTitle}>
            Project team
          </h3>
          {project.contact_role ? (
            <p className="mt-2 text-slate-700">
              Your role:{" "}
              <strong className="font-semibold text-slate-900">{CONTACT_ROLE_LABELS[project.contact_role]}</strong>
              {project.is_primary ? " (primary contact)" : null}
            </p>
          ) : null}
          <ul className="mt-4 divide-y divide-slate-200">
            {project.all_contacts.map((contact) => (
              <li key={`${contact.name}-${contact.email}`} className="py-3 first:pt-0 last:pb-0">
                <p className="font-semibold text-slate-900">
                  {contact.name}
                  {isViewer(contact.email) ? (
                    <span className="ml-2 text-sm font-normal text-slate-600">(you)</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700">
                  {CONTACT_ROLE_LABELS[contact.role]}
                  {contact.is_primary ? " · Primary contact" : null}
                </p>
                {contact.email ? <p className="text-sm break-all text-slate-700">{contact.email}</p> : null}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="portal-milestones-title" className={card}>
          <h3 id="portal-milestones-title" className={sectionTitle}>
            Milestones
          </h3>
          {project.milestones.length ? (
            <ol className="mt-4 space-y-4">
              {project.milestones.map((milestone) => (
                <li key={milestone.id} className="rounded-xl bg-slate-50 p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-slate-900">{milestone.title}</p>
                    <MilestoneBadge status={milestone.status} />
                  </div>
                  {milestone.description ? (
                    <p className="mt-2 text-sm leading-6 text-slate-700">{milestone.description}</p>
                  ) : null}
                  {milestone.completed_date || milestone.due_date ? (
                    <p className="mt-2 text-sm text-slate-700">
                      {milestone.completed_date
                        ? `Completed ${formatPortalDate(milestone.completed_date)}`
                        : `Due ${formatPortalDate(milestone.due_date)}`}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-3 text-slate-700">No milestones yet: they appear here once the plan is set.</p>
          )}
        </section>
      </div>

      <section aria-labelledby="portal-updates-title" className={card}>
        <h3 id="portal-updates-title" className={sectionTitle}>
          Recent updates
        </h3>
        {project.updates.length ? (
          <ul className="mt-4 space-y-5">
            {project.updates.map((update) => (
              <li key={update.id} className="border-l-4 border-brand-300 pl-4">
                <p className="font-semibold text-slate-900">{update.title}</p>
                <p className="text-sm text-slate-600">
                  <time dateTime={update.created_at}>{formatPortalDate(update.created_at)}</time>
                </p>
                <p className="mt-2 leading-7 whitespace-pre-line text-slate-800">{update.content}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-700">No updates yet.</p>
        )}
      </section>

      {project.client_notes ? (
        <section aria-labelledby="portal-notes-title" className={`${cardShape} bg-brand-50`}>
          <h3 id="portal-notes-title" className={sectionTitle}>
            Notes for you
          </h3>
          <p className="mt-3 leading-7 whitespace-pre-line text-slate-900">{project.client_notes}</p>
        </section>
      ) : null}

      <BillingSlot projectId={project.id} portalToken={portalToken} onProjectChanged={refresh} />

      <ProjectChatSlot
        projectId={project.id}
        portalToken={portalToken}
        viewer={{ name: project.contact_name, email: project.contact_email }}
      />
    </article>
  );
}
