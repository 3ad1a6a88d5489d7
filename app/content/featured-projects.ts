/**
 * Featured projects on the home page (public-site spec 2.3, 3 "Project card",
 * 4 "Featured projects"). The home section only knows `ProjectCard` and a
 * `load` function, so the in-repo list below can be swapped for the posts API
 * without touching the section's state logic.
 */
export interface ProjectCard {
  /** The project's slug; the card links to /projects#{id}. */
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  /** Live site URL, when the client's site is public. */
  live?: string;
  featured: boolean;
}

/** public-site spec 9: featured projects default limit 3 (home uses 3). */
export const FEATURED_PROJECTS_LIMIT = 3;

/** public-site spec 8: a failed image falls back to the placeholder. */
export const PROJECT_PLACEHOLDER_IMAGE = "/images/project-placeholder.svg";

/**
 * Featured cards first, then the rest, in their original order, up to `limit`.
 * When nothing is flagged featured this is simply the first `limit` cards.
 */
export function pickFeatured(cards: readonly ProjectCard[], limit = FEATURED_PROJECTS_LIMIT): ProjectCard[] {
  const featured = cards.filter((card) => card.featured);
  const others = cards.filter((card) => !card.featured);
  return [...featured, ...others].slice(0, Math.max(0, limit));
}

/** Portfolio entries shown until the posts API feeds this section. */
const PORTFOLIO: readonly ProjectCard[] = [
  {
    id: "sweet-fig-bakery",
    title: "Sweet Fig Bakery",
    description:
      "A warm, photo-forward site for a family bakery on Atwells Avenue in Federal Hill: the daily case of cannoli and sfogliatelle, holiday pre-orders for zeppole and pizzelle trays, and opening hours that the owners update from their phone.",
    imageUrl: "/images/projects/sweet-fig-bakery.svg",
    featured: true,
  },
  {
    id: "breakline-surf-school",
    title: "Breakline Surf School",
    description:
      "Lesson packages, a tide-and-swell friendly schedule and a simple booking request form for a surf school working Narragansett Town Beach all summer. Built to load fast on a phone in the parking lot with one bar of signal.",
    imageUrl: "/images/projects/breakline-surf-school.svg",
    featured: true,
  },
  {
    id: "blackstone-bright-cleaning",
    title: "Blackstone Bright Cleaning",
    description:
      "A quote-first site for a Pawtucket house-cleaning crew: clear recurring and move-out prices, the towns they cover from Central Falls to Cumberland, and reviews front and centre so new customers feel safe letting them in.",
    imageUrl: "/images/projects/blackstone-bright-cleaning.svg",
    featured: true,
  },
  {
    id: "rolling-quahog-food-truck",
    title: "The Rolling Quahog",
    description:
      "Stuffies, clam cakes and chowder on wheels out of Warwick. The weekly stop schedule sits right under the menu, so regulars can find the truck at Goddard Park or a brewery lot without digging through social media.",
    imageUrl: "/images/projects/rolling-quahog-food-truck.svg",
    featured: false,
  },
];

/** Resolves the portfolio cards (for now the typed list above). */
export function loadFeaturedProjects(): Promise<ProjectCard[]> {
  return Promise.resolve([...PORTFOLIO]);
}
