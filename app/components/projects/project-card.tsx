import type { ProjectCard } from "~/lib/content/posts";
import { ExternalLinkIcon } from "~/components/ui/icons";
import { TagChips } from "~/components/blog/tag-chips";
import { FallbackImage } from "./fallback-image";
import { PROJECT_CARD_TAGS } from "./projects-copy";
import { webUrl } from "./project-links";

/**
 * A portfolio card on /projects (public-site spec 3 "Project card", 2.6).
 * Its id is the slug, so /projects#{slug} (the home cards' link) lands on it.
 */
export function ProjectShowcaseCard({ card, featured = false }: { card: ProjectCard; featured?: boolean }) {
  const headingId = `${card.id}-title`;
  const live = webUrl(card.live);
  return (
    <article
      id={card.id}
      aria-labelledby={headingId}
      className={`group flex h-full scroll-mt-24 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition target:border-brand-400 target:ring-4 target:ring-brand-200 ${
        featured ? "lg:flex-row" : ""
      }`}
    >
      <div className={`overflow-hidden bg-slate-100 ${featured ? "lg:w-1/2 lg:shrink-0" : ""}`}>
        <FallbackImage
          src={card.imageUrl}
          alt={`${card.title} website preview`}
          width={640}
          height={400}
          className="aspect-16/10 h-full w-full object-cover"
        />
      </div>
      <div className={`flex flex-1 flex-col p-5 sm:p-6 ${featured ? "lg:p-8" : ""}`}>
        {featured ? (
          <p className="mb-3">
            <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-800 uppercase ring-1 ring-amber-200">
              Featured
            </span>
          </p>
        ) : null}
        <h3 id={headingId} className={`font-bold text-slate-900 ${featured ? "text-2xl" : "text-xl"}`}>
          {card.title}
        </h3>
        {card.description ? (
          <p className="mt-3 leading-7 whitespace-pre-line text-slate-700">{card.description}</p>
        ) : null}
        {card.tags.length ? (
          <div className="mt-4">
            <TagChips tags={card.tags} max={PROJECT_CARD_TAGS} label="Built with" />
          </div>
        ) : null}
        {live ? (
          <div className="mt-auto pt-5">
            <a
              href={live}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Live site<span className="sr-only">: {card.title} (opens in a new tab)</span>
              <ExternalLinkIcon className="h-4 w-4" />
            </a>
          </div>
        ) : null}
      </div>
    </article>
  );
}
