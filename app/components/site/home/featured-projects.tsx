import { useMemo } from "react";
import { Link } from "react-router";
import type { ProjectCard } from "~/contracts/post-content";
import { ChevronRightIcon } from "~/components/ui/icons";
import { FeaturedProjectCard, ProjectTileSkeleton } from "./project-card";
import { FEATURED_PROJECTS_LIMIT, featuredCards } from "./featured-source";
import { useTransitionStore } from "~/lib/transition-store";
import { portfolioSnapshot, serverPortfolioSnapshot, subscribePortfolio } from "./featured-store";

/** docs/product/portfolio-and-demos.md "Featured projects": loading, then loaded, error or empty. */
export type FeaturedProjectsState =
  { status: "loading" } | { status: "error"; message: string } | { status: "loaded"; cards: ProjectCard[] };

export interface FeaturedProjectsProps {
  limit?: number;
}

const gridClass = "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3";

export function FeaturedProjects({ limit = FEATURED_PROJECTS_LIMIT }: FeaturedProjectsProps) {
  // Loading on the prerendered page and during hydration, in the cards' footprint; then cache or API,
  // rendered in a transition (useTransitionStore) rather than in one synchronous render.
  const portfolio = useTransitionStore(subscribePortfolio, portfolioSnapshot, serverPortfolioSnapshot);
  const state = useMemo<FeaturedProjectsState>(
    () =>
      portfolio.status === "loaded" ? { status: "loaded", cards: featuredCards(portfolio.posts, limit) } : portfolio,
    [portfolio, limit],
  );

  return (
    <section aria-labelledby="featured-projects-title" className="bg-white pb-16 pt-10 sm:pb-20 sm:pt-12">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <div className="max-w-2xl">
            <h2 id="featured-projects-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Featured Projects
            </h2>
            <p className="mt-3 text-lg text-slate-700">
              A few recent sites for Rhode Island businesses, from Atwells Avenue to the beach in Narragansett.
            </p>
          </div>
          <Link
            to="/projects"
            className="inline-flex shrink-0 items-center justify-center gap-1 self-start rounded-lg border-2 border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50 sm:self-auto"
          >
            View All Projects
            <ChevronRightIcon className="h-4 w-4" />
          </Link>
        </div>
        <div className="relative mt-10" aria-live="polite" aria-busy={state.status === "loading"}>
          <FeaturedProjectsBody state={state} limit={limit} />
        </div>
      </div>
    </section>
  );
}

/** Every state fills the same grid footprint, so the page never shifts. */
export function FeaturedProjectsBody({ state, limit }: { state: FeaturedProjectsState; limit: number }) {
  if (state.status === "loaded" && state.cards.length > 0) {
    return (
      <ul className={gridClass}>
        {state.cards.map((card) => (
          <li key={card.id}>
            <FeaturedProjectCard card={card} />
          </li>
        ))}
      </ul>
    );
  }

  const tiles = Array.from({ length: Math.max(1, limit) }, (_, index) => (
    <ProjectTileSkeleton key={index} pulse={state.status === "loading"} />
  ));

  return (
    <>
      <div className={gridClass}>{tiles}</div>
      <div className="absolute inset-0 flex items-start justify-center pt-16 sm:items-center sm:pt-0">
        <StatusPanel state={state} />
      </div>
    </>
  );
}

function StatusPanel({ state }: { state: FeaturedProjectsState }) {
  if (state.status === "loading") {
    return (
      <p className="rounded-full bg-white/95 px-5 py-2.5 font-semibold text-slate-800 shadow-md ring-1 ring-slate-200">
        Loading Featured Projects...
      </p>
    );
  }
  const error = state.status === "error";
  return (
    <div
      role={error ? "alert" : undefined}
      className="mx-4 max-w-md rounded-2xl bg-white px-6 py-6 text-center shadow-lg ring-1 ring-slate-200"
    >
      <h3 className="text-xl font-bold text-slate-900">{error ? "Error Loading Projects" : "No Projects Found"}</h3>
      <p className="mt-2 text-slate-700">
        {error ? state.message : "Fresh projects are being written up right now. Check back soon, or start yours."}
      </p>
      <Link
        to={error ? "/projects" : "/start-project"}
        className="mt-4 inline-flex py-1 font-semibold text-brand-700 hover:text-brand-900"
      >
        {error ? "Browse the portfolio" : "Start a Project"}
      </Link>
    </div>
  );
}
