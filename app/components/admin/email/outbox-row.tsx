import { useId, useState } from "react";
import { ChevronDown, ChevronRight, RotateCw, Send, Trash2 } from "lucide-react";
import type { OutboxEmail } from "~/contracts/email";
import { Badge } from "~/components/admin/ui/badge";
import { EmailAddress } from "~/components/admin/ui/email-address";
import { formatDateTime } from "~/components/admin/ui/format";
import { adminButton, type Tone } from "~/components/admin/ui/styles";
import { ConfirmDialog } from "~/components/admin/ui/confirm-dialog";
import { useDiscardOutboxEmail, useSendOutboxEmail } from "./use-outbox-actions";

export const OUTBOX_STATUS: Record<OutboxEmail["status"], { label: string; tone: Tone }> = {
  sent: { label: "Sent", tone: "green" },
  pending: { label: "Pending", tone: "blue" },
  sending: { label: "Sending", tone: "blue" },
  retrying: { label: "Retrying", tone: "orange" },
  held: { label: "Held", tone: "yellow" },
  failed: { label: "Failed", tone: "red" },
  dropped: { label: "Dropped", tone: "gray" },
  discarded: { label: "Discarded", tone: "gray" },
};

const KIND_LABELS: Record<string, string> = {
  admin_compose: "Composed in the admin",
  lead_notification: "New-lead notification",
  submission_confirmation: "Submission confirmation",
  chat_confirmation: "Chat confirmation",
};
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind.replaceAll("_", " ");

/** The owner's send button by status (held: Send, failed: Resend, retrying: Send now); none for the rest. */
const SEND_LABEL: Partial<Record<OutboxEmail["status"], string>> = {
  held: "Send",
  failed: "Resend",
  retrying: "Send now",
};
const DISCARDABLE: OutboxEmail["status"][] = ["held", "failed"];

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="inline">{label}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

const When = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

/**
 * One message of the outbox: its facts, its text on demand, why it did not go out, and what the
 * owner can do about it. `smtpConfigured` false disables Send, described by `noSmtpNoteId` (the
 * page's note on why).
 */
export function OutboxRow({
  email,
  smtpConfigured,
  noSmtpNoteId,
}: {
  email: OutboxEmail;
  smtpConfigured?: boolean;
  noSmtpNoteId?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const textId = useId();
  const send = useSendOutboxEmail(email);
  const discard = useDiscardOutboxEmail(email);
  const status = OUTBOX_STATUS[email.status] ?? { label: email.status, tone: "gray" as const };
  const sendLabel = SEND_LABEL[email.status];
  const sendBlocked = smtpConfigured === false;
  const errorTone = email.status === "failed" || email.status === "retrying" ? "red" : "gray";
  const waiting = email.status === "held" || email.status === "pending" || email.status === "retrying";

  return (
    <li className="py-4" data-testid="outbox-email" data-status={email.status}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0 sm:flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone={status.tone}>{status.label}</Badge>
            <span className="font-medium break-words text-slate-900">{email.subject || "(no subject)"}</span>
          </p>
          <p className="mt-1 text-sm text-slate-700">
            <span className="text-slate-600">To </span>
            <EmailAddress email={email.to_address} />
          </p>
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
            <Fact label="Kind">{kindLabel(email.kind)}</Fact>
            <Fact label="Attempts">{email.attempts}</Fact>
            <Fact label="Created">
              <When iso={email.created_at} />
            </Fact>
            {email.sent_at && (
              <Fact label="Sent">
                <When iso={email.sent_at} />
              </Fact>
            )}
            {email.status === "retrying" && email.next_attempt_at && (
              <Fact label="Next try">
                <When iso={email.next_attempt_at} />
              </Fact>
            )}
            {waiting && email.expires_at && (
              <Fact label="Useful until">
                <When iso={email.expires_at} />
              </Fact>
            )}
          </dl>
          {email.last_error && (
            <p
              className={`mt-2 rounded-md px-2 py-1 text-xs break-words ${
                errorTone === "red" ? "bg-red-50 text-red-900" : "bg-slate-100 text-slate-800"
              }`}
            >
              <span className="font-medium">{email.status === "dropped" ? "Why:" : "Last error:"}</span>{" "}
              {email.last_error}
            </p>
          )}
        </div>
        <div className="-ml-2 flex shrink-0 flex-wrap items-center gap-2 sm:ml-0 sm:justify-end">
          <button
            type="button"
            className={adminButton.small}
            aria-expanded={expanded}
            aria-controls={expanded ? textId : undefined}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? (
              <ChevronDown className="size-4" aria-hidden="true" />
            ) : (
              <ChevronRight className="size-4" aria-hidden="true" />
            )}
            {expanded ? "Hide text" : "Show text"}
            <span className="sr-only"> of the email to {email.to_address}</span>
          </button>
          {sendLabel && (
            <button
              type="button"
              className={adminButton.row}
              onClick={() => send.mutate()}
              disabled={send.isPending || sendBlocked}
              aria-describedby={sendBlocked ? noSmtpNoteId : undefined}
              title={sendBlocked ? "E-mail is not set up yet: see Settings, E-mail delivery" : undefined}
            >
              {email.status === "held" ? (
                <Send className="size-3.5" aria-hidden="true" />
              ) : (
                <RotateCw className={`size-3.5 ${send.isPending ? "animate-spin" : ""}`} aria-hidden="true" />
              )}
              {send.isPending ? "Sending..." : sendLabel}
              <span className="sr-only"> the email to {email.to_address}</span>
            </button>
          )}
          {DISCARDABLE.includes(email.status) && (
            <button type="button" className={adminButton.row} onClick={() => setConfirmDiscard(true)}>
              <Trash2 className="size-3.5" aria-hidden="true" />
              Discard
              <span className="sr-only"> the email to {email.to_address}</span>
            </button>
          )}
        </div>
      </div>
      {expanded && (
        <pre
          id={textId}
          className="mt-3 max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200"
        >
          {email.text}
        </pre>
      )}
      <ConfirmDialog
        open={confirmDiscard}
        title="Discard this e-mail?"
        question={`The e-mail to ${email.to_address} ("${email.subject || "no subject"}") will never be sent. It stays in the outbox as Discarded.`}
        confirmLabel="Discard"
        busyLabel="Discarding..."
        busy={discard.isPending}
        error={discard.error}
        fallbackError="Failed to discard the email"
        onConfirm={() => discard.mutate(undefined, { onSuccess: () => setConfirmDiscard(false) })}
        onClose={() => {
          setConfirmDiscard(false);
          discard.reset();
        }}
      />
    </li>
  );
}
