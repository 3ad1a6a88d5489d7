import { useEffect, useState, type ComponentType } from "react";
import { useLocation, useNavigate } from "react-router";
import { emailHref, phoneHref, site } from "~/config/site";
import {
  bookCopy,
  defaultTypeShell,
  howItHappens,
  locationLabel,
  typeCopy,
  type MeetingTypeShell,
} from "~/content/booking-pages";
import type { LocationKind } from "~/contracts/booking-terms";
import { PageHero } from "~/components/site/sections/page-hero";
import { CheckIcon, ClockIcon, MapPinIcon, MonitorIcon, PhoneIcon, type IconProps } from "~/components/ui/icons";
import { hasPersonalPrefill, readPrefill, withoutPersonalPrefill } from "./prefill";
import { SchedulerSlot } from "./scheduler-slot";
import { BOOKING_TITLE_ID } from "./scheduler-header";

const HOW_ICON: Record<LocationKind, ComponentType<IconProps>> = {
  phone: PhoneIcon,
  video: MonitorIcon,
  in_person: MapPinIcon,
};

function Fact({ icon: Icon, label, children }: { icon: ComponentType<IconProps>; label: string; children: string }) {
  return (
    <div className="relative min-w-0 pl-12">
      <dt className="text-sm font-semibold text-slate-900">
        <span className="absolute top-0.5 left-0 inline-flex h-9 w-9 items-center justify-center rounded-full bg-white text-brand-800 shadow-sm ring-1 ring-brand-100">
          <Icon className="h-5 w-5" />
        </span>
        {label}
      </dt>
      <dd className="text-base leading-6 text-slate-700">{children}</dd>
    </div>
  );
}

/** What the call is, how long, who calls whom and what it costs: in the heading's band, on every screen size. */
function TypeFacts({ type }: { type: MeetingTypeShell }) {
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-3">
      <Fact icon={ClockIcon} label="Length">{`${type.length_minutes} minutes`}</Fact>
      <Fact icon={HOW_ICON[type.location_kind]} label={locationLabel(type.location_kind)}>
        {howItHappens[type.location_kind]}
      </Fact>
      {type.audience === "public" ? (
        <Fact icon={CheckIcon} label="Cost">
          Free, and no obligation to go ahead
        </Fact>
      ) : (
        <Fact icon={CheckIcon} label="For">
          Clients, about a project in progress
        </Fact>
      )}
    </dl>
  );
}

const linkClass = "font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline";

/**
 * /book/{slug} (docs/product/bookings.md "The booking page"): the server renders the heading, what
 * the call is, its length and who calls whom (from the shipped meeting types until the API says
 * otherwise), and the ways to book without the calendar; the calendar and the form run in the
 * browser. What the address brings (`?name=&email=&phone=&about=&project=`) fills the form, and
 * the personal part of it leaves the address bar once read.
 */
export function BookPage({ slug }: { slug: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [prefill] = useState(() => readPrefill(location.search));
  const [live, setLive] = useState<MeetingTypeShell | null>(null);
  const type = live ?? defaultTypeShell(slug) ?? null;
  const copy = type
    ? typeCopy(type)
    : { eyebrow: "Free, no obligation", title: "Book a Call", intro: bookCopy.listIntro };

  useEffect(() => {
    if (!hasPersonalPrefill(location.search)) return;
    void navigate(
      { pathname: location.pathname, search: withoutPersonalPrefill(location.search), hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location.pathname, location.search, location.hash, navigate]);

  return (
    <>
      <PageHero
        eyebrow={copy.eyebrow}
        title={copy.title}
        intro={
          <>
            <p>{copy.intro}</p>
            {type ? <TypeFacts type={type} /> : null}
          </>
        }
      />
      <section aria-labelledby={BOOKING_TITLE_ID} className="bg-white pb-16 sm:pb-24">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-14 lg:px-8">
          <div className="min-w-0 rounded-3xl border border-slate-200 bg-white p-4 shadow-lg sm:p-8">
            <SchedulerSlot slug={slug} shell={defaultTypeShell(slug) ?? null} prefill={prefill} onType={setLive} />
          </div>
          <aside aria-labelledby="book-aside-title" className="lg:pt-2">
            {type?.audience === "client" ? (
              <h2 id="book-aside-title" className="text-xl font-bold text-slate-900">
                {bookCopy.otherWaysTitle}
              </h2>
            ) : (
              <>
                <h2 id="book-aside-title" className="text-xl font-bold text-slate-900">
                  {bookCopy.coverTitle}
                </h2>
                <ol className="mt-5 space-y-5">
                  {bookCopy.cover.map((point, index) => (
                    <li key={point.title} className="flex gap-4">
                      <span
                        aria-hidden="true"
                        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                      >
                        {index + 1}
                      </span>
                      <div>
                        <h3 className="font-semibold text-slate-900">{point.title}</h3>
                        <p className="mt-1 leading-7 text-slate-700">{point.text}</p>
                      </div>
                    </li>
                  ))}
                </ol>
                <h3 className="mt-8 font-bold text-slate-900">{bookCopy.otherWaysTitle}</h3>
              </>
            )}
            <p className="mt-2 leading-7 text-slate-700">
              Call{" "}
              <a href={phoneHref} className={`${linkClass} whitespace-nowrap`}>
                {site.phone.display}
              </a>{" "}
              during {site.hours.label}, or e-mail{" "}
              <a href={emailHref} className={`${linkClass} break-all`}>
                {site.email}
              </a>
              , and we'll find a time together.
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
