import { lazy, Suspense, type ComponentType } from "react";

const LOAD_FAILED = "This part of the page could not load. Check your connection, then reload the page.";

/**
 * A part of a page that only shows after the visitor does something (a confirmation, a chosen
 * record), in a chunk of its own: it stays out of the page's first load and is fetched when
 * needed, or earlier with `preload()`. A failed fetch shows what to do instead of breaking the page.
 */
export function lazyView<P extends Record<string, any>>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Failed: ComponentType<P> = () => (
    <p role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-slate-800">
      {LOAD_FAILED}
    </p>
  );
  const Lazy = lazy(() =>
    preload().then(
      (View) => ({ default: View }),
      () => ({ default: Failed }),
    ),
  );
  function LazyView(props: P) {
    return (
      <Suspense
        fallback={
          <p role="status" className="p-6 text-slate-600">
            Loading…
          </p>
        }
      >
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyView, { preload });
}
