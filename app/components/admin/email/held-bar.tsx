import { useState } from "react";
import { Link } from "react-router";
import { Send } from "lucide-react";
import { errorMessage } from "~/lib/api/call";
import type { OutboxSummary } from "~/contracts/email";
import { Dialog } from "~/components/admin/ui/dialog";
import { adminButton, cardClass } from "~/components/admin/ui/styles";
import { useSendAllHeld } from "./use-outbox-actions";
import { count } from "../ui/use-outbox-summary";

/**
 * The top of the outbox: how many e-mails are held, Send all held (asked first: they may be days
 * old), and, while no mail server is set up, why nothing can be sent (`noSmtpNoteId` describes
 * every disabled send button of the page).
 */
export function HeldBar({ summary, noSmtpNoteId }: { summary: OutboxSummary; noSmtpNoteId: string }) {
  const [asking, setAsking] = useState<number | null>(null);
  const sendAll = useSendAllHeld();
  const { held, smtp_configured: configured } = summary;
  if (held === 0 && configured) return null;

  const close = () => {
    setAsking(null);
    sendAll.reset();
  };

  return (
    <section className={`${cardClass} grid gap-3`} aria-label="Held e-mails">
      {held > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 text-sm text-slate-800">
            <strong className="font-semibold text-slate-900">
              {count(held, "e-mail is held", "e-mails are held")}.
            </strong>{" "}
            {configured
              ? "They were written while e-mail was not set up and never go out by themselves: look them over, then send them."
              : "They go out only once e-mail is set up and you send them."}
          </p>
          <button
            type="button"
            className={`${adminButton.primary} shrink-0`}
            disabled={!configured}
            aria-describedby={configured ? undefined : noSmtpNoteId}
            onClick={() => setAsking(held)}
          >
            <Send className="size-4" aria-hidden="true" />
            Send all held ({held.toLocaleString("en-US")})
          </button>
        </div>
      )}
      {!configured && (
        <p id={noSmtpNoteId} className="text-sm text-slate-700">
          Sending needs a mail server: set <code className="font-mono text-[0.8125rem]">SMTP_URL</code> and restart the
          site.{" "}
          <Link
            to="/admin/settings#email"
            className="font-medium text-brand-800 underline underline-offset-2 hover:no-underline"
          >
            How to set up e-mail
          </Link>
        </p>
      )}
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open && !sendAll.isPending) close();
        }}
        title="Send all held e-mails?"
        description={`${count(asking ?? held, "e-mail goes", "e-mails go")} to the mail server now. They were written while e-mail was not set up, so some may be days old: a visitor may get a confirmation late. Sign-in links that have expired are dropped, not sent.`}
      >
        {sendAll.error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {errorMessage(sendAll.error, "Failed to send the held emails")}
          </p>
        ) : null}
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <button type="button" className={adminButton.secondary} onClick={close} disabled={sendAll.isPending}>
            Cancel
          </button>
          <button
            type="button"
            className={adminButton.primary}
            disabled={sendAll.isPending}
            onClick={() => sendAll.mutate(undefined, { onSuccess: () => setAsking(null) })}
          >
            <Send className="size-4" aria-hidden="true" />
            {sendAll.isPending ? "Sending..." : `Send ${count(asking ?? held, "e-mail", "e-mails")}`}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
