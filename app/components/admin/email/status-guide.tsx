import { Info } from "lucide-react";
import { Badge } from "~/components/admin/ui/badge";
import { OUTBOX_STATUS } from "./outbox-row";

/** What each status means, as the sender behaves (server/services/mail.ts, docs/decisions/028-outbox.md). */
const MEANINGS = [
  [
    "held",
    "Written while e-mail was not set up. Never sent by itself: once e-mail works, send it (or all held) or discard it.",
  ],
  [
    "retrying",
    "A try failed. The site tries again by itself, waiting a little longer each time (up to an hour), for 72 hours. Send now tries at once.",
  ],
  [
    "failed",
    "Given up: 72 hours of tries failed, or the mail server refused it for good. It waits for you: resend or discard it.",
  ],
  ["pending", "Just written; it goes out within moments."],
  ["sent", "The mail server took it."],
  [
    "dropped",
    "No longer useful before it could go out (a 30-minute portal sign-in link, say): not sent. The note says why.",
  ],
  ["discarded", "You chose not to send it."],
] as const;

/** The outbox's key: the statuses in the owner's words; the sentence above it says what needs them. */
export function StatusGuide() {
  return (
    <section
      aria-labelledby="outbox-guide-title"
      className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0">
        <h2 id="outbox-guide-title" className="font-semibold text-slate-900">
          What the statuses mean
        </h2>
        <p className="mt-1">
          Held e-mails are never sent by themselves; retrying ones are tried again for 72 hours; failed ones need you.
        </p>
        <details className="group mt-2">
          <summary className="cursor-pointer font-medium text-brand-800 hover:underline">Every status</summary>
          <dl className="mt-2 grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-4">
            {MEANINGS.map(([status, meaning]) => (
              <div key={status} className="contents">
                <dt>
                  <Badge tone={OUTBOX_STATUS[status].tone}>{OUTBOX_STATUS[status].label}</Badge>
                </dt>
                <dd className="text-slate-700">{meaning}</dd>
              </div>
            ))}
          </dl>
        </details>
      </div>
    </section>
  );
}
