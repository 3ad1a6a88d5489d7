import { Link } from "react-router";
import type { ProjectCard } from "~/contracts/post-content";
import { ChevronRightIcon, ExternalLinkIcon } from "~/components/ui/icons";
import { FallbackImage } from "~/components/projects/fallback-image";
import { webUrl } from "~/components/projects/project-links";

const cardClass = "flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm";

export function FeaturedProjectCard({ card }: { card: ProjectCard }) {
  const href = `/projects#${card.id}`;
  const live = webUrl(card.live);
  return (
    <article className={`group ${cardClass}`}>
      <Link to={href} className="m-3 mb-0 block overflow-hidden rounded-xl bg-slate-100" tabIndex={-1}>
        <FallbackImage
          src={card.imageUrl}
          alt={`${card.title} website preview`}
          width={640}
          height={400}
          sizes="(min-width: 1280px) 384px, (min-width: 640px) 50vw, 100vw"
          className="aspect-16/10 w-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col px-5 pb-4 pt-4">
        <h3 className="truncate text-lg font-bold leading-7 text-slate-900">{card.title}</h3>
        <p className="mt-1 line-clamp-3 h-18 text-sm leading-6 break-words text-slate-700">{card.summary}</p>
        <div className="mt-3 flex h-10 items-center justify-between gap-3 text-sm font-semibold">
          <Link to={href} className="inline-flex h-10 items-center gap-1 text-brand-700 hover:text-brand-900">
            Project details<span className="sr-only">: {card.title}</span>
            <ChevronRightIcon className="h-4 w-4" />
          </Link>
          {live ? (
            <a
              href={live}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-10 items-center gap-1.5 rounded-lg px-2 text-brand-700 hover:bg-brand-50 hover:text-brand-900"
            >
              Visit Site<span className="sr-only">: {card.title} (opens in a new tab)</span>
              <ExternalLinkIcon className="h-4 w-4" />
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** A tile with the exact footprint of a card, so no state shifts the layout. */
export function ProjectTileSkeleton({ pulse }: { pulse: boolean }) {
  return (
    <div aria-hidden="true" className={`${cardClass} ${pulse ? "animate-pulse" : "opacity-60"}`}>
      <div className="m-3 mb-0 aspect-16/10 rounded-xl bg-slate-200" />
      <div className="flex min-w-0 flex-1 flex-col px-5 pb-4 pt-4">
        <div className="flex h-7 items-center">
          <div className="h-4 w-1/2 rounded bg-slate-200" />
        </div>
        <div className="mt-1 flex h-18 flex-col justify-center gap-3">
          <div className="h-3 w-full rounded bg-slate-100" />
          <div className="h-3 w-11/12 rounded bg-slate-100" />
          <div className="h-3 w-2/3 rounded bg-slate-100" />
        </div>
        <div className="mt-3 flex h-10 items-center">
          <div className="h-3 w-24 rounded bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
