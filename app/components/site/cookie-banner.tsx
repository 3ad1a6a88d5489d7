import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { readConsent, storeConsent, subscribeToConsent } from "~/lib/consent";

/** public-site spec 2.1 and 4: shown while no consent is stored, gone after any choice. */
export function CookieBanner() {
  // Hidden in the server render; after hydration, shown while no choice is stored.
  const visible = useSyncExternalStore(
    subscribeToConsent,
    () => readConsent() === null,
    () => false,
  );
  if (!visible) return null;

  const choose = (analytics: boolean) => storeConsent(analytics);

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-[0_-8px_30px_rgba(15,61,94,0.12)] sm:inset-x-auto sm:bottom-4 sm:left-4 sm:max-w-md sm:rounded-xl sm:border"
    >
      <h2 className="text-base font-semibold text-slate-900">Cookies on this site</h2>
      <p className="mt-1 text-sm leading-6 text-slate-700">
        Necessary storage keeps the site working (your chat and this choice). With your OK, I also count visits to see
        which pages help people. No advertising, ever.{" "}
        <Link to="/cookie-policy" className="font-medium text-brand-700 underline underline-offset-2">
          Cookie policy
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => choose(true)}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Accept All
        </button>
        <button
          type="button"
          onClick={() => choose(false)}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Necessary Only
        </button>
      </div>
    </section>
  );
}
