import { emailHref, phoneHref, site } from "~/config/site";
import { inquiryCompleteCopy } from "~/content/chat-pages";
import { CheckIcon, MailIcon, PhoneIcon } from "~/components/ui/icons";

const linkClass =
  "inline-flex items-center gap-2 py-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline";

/**
 * public-site spec 2.11: after completion, 'Inquiry Complete' with the reply
 * promise (24-48 hours) and the e-mail and phone links.
 */
export function InquiryCompleteBanner({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
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
