import { useRef } from "react";
import { Link } from "react-router";
import { CheckCircle2, MailWarning } from "lucide-react";
import { site } from "~/config/site";
import { count, useOutboxSummary } from "~/components/admin/ui/use-outbox-summary";
import { cardClass } from "~/components/admin/ui/styles";
import { useHashAnchor } from "./use-hash-anchor";
import { TestEmailForm } from "./test-email-form";

/** The anchor the admin's mail banner links to: /admin/settings#email. */
export const EMAIL_SECTION_ID = "email";

const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.8125rem] [overflow-wrap:anywhere] text-slate-900";
const link = "font-medium text-brand-800 underline underline-offset-2 hover:no-underline";

/** The set-up steps in plain words; README.md "E-mail" has the same. */
function SetUpSteps() {
  return (
    <ol className="grid list-decimal gap-2 pl-5 text-sm text-slate-800 marker:font-semibold">
      <li>
        From your e-mail provider, get its SMTP details: the server name, the port, a user name and a password (often an
        &ldquo;app password&rdquo; made for this).
      </li>
      <li>
        Set <code className={code}>SMTP_URL</code> where the site reads its settings (the{" "}
        <code className={code}>.env</code> file beside it, or your host&apos;s environment variables), like{" "}
        <code className={code}>smtp://user:password@smtp.example.com:587</code> (port 587) or{" "}
        <code className={code}>smtps://user:password@smtp.example.com:465</code> (port 465). A <code>@</code> or{" "}
        <code>:</code> inside the user name or password is written <code>%40</code> or <code>%3A</code>.
      </li>
      <li>
        Optionally set <code className={code}>MAIL_FROM</code>, the sender people see (by default{" "}
        <code className={code}>
          &quot;{site.brand}&quot; &lt;{site.email}&gt;
        </code>
        ): an address your provider lets you send from.
      </li>
      <li>Restart the site.</li>
      <li>
        Send a test e-mail below. Then open the outbox and press <strong>Send all held</strong>: held messages are never
        sent by themselves, and some may be days old.
      </li>
    </ol>
  );
}

/**
 * Settings, E-mail delivery: whether the site can send e-mail, how to set it up when it cannot,
 * and a test e-mail. Scrolled to when the address ends in #email (the banner's link), also when
 * the page's data arrived after the navigation.
 */
export function EmailDeliverySection({ ownerEmail }: { ownerEmail: string }) {
  const { data, isError } = useOutboxSummary();
  const ref = useRef<HTMLElement>(null);

  useHashAnchor(ref, EMAIL_SECTION_ID);

  return (
    <section
      ref={ref}
      id={EMAIL_SECTION_ID}
      aria-labelledby="email-delivery-title"
      data-testid="email-delivery"
      className={`${cardClass} grid scroll-mt-32 gap-5`}
    >
      <div>
        <h2 id="email-delivery-title" className="text-lg font-semibold text-slate-900">
          E-mail delivery
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          How the site sends its e-mail: new-lead notices to you, confirmations to visitors, client-portal sign-in links
          and what you compose.
        </p>
      </div>

      {!data ? (
        <p className="text-sm text-slate-700">
          {isError ? "Whether e-mail is set up could not be checked just now." : "Checking whether e-mail is set up..."}
        </p>
      ) : data.smtp_configured ? (
        <div className="flex gap-2 text-sm text-slate-800">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-semibold text-green-900">E-mail is set up.</p>
            <p className="mt-1">
              The site sends through the mail server in <code className={code}>SMTP_URL</code>; a failed try is repeated
              for 72 hours.{" "}
              {data.held + data.failed > 0 ? (
                <>
                  {data.held > 0 && `${count(data.held, "message is", "messages are")} still held. `}
                  {data.failed > 0 && `${count(data.failed, "e-mail", "e-mails")} failed. `}
                  <Link
                    to={data.held > 0 ? "/admin/emails?status=held" : "/admin/emails?status=failed"}
                    className={link}
                  >
                    Open the outbox
                  </Link>
                </>
              ) : (
                <Link to="/admin/emails" className={link}>
                  Open the outbox
                </Link>
              )}
            </p>
          </div>
        </div>
      ) : (
        <div className="grid gap-4">
          <div className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <MailWarning className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
            <p>
              <span className="font-semibold">E-mail is not set up:</span> no mail server is configured, so nothing
              leaves the site.{" "}
              {data.held > 0
                ? `${count(data.held, "message is", "messages are")} waiting in the outbox.`
                : "Messages will wait in the outbox."}
            </p>
          </div>
          <div>
            <h3 className="text-base font-semibold text-slate-900">How to set it up</h3>
            <div className="mt-2">
              <SetUpSteps />
            </div>
            <p className="mt-3 text-sm text-slate-600">
              The same steps are in the site&apos;s README.md, under &ldquo;E-mail&rdquo;.
            </p>
          </div>
        </div>
      )}

      {data?.smtp_configured && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-brand-800 hover:underline">How e-mail is set up</summary>
          <div className="mt-3">
            <SetUpSteps />
          </div>
        </details>
      )}

      <div className="border-t border-slate-200 pt-5">
        <TestEmailForm defaultTo={ownerEmail} />
      </div>
    </section>
  );
}
