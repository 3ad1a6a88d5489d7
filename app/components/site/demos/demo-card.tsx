import { DEMO_FILTER_LABELS, INDUSTRY_LABELS, type Demo } from "~/content/demos";
import { CheckIcon, ExternalLinkIcon } from "~/components/ui/icons";

const CATEGORY_BADGE: Record<Demo["category"], string> = {
  food: "bg-amber-100 text-amber-900",
  automotive: "bg-sky-100 text-sky-900",
  service: "bg-emerald-100 text-emerald-900",
};

interface DemoCardProps {
  demo: Demo;
  selected: boolean;
  onPreview: () => void;
}

/** One demo: what it is, what it shows, what it's built with, and its two ways in. */
export function DemoCard({ demo, selected, onPreview }: DemoCardProps) {
  const titleId = `demo-${demo.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-demo={demo.id}
      className={`flex h-full flex-col rounded-2xl border bg-white p-6 shadow-sm transition-shadow ${
        selected ? "border-brand-500 ring-2 ring-brand-500" : "border-slate-200 hover:shadow-md"
      }`}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
        <span data-testid="demo-category" className={`rounded-full px-2.5 py-1 ${CATEGORY_BADGE[demo.category]}`}>
          {DEMO_FILTER_LABELS[demo.category]}
        </span>
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
          <span className="sr-only">Industry: </span>
          {INDUSTRY_LABELS[demo.industry]}
        </span>
      </div>
      <h3 id={titleId} className="mt-4 text-xl font-bold text-slate-900">
        {demo.title}
      </h3>
      <p className="mt-2 leading-7 text-slate-700">{demo.description}</p>

      <h4 className="mt-5 text-sm font-bold uppercase tracking-wide text-slate-800">Features</h4>
      <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
        {demo.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
            {feature}
          </li>
        ))}
      </ul>

      <h4 className="mt-5 text-sm font-bold uppercase tracking-wide text-slate-800">Built with</h4>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Technologies used for ${demo.title}`}>
        {demo.techStack.map((tech) => (
          <li key={tech} className="rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-800">
            {tech}
          </li>
        ))}
      </ul>

      <div className="mt-auto flex flex-wrap gap-3 pt-6">
        <button
          type="button"
          onClick={onPreview}
          aria-pressed={selected}
          aria-label={`Show in viewer: ${demo.title}`}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Show in viewer
        </button>
        <a
          href={demo.url}
          target="_blank"
          rel="noopener"
          aria-label={`Live site: ${demo.title} (opens in a new tab)`}
          className="inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border-2 border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          Live site
          <ExternalLinkIcon className="h-4 w-4" />
        </a>
      </div>
    </article>
  );
}
