import { Link } from "react-router";
import { MailX } from "lucide-react";
import { count, useOutboxSummary } from "~/components/admin/ui/use-outbox-summary";

/**
 * The dashboard's count of e-mails that could not be delivered (given up after 72 hours of tries,
 * or refused for good): shown only while there are some. Held mail is the admin banner's to say.
 */
export function MailNotice() {
  const { data } = useOutboxSummary();
  if (!data || data.failed === 0) return null;
  return (
    <section
      aria-labelledby="mail-notice-title"
      data-testid="failed-emails-notice"
      className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950"
    >
      <MailX className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
      <div className="min-w-0">
        <h2 id="mail-notice-title" className="font-semibold">
          {count(data.failed, "e-mail", "e-mails")} failed
        </h2>
        <p className="mt-1 text-sm">
          {data.failed === 1 ? "It was" : "They were"} not delivered: the mail server refused{" "}
          {data.failed === 1 ? "it" : "them"}, or 72 hours of tries did not get through.
          {data.retrying > 0 && ` ${count(data.retrying, "more is", "more are")} still being tried.`}
        </p>
        <Link
          to="/admin/emails?status=failed"
          className="mt-2 inline-block text-sm font-semibold underline underline-offset-2 hover:no-underline"
        >
          Resend or discard them
        </Link>
      </div>
    </section>
  );
}
