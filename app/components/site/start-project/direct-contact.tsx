import { emailHref, phoneHref, site } from "~/config/site";
import { startProjectCopy } from "~/content/contact-pages";
import { MailIcon, PhoneIcon } from "~/components/ui/icons";

const linkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-brand-800 hover:border-brand-400 hover:bg-brand-50";

/** Below the form (docs/product/lead-paths.md "Start a project"): the direct e-mail and phone links. */
export function DirectContact() {
  return (
    <div className="mt-6 rounded-2xl bg-slate-50 p-5 sm:p-6">
      <h3 className="font-bold text-slate-900">{startProjectCopy.directTitle}</h3>
      <p className="mt-1 text-slate-700">{startProjectCopy.directText}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a href={emailHref} className={`${linkClass} break-all`}>
          <MailIcon className="h-5 w-5 shrink-0" />
          {site.email}
        </a>
        <a href={phoneHref} className={linkClass}>
          <PhoneIcon className="h-5 w-5 shrink-0" />
          {site.phone.display}
        </a>
      </div>
    </div>
  );
}
