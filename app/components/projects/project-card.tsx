import { Link } from "react-router";
import type { ProjectCard } from "~/contracts/post-content";
import { ChevronRightIcon, ExternalLinkIcon } from "~/components/ui/icons";
import { TagChips } from "~/components/blog/tag-chips";
import { FallbackImage } from "./fallback-image";
import { PROJECT_CARD_TAGS } from "./projects-copy";
import { caseStudyPath, webUrl } from "./project-links";

interface ShowcaseCardProps {
  card: ProjectCard;
  /** A large card of the featured section; the others are the smaller cards of the grid. */
  featured?: boolean;
  /** A featured card across a two-column row (tablets): picture left, text right. */
  wide?: boolean;
  /** The first picture of the page: loaded at once, at high priority (it is the page's largest paint). */
  priority?: boolean;
  /** How wide the picture is shown, for its `srcset`. */
  sizes: string;
}

/**
 * A portfolio card on /projects (docs/product/portfolio-and-demos.md "Project card",
 * "Projects page"): the picture of the site at its true 16:10 shape, the title, a two-line summary,
 * the technologies (featured cards), the case study and the site. Its id is the slug, so
 * /projects#{slug} (the home cards' link) lands on it; the full write-up is on the case study's own
 * page.
 */
export function ProjectShowcaseCard({
  card,
  featured = false,
  wide = false,
  priority = false,
  sizes,
}: ShowcaseCardProps) {
  const headingId = `${card.id}-title`;
  const live = webUrl(card.live);
  const caseStudy = caseStudyPath(card.id);
  return (
    <article
      id={card.id}
      aria-labelledby={headingId}
      className={`group flex h-full scroll-mt-24 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition target:border-brand-400 target:ring-4 target:ring-brand-200 hover:shadow-md${wide ? " sm:flex-row lg:flex-col" : ""}`}
    >
      <Link
        to={caseStudy}
        tabIndex={-1}
        aria-hidden="true"
        className={`block overflow-hidden bg-slate-100 ${wide ? "sm:w-1/2 sm:shrink-0 sm:self-center lg:w-full" : ""}`}
      >
        <FallbackImage
          src={card.imageUrl}
          alt=""
          width={1600}
          height={1000}
          sizes={sizes}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          className="aspect-16/10 w-full object-cover transition duration-300 group-hover:scale-[1.02]"
        />
      </Link>
      <div
        className={`flex flex-1 flex-col ${featured ? "p-5 sm:p-6" : "p-4 sm:p-5"} ${wide ? "sm:justify-center lg:justify-start" : ""}`}
      >
        <h3 id={headingId} className={`font-bold text-slate-900 ${featured ? "text-xl sm:text-2xl" : "text-lg"}`}>
          <Link to={caseStudy} className="hover:text-brand-800 hover:underline">
            {card.title}
          </Link>
        </h3>
        {card.summary ? (
          <p className={`mt-2 line-clamp-2 text-slate-700 ${featured ? "leading-7" : "text-sm leading-6"}`}>
            {card.summary}
          </p>
        ) : null}
        {featured && card.tags.length ? (
          <div className="mt-4">
            <TagChips tags={card.tags} max={PROJECT_CARD_TAGS} label="Built with" />
          </div>
        ) : null}
        <div
          className={`flex flex-wrap items-center gap-x-3 gap-y-1 pt-4 text-sm font-semibold ${wide ? "mt-auto sm:mt-2 lg:mt-auto" : "mt-auto"}`}
        >
          <Link
            to={caseStudy}
            className={
              featured
                ? "inline-flex min-h-11 items-center gap-1 rounded-lg bg-brand-700 px-4 py-2 text-white hover:bg-brand-800"
                : "inline-flex min-h-11 items-center gap-1 text-brand-700 hover:text-brand-900 hover:underline"
            }
          >
            {featured ? "Read the case study" : "Case study"}
            <span className="sr-only">: {card.title}</span>
            <ChevronRightIcon className="h-4 w-4" />
          </Link>
          {live ? (
            <a
              href={live}
              target="_blank"
              rel="noopener noreferrer"
              className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg text-brand-700 hover:bg-brand-50 hover:text-brand-900 ${featured ? "px-2" : ""}`}
            >
              Visit the site<span className="sr-only">: {card.title} (opens in a new tab)</span>
              <ExternalLinkIcon className="h-4 w-4" />
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}
