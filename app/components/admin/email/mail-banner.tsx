import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { AlertTriangle, MailWarning } from "lucide-react";
import { count, useOutboxSummary } from "../ui/use-outbox-summary";

const link =
  "font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current rounded-sm";

/**
 * The owner always knows when mail is not going out (docs/decisions/028-outbox.md): on every
 * admin screen while no mail server is set up, with how many messages wait and how to set one
 * up; once one is, a quieter line while some e-mails could not be delivered (the dashboard says
 * that in its own card, so not there). In the page's flow, under the header: it covers nothing.
 */
export function MailBanner() {
  const { data, error } = useOutboxSummary();
  const { pathname } = useLocation();

  useEffect(() => {
    if (error) console.warn("The e-mail summary could not be loaded:", error.message);
  }, [error]);

  if (!data) return null;

  if (!data.smtp_configured) {
    const waiting =
      data.held === 0 ? "no messages are waiting yet" : `${count(data.held, "message is", "messages are")} waiting`;
    return (
      <section
        aria-label="E-mail notice"
        data-testid="mail-banner"
        data-state="not-set-up"
        className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      >
        <MailWarning className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">E-mail is not set up: {waiting}</p>
          <p className="mt-1 text-sm">
            Nothing the site writes leaves it until a mail server is set: new-lead notices, visitors&apos; confirmations
            and client-portal sign-in links wait in the outbox.
          </p>
          <p className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {data.held > 0 && (
              <Link to="/admin/emails?status=held" className={link}>
                See the held messages
              </Link>
            )}
            <Link to="/admin/settings#email" className={link}>
              How to set it up
            </Link>
          </p>
        </div>
      </section>
    );
  }

  if (data.failed > 0 && pathname !== "/admin") {
    return (
      <section
        aria-label="E-mail notice"
        data-testid="mail-banner"
        data-state="failed"
        className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-white px-4 py-2.5 text-sm text-slate-800 ring-1 ring-slate-200"
      >
        <AlertTriangle className="size-4 shrink-0 text-red-700" aria-hidden="true" />
        <p>{count(data.failed, "e-mail", "e-mails")} could not be delivered.</p>
        <Link to="/admin/emails?status=failed" className={`${link} text-brand-800`}>
          Review the failed e-mails
        </Link>
      </section>
    );
  }

  return null;
}
