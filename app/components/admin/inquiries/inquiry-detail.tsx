import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { ArrowLeft, FolderKanban, MessageCircle, RefreshCw, UserRound } from "lucide-react";
import type { InquiryRecord } from "~/contracts/inquiries";
import { InlineLoading } from "~/components/admin/ui/loading";
import { Badge } from "../ui/badge";
import { EmailAddress } from "../ui/email-address";
import { formatDateTime } from "../ui/format";
import { adminButton, cardClass } from "../ui/styles";
import { inquiryLoadError } from "./api";
import { Conversation } from "./conversation";
import {
  budgetLabel,
  contactHref,
  INQUIRY_STATUS_LABEL,
  INQUIRY_STATUS_TONE,
  liveChatHref,
  projectHref,
  projectTypeLabel,
  timelineLabel,
  visitorName,
} from "./labels";
import { ReplyForm } from "./reply-form";
import { useLiveInquiry } from "./use-live-inquiry";

const linkButton =
  "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className={`${adminButton.secondary} w-fit`} onClick={onBack}>
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to List
    </button>
  );
}

/**
 * One inquiry (docs/product/inquiries.md "The detail view"): its status, progress and answers, the
 * start and completion times, links to the lead and the project it became, and the conversation,
 * live, with the owner's reply box. Mounted once per inquiry (keyed by its id).
 */
export function InquiryDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const headingId = useId();
  const { chat, messages, addMessage } = useLiveInquiry(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const inquiry = chat.data?.inquiry;
  // Opening an inquiry moves the reader to it.
  const focused = useRef(false);
  useEffect(() => {
    if (!inquiry || focused.current) return;
    focused.current = true;
    heading.current?.focus();
  }, [inquiry]);

  if (chat.isPending)
    return (
      <div className="grid gap-4">
        <BackButton onBack={onBack} />
        <InlineLoading label="Loading inquiry..." />
      </div>
    );
  if (!inquiry)
    return (
      <div className="grid gap-4">
        <BackButton onBack={onBack} />
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
          <p className="font-medium">{inquiryLoadError(chat.error)}</p>
          <p className="mt-1 font-mono text-sm break-all">ID: {id}</p>
          <button
            type="button"
            className={`${adminButton.secondary} mt-3`}
            onClick={() => void chat.refetch()}
            disabled={chat.isFetching}
          >
            <RefreshCw className={`size-4 ${chat.isFetching ? "animate-spin" : ""}`} aria-hidden="true" /> Retry
          </button>
        </div>
      </div>
    );

  return (
    <article aria-labelledby={headingId} className="grid gap-4" data-inquiry-id={id}>
      <BackButton onBack={onBack} />
      <header className={`${cardClass} grid gap-3`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2
              id={headingId}
              ref={heading}
              tabIndex={-1}
              className="text-xl font-bold break-words text-slate-900 focus:outline-none"
            >
              {visitorName(inquiry)}
            </h2>
            <p className="mt-1 text-xs text-slate-600">
              Inquiry ID <code className="font-mono break-all text-slate-800">{inquiry.id}</code>
            </p>
          </div>
          <Badge tone={INQUIRY_STATUS_TONE[inquiry.status]}>{INQUIRY_STATUS_LABEL[inquiry.status]}</Badge>
        </div>
        <Progress value={inquiry.completion_percentage} />
        <LinkedRecords inquiry={inquiry} />
        {chat.isError && (
          <p role="alert" className="text-sm text-red-800">
            {inquiryLoadError(chat.error)} It shows what was loaded last.
          </p>
        )}
      </header>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <section aria-label="Answers" className={cardClass}>
          <Answers inquiry={inquiry} />
        </section>
        <section aria-labelledby={`${headingId}-conversation`} className={`${cardClass} grid min-w-0 gap-4`}>
          <h3 id={`${headingId}-conversation`} className="text-base font-semibold text-slate-900">
            Conversation ({messages.length})
          </h3>
          <Conversation messages={messages} labelledBy={`${headingId}-conversation`} />
          <ReplyForm inquiryId={inquiry.id} visitor={inquiry.visitor_name} onSent={addMessage} />
        </section>
      </div>
    </article>
  );
}

function Progress({ value }: { value: number }) {
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium text-slate-800">Progress</span>
        <span className="text-slate-700" data-testid="inquiry-progress">
          {value}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, value)}%` }} />
      </div>
    </div>
  );
}

/** The live chat, and the lead and project a completed inquiry became, in their own screens. */
function LinkedRecords({ inquiry }: { inquiry: InquiryRecord }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a href={liveChatHref(inquiry.id)} target="_blank" rel="noopener" className={linkButton}>
        <MessageCircle className="size-4" aria-hidden="true" /> Open live chat
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      {inquiry.contact_id !== null && (
        <Link to={contactHref(inquiry.contact_id)} className={linkButton}>
          <UserRound className="size-4" aria-hidden="true" /> Open contact
        </Link>
      )}
      {inquiry.project_id !== null && (
        <Link to={projectHref(inquiry.project_id)} className={linkButton}>
          <FolderKanban className="size-4" aria-hidden="true" /> Open project {inquiry.project_id}
        </Link>
      )}
      {inquiry.contact_id === null && inquiry.project_id === null && (
        <p className="text-sm text-slate-600">The lead and its project are made when the visitor finishes the chat.</p>
      )}
    </div>
  );
}

function Answers({ inquiry }: { inquiry: InquiryRecord }) {
  const notYet = (
    <span key="not-given" className="text-slate-500 italic">
      Not given
    </span>
  );
  const rows: [string, React.ReactNode][] = [
    ["Name", inquiry.visitor_name || notYet],
    ["Email", inquiry.visitor_email ? <EmailAddress key="email" email={inquiry.visitor_email} /> : notYet],
    ["Project type", inquiry.project_type ? projectTypeLabel(inquiry.project_type) : notYet],
    ["Budget", inquiry.budget ? budgetLabel(inquiry.budget) : notYet],
    ["Timeline", inquiry.timeline ? timelineLabel(inquiry.timeline) : notYet],
    ["Description", inquiry.description || notYet],
    ["Additional info", inquiry.additional_info || notYet],
    ["Started", formatDateTime(inquiry.created_at)],
    ["Completed", inquiry.completed_at ? formatDateTime(inquiry.completed_at) : <span key="not-yet">Not yet</span>],
  ];
  return (
    <dl className="grid gap-3 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-0.5 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-3">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="break-words whitespace-pre-wrap text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
