import { useSyncExternalStore } from "react";
import { readConsent, storeConsent, subscribeToConsent } from "~/lib/consent";

const describe = (analytics: boolean | null) =>
  analytics === null
    ? "You haven't chosen yet."
    : analytics
      ? "Your choice: Accept All (analytics on)."
      : "Your choice: Necessary Only (analytics off).";

/** Lets a visitor see and change the stored cookie choice (cookie policy page). */
export function ConsentSettings() {
  const analytics = useSyncExternalStore(
    subscribeToConsent,
    () => readConsent()?.analytics ?? null,
    () => null,
  );
  return (
    <section
      aria-labelledby="consent-settings"
      className="mt-10 rounded-2xl border border-slate-200 bg-brand-50/60 p-6"
    >
      <h2 id="consent-settings" className="text-xl font-bold text-slate-900">
        Your cookie choice
      </h2>
      <p className="mt-2 text-slate-700" role="status">
        {describe(analytics)}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => storeConsent(true)}
          className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Accept All
        </button>
        <button
          type="button"
          onClick={() => storeConsent(false)}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Necessary Only
        </button>
      </div>
    </section>
  );
}
