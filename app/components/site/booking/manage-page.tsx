import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { emailHref, phoneHref, site } from "~/config/site";
import { PageHero } from "~/components/site/sections/page-hero";
import { useHydrated } from "./use-hydrated";
import type { ManageAction, ManageViewProps } from "./manage-view";

const COPY: Record<ManageAction, { eyebrow: string; title: string; intro: string }> = {
  reschedule: {
    eyebrow: `Your call with ${site.owner.firstName}`,
    title: "Move Your Call",
    intro:
      "Pick a new time below. The old one is freed for someone else, and an updated calendar invitation follows by e-mail.",
  },
  cancel: {
    eyebrow: `Your call with ${site.owner.firstName}`,
    title: "Cancel Your Call",
    intro:
      "Plans change, no explanation needed. If another time would suit you better, you can move the call instead from the link in your e-mail.",
  },
};

const loadView = () =>
  import("./manage-view").then(
    (m) => ({ default: m.ManageView as ComponentType<ManageViewProps> }),
    () => ({ default: LoadFailed as ComponentType<ManageViewProps> }),
  );
const ManageView = /* @__PURE__ */ lazy(loadView);

function Loading() {
  return (
    <div className="flex min-h-48 items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6">
      <p role="status" className="text-slate-700">
        Loading your call…
      </p>
      <noscript>
        <p className="mt-4 text-amber-900">
          This page needs JavaScript. E-mail {site.email} or call {site.phone.display} and {site.owner.firstName} will
          change the call for you.
        </p>
      </noscript>
    </div>
  );
}

function LoadFailed() {
  return (
    <p role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-slate-800">
      This page could not load. Check your connection, then reload it, or e-mail {site.email} or call{" "}
      {site.phone.display}.
    </p>
  );
}

const linkClass = "font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline";

/**
 * /book/reschedule/{token} and /book/cancel/{token} (docs/product/bookings.md "Links"): the links of
 * a booking's e-mails. The server renders the heading; the booking itself is read in the browser
 * (the token is the only key, and a page per token is not worth keeping).
 */
export function ManagePage({ action, token }: { action: ManageAction; token: string }) {
  const hydrated = useHydrated();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => void loadView(), []);
  const copy = COPY[action];
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} title={copy.title} intro={<p>{copy.intro}</p>} />
      <section aria-label={copy.title} className="bg-white pb-16 sm:pb-24">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-14 lg:px-8">
          <div className="min-w-0 rounded-3xl border border-slate-200 bg-white p-4 shadow-lg sm:p-8">
            {hydrated ? (
              <Suspense fallback={<Loading />}>
                <ManageView key={attempt} action={action} token={token} onRetry={() => setAttempt((n) => n + 1)} />
              </Suspense>
            ) : (
              <Loading />
            )}
          </div>
          <aside aria-labelledby="manage-aside-title" className="lg:pt-2">
            <h2 id="manage-aside-title" className="text-xl font-bold text-slate-900">
              Rather sort it out directly?
            </h2>
            <p className="mt-2 leading-7 text-slate-700">
              Call{" "}
              <a href={phoneHref} className={`${linkClass} whitespace-nowrap`}>
                {site.phone.display}
              </a>{" "}
              during {site.hours.label}, or e-mail{" "}
              <a href={emailHref} className={`${linkClass} break-all`}>
                {site.email}
              </a>
              .
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
