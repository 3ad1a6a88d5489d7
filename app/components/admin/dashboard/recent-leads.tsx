import { Link } from "react-router";
import { FileText } from "lucide-react";
import { CONTACT_STATUS_LABELS, scoreTone } from "~/lib/admin/contacts";
import type { Contact } from "~/contracts/contacts";
import type { ContactStatus } from "~/contracts/contact-terms";
import { Badge } from "~/components/admin/ui/badge";
import { formatDate } from "~/components/admin/ui/format";
import { cardClass, type Tone } from "~/components/admin/ui/styles";

const STATUS_TONE: Record<ContactStatus, Tone> = {
  new: "blue",
  submitted: "purple",
  contacted: "yellow",
  qualified: "orange",
  proposal: "blue",
  won: "green",
  lost: "red",
};

const scoreText = { green: "text-green-800", yellow: "text-yellow-800", gray: "text-slate-600" } as const;

/** The 5 newest leads (docs/product/dashboard.md "Recent Leads"). */
export function RecentLeads({ leads }: { leads: Contact[] }) {
  return (
    <section className={cardClass} aria-labelledby="recent-leads-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-leads-title" className="text-base font-semibold text-slate-900">
          Recent Leads
        </h2>
        <Link to="/admin/contacts" className="text-sm font-medium text-brand-800 underline-offset-2 hover:underline">
          View all
        </Link>
      </div>
      {leads.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 px-3 py-6 text-center text-sm text-slate-600">No contacts yet</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="recent-leads">
          {leads.map((lead) => (
            <LeadRow key={lead.id} lead={lead} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LeadRow({ lead }: { lead: Contact }) {
  const tone = scoreTone(lead.lead_score);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3" data-testid="recent-lead">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{lead.name}</span>
          {lead.submission_data && (
            <span title="Came in through the website form">
              <Badge tone="gray">
                <FileText className="mr-1 size-3" aria-hidden="true" />
                Form
              </Badge>
            </span>
          )}
        </p>
        {lead.email && <p className="truncate text-sm text-slate-600">{lead.email}</p>}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3 text-sm">
        <Badge tone={STATUS_TONE[lead.status] ?? "gray"}>{CONTACT_STATUS_LABELS[lead.status] ?? lead.status}</Badge>
        <span className="text-slate-600">
          Score <span className={`font-semibold ${scoreText[tone]}`}>{lead.lead_score}</span>
        </span>
        <time dateTime={lead.created_at} className="text-slate-600">
          {formatDate(lead.created_at)}
        </time>
      </div>
    </li>
  );
}
