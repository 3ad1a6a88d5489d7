import { Eye, MessageCircle } from "lucide-react";
import type { InquiryRecord } from "~/contracts/inquiries";
import { Badge } from "../ui/badge";
import { EmailAddress } from "../ui/email-address";
import { formatDate } from "../ui/format";
import { adminButton } from "../ui/styles";
import { RecordList } from "../ui/record-list";
import {
  budgetLabel,
  INQUIRY_STATUS_LABEL,
  INQUIRY_STATUS_TONE,
  inquiryWho,
  liveChatHref,
  projectTypeLabel,
  visitorName,
} from "./labels";

const small = adminButton.row;

const INQUIRY_COLUMNS = ["Contact", "Project", "Status", "Date", "Actions"] as const;

/**
 * The inquiries of one page (docs/product/inquiries.md "The list"): a table from the md breakpoint,
 * cards on a phone, each drawn once.
 */
export function InquiriesList({
  inquiries,
  onView,
}: {
  inquiries: InquiryRecord[];
  onView: (inquiry: InquiryRecord) => void;
}) {
  return (
    <RecordList
      items={inquiries}
      recordId={(inquiry) => inquiry.id}
      caption="Project inquiries"
      columns={INQUIRY_COLUMNS}
      minWidth="min-w-[720px]"
      row={(inquiry) => (
        <>
          <td className="px-4 py-3">
            <Contact inquiry={inquiry} />
          </td>
          <td className="px-4 py-3">
            <Project inquiry={inquiry} />
          </td>
          <td className="px-4 py-3">
            <Status inquiry={inquiry} />
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(inquiry.created_at)}</td>
          <td className="px-4 py-3">
            <Actions inquiry={inquiry} onView={onView} />
          </td>
        </>
      )}
      card={(inquiry) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <Contact inquiry={inquiry} />
            <Status inquiry={inquiry} />
          </div>
          <div className="mt-2 flex flex-wrap items-baseline gap-x-2 text-sm">
            <Project inquiry={inquiry} inline />
            <span aria-hidden="true" className="text-slate-400">
              ·
            </span>
            <span className="text-slate-700">{formatDate(inquiry.created_at)}</span>
          </div>
          <div className="mt-3">
            <Actions inquiry={inquiry} onView={onView} />
          </div>
        </>
      )}
    />
  );
}

function Contact({ inquiry }: { inquiry: InquiryRecord }) {
  return (
    <div className="min-w-0">
      <p className={`font-medium break-words ${inquiry.visitor_name ? "text-slate-900" : "text-slate-600 italic"}`}>
        {visitorName(inquiry)}
      </p>
      {inquiry.visitor_email && (
        <p className="text-sm text-slate-700">
          <EmailAddress email={inquiry.visitor_email} />
        </p>
      )}
    </div>
  );
}

function Project({ inquiry, inline }: { inquiry: InquiryRecord; inline?: boolean }) {
  const type = inquiry.project_type ? projectTypeLabel(inquiry.project_type) : "Type not given yet";
  const budget = inquiry.budget ? budgetLabel(inquiry.budget) : null;
  if (inline)
    return (
      <span className="text-slate-800">
        {type}
        {budget && <span className="text-slate-600"> ({budget})</span>}
      </span>
    );
  return (
    <div className="min-w-0">
      <p className="text-slate-900">{type}</p>
      {budget && <p className="text-xs text-slate-600">Budget {budget}</p>}
    </div>
  );
}

function Status({ inquiry }: { inquiry: InquiryRecord }) {
  return (
    <div className="flex shrink-0 flex-col items-start gap-1">
      <Badge tone={INQUIRY_STATUS_TONE[inquiry.status]}>{INQUIRY_STATUS_LABEL[inquiry.status]}</Badge>
      <span className="text-xs text-slate-600">{inquiry.completion_percentage}% answered</span>
    </div>
  );
}

function Actions({ inquiry, onView }: { inquiry: InquiryRecord; onView: (inquiry: InquiryRecord) => void }) {
  const who = <span className="sr-only"> inquiry from {inquiryWho(inquiry)}</span>;
  return (
    <div className="flex flex-wrap gap-1">
      <button type="button" className={small} onClick={() => onView(inquiry)}>
        <Eye className="size-3.5" aria-hidden="true" /> View
        {who}
      </button>
      <a href={liveChatHref(inquiry.id)} target="_blank" rel="noopener" className={small}>
        <MessageCircle className="size-3.5" aria-hidden="true" /> Live chat
        <span className="sr-only"> with {inquiryWho(inquiry)} (opens in a new tab)</span>
      </a>
    </div>
  );
}
