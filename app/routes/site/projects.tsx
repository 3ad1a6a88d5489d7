import { data, Link } from "react-router";
import type { Route } from "./+types/projects";
import { contentOf } from "~/lib/content/load-context";
import { toProjectCard, type ProjectCard } from "~/contracts/post-content";
import { pageMeta, type JsonLd } from "~/lib/seo";
import { absoluteUrl } from "~/lib/site-url";
import { buttonClass } from "~/components/ui/button";
import { PageHero } from "~/components/site/sections/page-hero";
import { SectionHeading } from "~/components/site/sections/section-heading";
import { CtaSection } from "~/components/site/sections/cta-section";
import { ProjectShowcaseCard } from "~/components/projects/project-card";
import { projectsCopy } from "~/components/projects/projects-copy";
import { caseStudyPath } from "~/components/projects/project-links";

/**
 * docs/product/portfolio-and-demos.md "Projects page": the portfolio page reads up to 100 published
 * portfolio posts.
 */
const PORTFOLIO_LIMIT = 100;

/**
 * /projects (docs/product/portfolio-and-demos.md "Projects page"). Server-rendered from published
 * portfolio posts and cached until posts change. A failed read is logged and shows the empty state
 * (docs/product/errors.md "Public site"), answered 503 so that page is never cached.
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const list = await contentOf(context).listPublished({ postType: "portfolio", limit: PORTFOLIO_LIMIT, offset: 0 });
    return data({ cards: list.posts.map(toProjectCard) });
  } catch (error) {
    console.error("Could not load the portfolio", error);
    return data({ cards: [] as ProjectCard[] }, { status: 503 });
  }
}

function collectionJsonLd(cards: ProjectCard[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: projectsCopy.metaTitle,
    url: absoluteUrl("/projects"),
    mainEntity: {
      "@type": "ItemList",
      numberOfItems: cards.length,
      itemListElement: cards.map((card, index) => ({
        "@type": "ListItem",
        position: index + 1,
        item: {
          "@type": "CreativeWork",
          name: card.title,
          url: absoluteUrl(caseStudyPath(card.id)),
          image: absoluteUrl(card.imageUrl),
          ...(card.summary ? { description: card.summary.slice(0, 300) } : {}),
        },
      })),
    },
  };
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  pageMeta({
    title: projectsCopy.metaTitle,
    description: projectsCopy.metaDescription,
    path: "/projects",
    jsonLd: [collectionJsonLd(loaded?.cards ?? [])],
  });

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { cards } = loaderData;
  const featured = cards.filter((card) => card.featured);
  const others = cards.filter((card) => !card.featured);

  return (
    <>
      <PageHero eyebrow={projectsCopy.eyebrow} title={projectsCopy.title} intro={<p>{projectsCopy.intro}</p>}>
        <Link to="/start-project" className={buttonClass.primary}>
          Start a Project
        </Link>
        <Link to="/demos" className={buttonClass.outline}>
          Try the Live Demos
        </Link>
      </PageHero>

      {cards.length === 0 ? (
        <ProjectsEmpty />
      ) : featured.length === 0 ? (
        <ProjectSection
          id="projects-all"
          title={projectsCopy.allTitle}
          intro={projectsCopy.allIntro}
          cards={others}
          eager
        />
      ) : (
        <>
          <ProjectSection
            id="projects-featured"
            title={projectsCopy.featuredTitle}
            intro={projectsCopy.featuredIntro}
            cards={featured}
            featured
            eager
          />
          {others.length ? (
            <ProjectSection
              id="projects-more"
              title={projectsCopy.moreTitle}
              intro={projectsCopy.moreIntro}
              cards={others}
              tone="tint"
            />
          ) : null}
        </>
      )}

      <CtaSection
        id="projects-cta"
        title={projectsCopy.ctaTitle}
        text={projectsCopy.ctaText}
        secondary={{ to: "/contact", label: "Ask a Question" }}
      />
    </>
  );
}

interface ProjectSectionProps {
  id: string;
  title: string;
  intro: string;
  cards: ProjectCard[];
  featured?: boolean;
  /** The page's first section: its first picture loads at once, at high priority. */
  eager?: boolean;
  tone?: "white" | "tint";
}

/** The picture widths of each layout, for `sizes` (max-w-7xl is 1280 px less 64 px of padding). */
const SIZES = {
  featured: "(min-width: 1280px) 395px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 100vw",
  grid: "(min-width: 1280px) 292px, (min-width: 1024px) 23vw, (min-width: 640px) 46vw, 100vw",
};

function ProjectSection({
  id,
  title,
  intro,
  cards,
  featured = false,
  eager = false,
  tone = "white",
}: ProjectSectionProps) {
  // Featured: large cards three to a row; with two columns and an odd count, the first one
  // takes its row, picture beside the text.
  const wideFirst = featured && cards.length % 2 === 1;
  return (
    <section aria-labelledby={id} className={`py-12 ${tone === "tint" ? "bg-slate-50" : "bg-white"}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={id} title={title} intro={intro} />
        <ul
          className={`mt-8 grid gap-6 ${featured ? "sm:grid-cols-2 lg:grid-cols-3" : "sm:grid-cols-2 lg:grid-cols-4"}`}
        >
          {cards.map((card, index) => {
            const wide = wideFirst && index === 0;
            return (
              <li key={card.id} className={wide ? "sm:col-span-2 lg:col-span-1" : undefined}>
                <ProjectShowcaseCard
                  card={card}
                  featured={featured}
                  wide={wide}
                  priority={eager && index === 0}
                  sizes={featured ? SIZES.featured : SIZES.grid}
                />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function ProjectsEmpty() {
  return (
    <section aria-labelledby="projects-empty" className="bg-white py-12 sm:py-16">
      <div className="mx-auto max-w-2xl rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
        <h2 id="projects-empty" className="text-2xl font-bold text-slate-900">
          {projectsCopy.emptyTitle}
        </h2>
        <p className="mt-3 leading-7 text-slate-700">{projectsCopy.emptyText}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/start-project" className={buttonClass.brand}>
            Start a Project
          </Link>
          <Link to="/contact" className={buttonClass.outline}>
            Contact Me
          </Link>
        </div>
      </div>
    </section>
  );
}
