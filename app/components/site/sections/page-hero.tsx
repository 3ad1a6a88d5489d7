import type { ReactNode } from "react";

interface PageHeroProps {
  /** Small line above the heading, e.g. 'Serving Newport, Rhode Island'. */
  eyebrow?: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  /** Buttons and links under the intro. */
  children?: ReactNode;
  /** Optional visual on the right on wide screens. */
  aside?: ReactNode;
}

/** The top band of an inner page: one h1, a short intro and its calls to action. */
export function PageHero({ eyebrow, title, intro, children, aside }: PageHeroProps) {
  return (
    <section className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[minmax(0,1fr)_auto] lg:px-8">
        <div className="max-w-3xl">
          {eyebrow ? (
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="mt-5 text-balance text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {title}
          </h1>
          {intro ? <div className="mt-5 text-lg leading-8 text-slate-700">{intro}</div> : null}
          {children ? (
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">{children}</div>
          ) : null}
        </div>
        {aside ? <div className="hidden lg:block">{aside}</div> : null}
      </div>
    </section>
  );
}
