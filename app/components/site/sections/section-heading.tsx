import type { ReactNode } from "react";

interface SectionHeadingProps {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  center?: boolean;
}

/** The h2 and intro that open a page section; `id` labels the section (aria-labelledby). */
export function SectionHeading({ id, title, intro, center }: SectionHeadingProps) {
  return (
    <div className={center ? "mx-auto max-w-2xl text-center" : "max-w-3xl"}>
      <h2 id={id} className="text-balance text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-lg leading-8 text-slate-700">{intro}</p> : null}
    </div>
  );
}
