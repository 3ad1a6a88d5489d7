import type { ReactNode } from "react";
import { Link } from "react-router";
import { emailHref, phoneHref, site } from "~/config/site";
import { contactCopy, contactFacts } from "~/content/contact-pages";
import { ChevronRightIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "~/components/ui/icons";

function Way({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative py-4 pl-14">
      <dt className="text-sm font-semibold text-slate-700">
        <span className="absolute top-4 left-0 inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 min-w-0 font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

const linkClass = "inline-block py-1 text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline";
const moreLinkClass =
  "mt-3 inline-flex items-center gap-1 py-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline";

/** The aside of /contact: phone, e-mail, hours, service area, and pointers to the booking page and the project form. */
export function ContactWays() {
  return (
    <aside aria-labelledby="contact-ways-title">
      <h2 id="contact-ways-title" className="text-xl font-bold text-slate-900">
        {contactCopy.waysTitle}
      </h2>
      <p className="mt-2 text-slate-700">{contactCopy.waysIntro}</p>
      <dl className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
        <Way icon={<PhoneIcon className="h-5 w-5" />} label="Phone">
          <a href={phoneHref} className={linkClass}>
            {site.phone.display}
          </a>
        </Way>
        <Way icon={<MailIcon className="h-5 w-5" />} label="E-mail">
          <a href={emailHref} className={`${linkClass} break-all`}>
            {site.email}
          </a>
        </Way>
        <Way icon={<ClockIcon className="h-5 w-5" />} label="Hours">
          {contactFacts.hours}
        </Way>
        <Way icon={<MapPinIcon className="h-5 w-5" />} label="Service area">
          <span className="font-normal text-slate-800">
            Based in {contactFacts.basedIn}. {contactFacts.serviceArea}.
          </span>
        </Way>
      </dl>
      <div className="mt-8 rounded-2xl bg-brand-50 p-5 sm:p-6">
        <h3 className="font-bold text-slate-900">Rather talk it through?</h3>
        <p className="mt-1 leading-7 text-slate-700">
          Pick a time for a free discovery call and {site.owner.firstName} calls you. No sales pitch, no obligation.
        </p>
        <Link to="/book/discovery-call" className={moreLinkClass}>
          Book a discovery call
          <ChevronRightIcon className="h-4 w-4" />
        </Link>
      </div>
      <div className="mt-4 rounded-2xl bg-brand-50 p-5 sm:p-6">
        <h3 className="font-bold text-slate-900">{contactCopy.projectTitle}</h3>
        <p className="mt-1 leading-7 text-slate-700">{contactCopy.projectText}</p>
        <Link to="/start-project" className={moreLinkClass}>
          {contactCopy.projectLink}
          <ChevronRightIcon className="h-4 w-4" />
        </Link>
      </div>
    </aside>
  );
}
