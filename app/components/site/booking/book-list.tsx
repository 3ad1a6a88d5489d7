import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import {
  bookCopy,
  DEFAULT_TYPE_SHELLS,
  howItHappens,
  locationLabel,
  type MeetingTypeShell,
} from "~/content/booking-pages";
import { PageHero } from "~/components/site/sections/page-hero";
import { buttonClass } from "~/components/ui/button";
import { loadTypes } from "./booking-api";

const PUBLIC_DEFAULTS = DEFAULT_TYPE_SHELLS.filter((type) => type.audience === "public");

/**
 * /book (docs/product/bookings.md "The booking page"): the calls anyone may book. The server
 * renders the shipped ones; the browser asks the API, and when there is a single one it goes
 * straight to its calendar (keeping the query string, which may carry the visitor's details).
 */
export function BookList() {
  const location = useLocation();
  const navigate = useNavigate();
  const [types, setTypes] = useState<readonly MeetingTypeShell[]>(PUBLIC_DEFAULTS);

  useEffect(() => {
    const controller = new AbortController();
    loadTypes(controller.signal).then(
      (result) => {
        if (!result.ok || controller.signal.aborted) return;
        const open = result.data.types.filter((type) => type.audience === "public");
        if (open.length === 1)
          void navigate(`/book/${encodeURIComponent(open[0]!.slug)}${location.search}`, { replace: true });
        else setTypes(open);
      },
      () => {
        // Left for another page: nothing to do.
      },
    );
    return () => controller.abort();
  }, [navigate, location.search]);

  return (
    <>
      <PageHero eyebrow={bookCopy.listEyebrow} title={bookCopy.listTitle} intro={<p>{bookCopy.listIntro}</p>} />
      <section aria-labelledby="book-list-title" className="bg-white pb-16 sm:pb-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="book-list-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {bookCopy.listHeading}
          </h2>
          {types.length ? (
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {types.map((type) => (
                <li
                  key={type.slug}
                  className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  <h3 className="text-xl font-bold text-slate-900">{type.name}</h3>
                  <p className="mt-1 text-sm font-semibold text-brand-800">
                    {type.length_minutes} minutes · {locationLabel(type.location_kind)}
                  </p>
                  <p className="mt-3 leading-7 text-slate-700">{type.description}</p>
                  <p className="mt-2 text-sm leading-6 text-slate-700">{howItHappens[type.location_kind]}</p>
                  <div className="mt-auto pt-5">
                    <Link
                      to={`/book/${encodeURIComponent(type.slug)}${location.search}`}
                      className={`${buttonClass.brand} w-full sm:w-auto`}
                      aria-label={`${bookCopy.pickTime}: ${type.name}`}
                    >
                      {bookCopy.pickTime}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-6 max-w-2xl rounded-2xl bg-slate-50 p-5 leading-7 text-slate-800">{bookCopy.noTypes}</p>
          )}
        </div>
      </section>
    </>
  );
}
