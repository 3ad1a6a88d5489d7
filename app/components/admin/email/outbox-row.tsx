import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, RotateCw } from "lucide-react";
import { toast } from "sonner";
import { adminApi, errorMessage } from "~/lib/admin/api-client";
import { OutboxEmailAnswerSchema, type OutboxEmail } from "~/lib/admin/email";
import { Badge } from "~/components/admin/ui/badge";
import { formatDateTime } from "~/components/admin/ui/format";
import { adminButton, type Tone } from "~/components/admin/ui/styles";
import { emailUsageQueryKey, outboxQueryKey } from "./queries";
import { EmailAddress } from "~/components/admin/ui/email-address";

export const OUTBOX_STATUS: Record<OutboxEmail["status"], { label: string; tone: Tone }> = {
  sent: { label: "Sent", tone: "green" },
  pending: { label: "Pending", tone: "blue" },
  held: { label: "Held", tone: "yellow" },
  failed: { label: "Failed", tone: "red" },
};

const KIND_LABELS: Record<string, string> = {
  admin_compose: "Composed in the admin",
  lead_notification: "New-lead notification",
  submission_confirmation: "Submission confirmation",
  chat_confirmation: "Chat confirmation",
};
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind.replaceAll("_", " ");

/** One message of the outbox: its facts, its text on demand, and Retry when it did not go out. */
export function OutboxRow({ email }: { email: OutboxEmail }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () =>
      adminApi(`/api/admin/emails/${email.id}/retry`, {
        schema: OutboxEmailAnswerSchema,
        method: "POST",
        fallbackError: "Failed to retry the email",
      }),
    onSuccess: ({ email: after }) => {
      if (after.status === "sent") toast.success(`Email to ${after.to_address} sent`);
      else toast.error(`Still not sent${after.last_error ? `: ${after.last_error}` : ""}`);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to retry the email")),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
        queryClient.invalidateQueries({ queryKey: emailUsageQueryKey }),
      ]),
  });
  const status = OUTBOX_STATUS[email.status] ?? { label: email.status, tone: "gray" as const };
  const canRetry = email.status === "held" || email.status === "failed";

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
            <div>
              <dt className="inline">Kind: </dt>
              <dd className="inline">{kindLabel(email.kind)}</dd>
            </div>
            <div>
              <dt className="inline">Attempts: </dt>
              <dd className="inline">{email.attempts}</dd>
            </div>
            <div>
              <dt className="inline">Created: </dt>
              <dd className="inline">
                <time dateTime={email.created_at}>{formatDateTime(email.created_at)}</time>
              </dd>
            </div>
            {email.sent_at && (
              <div>
                <dt className="inline">Sent: </dt>
                <dd className="inline">
                  <time dateTime={email.sent_at}>{formatDateTime(email.sent_at)}</time>
                </dd>
              </div>
            )}
          </dl>
          {email.last_error && (
            <p className="mt-2 rounded-md bg-red-50 px-2 py-1 text-xs break-words text-red-900">
              <span className="font-medium">Last error:</span> {email.last_error}
            </p>
          )}
        </div>
        <div className="-ml-2 flex shrink-0 flex-wrap gap-2 sm:ml-0">
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
          {canRetry && (
            <button
              type="button"
              className={adminButton.small}
              onClick={() => retry.mutate()}
              disabled={retry.isPending}
            >
              <RotateCw className={`size-4 ${retry.isPending ? "animate-spin" : ""}`} aria-hidden="true" />
              {retry.isPending ? "Retrying..." : "Retry"}
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
    </li>
  );
}
