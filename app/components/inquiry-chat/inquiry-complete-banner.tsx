import { Link } from "react-router";
import { emailHref, phoneHref, site } from "~/config/site";
import { inquiryCompleteCopy } from "~/content/chat-pages";
import { portalProjectPath } from "~/contracts/portal-terms";
import { CopyIdButton } from "~/components/site/start-project/copy-id-button";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon, MailIcon, PhoneIcon } from "~/components/ui/icons";

const linkClass =
  "inline-flex items-center gap-2 py-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline";

/**
 * docs/product/chat.md "The chat pages": after completion, 'Inquiry Complete' with the reply
 * promise (24-48 hours) and the e-mail and phone links; with the Project ID the inquiry became, and
 * the way to follow that project in the client portal.
 */
export function InquiryCompleteBanner({
  headingLevel = 2,
  projectId,
}: {
  headingLevel?: 2 | 3;
  projectId?: string | null;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-label={inquiryCompleteCopy.title}
      className="rounded-3xl border border-emerald-200 bg-emerald-50 p-4 sm:p-6"
      data-testid="inquiry-complete"
    >
      <div className="flex gap-3 sm:gap-4">
        <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white sm:h-10 sm:w-10">
          <CheckIcon className="h-5 w-5 sm:h-6 sm:w-6" />
        </span>
        <div className="min-w-0">
          <Heading className="text-xl font-bold text-slate-900">{inquiryCompleteCopy.title}</Heading>
          <p className="mt-1 leading-7 text-slate-800">{inquiryCompleteCopy.text}</p>
          {projectId ? (
            <div className="mt-4 rounded-2xl border border-emerald-300 bg-white p-4">
              <dl>
                <dt className="text-sm font-semibold tracking-wider text-emerald-900 uppercase">
                  {inquiryCompleteCopy.projectIdLabel}
                </dt>
                <dd className="mt-1 font-mono text-xl font-bold tracking-wide break-all text-slate-900">
                  <Link
                    to={portalProjectPath(projectId)}
                    data-testid="inquiry-project-id"
                    className="underline decoration-emerald-400 underline-offset-4 hover:text-brand-800"
                  >
                    {projectId}
                  </Link>
                </dd>
              </dl>
              <p className="mt-2 text-sm leading-6 text-slate-700">{inquiryCompleteCopy.projectIdNote}</p>
              <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
                <Link to={portalProjectPath(projectId)} className={buttonClass.brand}>
                  {inquiryCompleteCopy.portalLabel}
                </Link>
                <CopyIdButton value={projectId} />
              </div>
            </div>
          ) : null}
          <p className="mt-3 text-sm font-semibold text-slate-700">{inquiryCompleteCopy.contactLead}</p>
          <div className="mt-1 flex flex-col gap-x-6 sm:flex-row sm:flex-wrap">
            <a href={emailHref} className={`${linkClass} break-all`}>
              <MailIcon className="h-4 w-4 shrink-0" />
              {site.email}
            </a>
            <a href={phoneHref} className={linkClass}>
              <PhoneIcon className="h-4 w-4 shrink-0" />
              {site.phone.display}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
