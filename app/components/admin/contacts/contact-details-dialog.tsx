import { Link } from "react-router";
import { FolderPlus } from "lucide-react";
import type { Contact, ContactDetail } from "~/contracts/contacts";
import { errorMessage } from "~/lib/api/call";
import { InlineLoading } from "~/components/admin/ui/loading";
import { Badge } from "../ui/badge";
import { Dialog } from "../ui/dialog";
import { formatDateTime } from "../ui/format";
import { adminButton } from "../ui/styles";
import { useContactDetail } from "./api";
import { CommunicationItem } from "./communication-item";
import { openProjectHref, projectHref } from "./row-actions";
import { ProjectStatusBadge } from "../ui/project-status-badge";
import { scoreTone, sourceLabel, STATUS_TONE, statusLabel, submissionLabels } from "./labels";
import { EmailAddress } from "~/components/admin/ui/email-address";
import { CallsBlock } from "~/components/admin/bookings";

/**
 * Contact details (docs/product/contacts.md "Contact details"): every field, the calls booked,
 * the form's answers, attribution and the 3 latest communications.
 */
export function ContactDetailsDialog({
  contact,
  onOpenChange,
  onOpenLog,
}: {
  /** The contact to show; a link to it (the new-lead e-mail's) may know only its id. */
  contact: (Pick<Contact, "id"> & Partial<Pick<Contact, "name">>) | null;
  onOpenChange: (open: boolean) => void;
  onOpenLog: (contact: Contact) => void;
}) {
  return (
    <Dialog
      open={contact !== null}
      onOpenChange={onOpenChange}
      title="Contact Details"
      description={contact?.name}
      wide
    >
      {contact && <DetailsBody id={contact.id} onOpenLog={onOpenLog} />}
    </Dialog>
  );
}

function DetailsBody({ id, onOpenLog }: { id: number; onOpenLog: (contact: Contact) => void }) {
  const detail = useContactDetail(id);
  if (detail.isPending) return <InlineLoading label="Loading contact..." />;
  if (detail.isError)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{errorMessage(detail.error, "Failed to fetch contact details")}</p>
        <button type="button" className={`${adminButton.secondary} mt-3`} onClick={() => void detail.refetch()}>
          Retry
        </button>
      </div>
    );
  return <Details contact={detail.data} onOpenLog={onOpenLog} />;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">
        {children || <span className="text-slate-500">Not given</span>}
      </dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-slate-200 pt-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

const safeHref = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

function ExternalValue({ url }: { url: string | null }) {
  const href = safeHref(url);
  if (!url) return null;
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-brand-800 underline">
      {url}
    </a>
  ) : (
    <>{url}</>
  );
}

function Details({ contact, onOpenLog }: { contact: ContactDetail; onOpenLog: (contact: Contact) => void }) {
  const more = Math.max(0, contact.communication_count - contact.recent_communications.length);
  const attribution = [
    ["Landing page", contact.landing_page],
    ["Referrer", contact.referrer],
    ["UTM source", contact.utm_source],
    ["UTM medium", contact.utm_medium],
    ["UTM campaign", contact.utm_campaign],
  ] as const;
  const hasAttribution = attribution.some(([, v]) => v);

  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Row label="Name">{contact.name}</Row>
        <Row label="Email">
          {contact.email && (
            <a className="text-brand-800 underline" href={`mailto:${contact.email}`}>
              <EmailAddress email={contact.email} />
            </a>
          )}
        </Row>
        <Row label="Phone">
          {contact.phone && (
            <a className="text-brand-800 underline" href={`tel:${contact.phone}`}>
              {contact.phone}
            </a>
          )}
        </Row>
        <Row label="Company">{contact.company}</Row>
        <Row label="Address">{contact.address}</Row>
        <Row label="Business type">{contact.business_type}</Row>
        <Row label="Website">{contact.website_url && <ExternalValue url={contact.website_url} />}</Row>
        <Row label="Google Maps">{contact.google_maps_url && <ExternalValue url={contact.google_maps_url} />}</Row>
        <Row label="Status">
          <Badge tone={STATUS_TONE[contact.status]}>{statusLabel(contact.status)}</Badge>
        </Row>
        <Row label="Lead score">
          <Badge tone={scoreTone(contact.lead_score)}>{contact.lead_score}</Badge>
        </Row>
        <Row label="Source">{sourceLabel(contact.source)}</Row>
        <Row label="Created">{formatDateTime(contact.created_at)}</Row>
      </dl>

      <div className="border-t border-slate-200 pt-4">
        <CallsBlock owner={{ contactId: contact.id }} />
      </div>

      <Section title={`Projects (${contact.projects.length})`}>
        {contact.projects.length === 0 ? (
          <p className="text-sm text-slate-600">No project yet.</p>
        ) : (
          <ul className="grid gap-2">
            {contact.projects.map((project) => (
              <li key={project.id} className="flex flex-wrap items-center gap-2 text-sm">
                <Link to={openProjectHref(project.id)} className="font-medium text-brand-800 underline">
                  {project.name}
                </Link>
                <span className="font-mono text-xs text-slate-600">{project.id}</span>
                <ProjectStatusBadge status={project.status} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3">
          <Link to={projectHref(contact)} className={adminButton.secondary}>
            <FolderPlus className="size-4" aria-hidden="true" />
            {contact.projects.length === 0 ? "Create project" : "New project"}
          </Link>
        </div>
      </Section>

      {contact.submission_data && (
        <Section title="Website submission">
          <dl className="grid gap-3 sm:grid-cols-2">
            {submissionLabels(contact.submission_data).map((item) => (
              <Row key={item.label} label={item.label}>
                {item.value}
              </Row>
            ))}
          </dl>
        </Section>
      )}

      {hasAttribution && (
        <Section title="Attribution">
          <dl className="grid gap-3 sm:grid-cols-2">
            {attribution.map(([label, value]) => (
              <Row key={label} label={label}>
                {value}
              </Row>
            ))}
          </dl>
        </Section>
      )}

      <Section title="Initial message">
        <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
          {contact.initial_message || <span className="text-slate-500">No message</span>}
        </p>
      </Section>

      <Section title={`Communications (${contact.communication_count})`}>
        {contact.recent_communications.length === 0 ? (
          <p className="text-sm text-slate-600">No communications logged yet.</p>
        ) : (
          <ul className="grid gap-2">
            {contact.recent_communications.map((item) => (
              <CommunicationItem key={item.id} item={item} />
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {more > 0 && <p className="text-sm text-slate-700">+ {more} more</p>}
          <button type="button" className={adminButton.secondary} onClick={() => onOpenLog(contact)}>
            Open communication log
          </button>
        </div>
      </Section>
    </div>
  );
}
