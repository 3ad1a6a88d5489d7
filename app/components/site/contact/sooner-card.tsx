import { phoneHref, site } from "~/config/site";
import { thankYouCopy } from "~/content/contact-pages";
import { ClockIcon, PhoneIcon } from "~/components/ui/icons";

/** Beside the thank-you heading on wide screens: the phone, for anything that can't wait. */
export function SoonerCard() {
  return (
    <div className="w-80 rounded-3xl bg-white p-7 shadow-xl ring-1 ring-brand-100">
      <p className="text-lg font-bold text-slate-900">{thankYouCopy.soonerTitle}</p>
      <p className="mt-2 leading-7 text-slate-700">{thankYouCopy.soonerText}</p>
      <a
        href={phoneHref}
        className="mt-4 inline-flex items-center gap-2 py-1 text-xl font-bold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
      >
        <PhoneIcon className="h-5 w-5" />
        {site.phone.display}
      </a>
      <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
        <ClockIcon className="h-4 w-4" />
        {site.hours.label}
      </p>
    </div>
  );
}
