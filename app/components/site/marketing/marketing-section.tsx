import type { ReactNode } from "react";
import { SectionHeading } from "~/components/site/sections/section-heading";

interface MarketingSectionProps {
  /** Id of the h2, which labels the section. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  /** Background band: white (default) or a light tint to separate neighbors. */
  tone?: "white" | "tint";
  center?: boolean;
  children: ReactNode;
}

/** One band of a marketing page: an h2 with its intro, then the content. */
export function MarketingSection({ id, title, intro, tone = "white", center, children }: MarketingSectionProps) {
  return (
    <section aria-labelledby={id} className={`${tone === "tint" ? "bg-slate-50" : "bg-white"} py-16 sm:py-20`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={id} title={title} intro={intro} center={center} />
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
