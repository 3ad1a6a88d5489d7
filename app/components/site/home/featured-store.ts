import { fetchPortfolio, isStale, readFeaturedCache, writeFeaturedCache, type PortfolioPost } from "./featured-source";

/**
 * The home page's portfolio list as a small browser store, read with useSyncExternalStore: the
 * prerendered HTML and hydration see "loading", the first subscription shows a valid cache at once
 * and fetches when there is none or it is older than 10 minutes
 * (docs/product/portfolio-and-demos.md "Featured projects").
 */
export type PortfolioSnapshot =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "loaded"; posts: PortfolioPost[]; savedAt: number };

const LOADING: PortfolioSnapshot = { status: "loading" };
let snapshot: PortfolioSnapshot = LOADING;
let inflight = false;
const listeners = new Set<() => void>();

const set = (next: PortfolioSnapshot) => {
  snapshot = next;
  for (const listener of listeners) listener();
};

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : String(error || "Something went wrong");

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked by the browser's privacy settings
  }
}

function refresh() {
  if (inflight) return;
  inflight = true;
  const storage = browserStorage();
  fetchPortfolio()
    .then(
      (posts) => {
        const savedAt = Date.now();
        writeFeaturedCache(storage, posts, savedAt);
        set({ status: "loaded", posts, savedAt });
      },
      (error: unknown) => {
        // A failed background refresh keeps the cards already on screen.
        if (snapshot.status === "loaded") console.warn("Could not refresh the featured projects", error);
        else set({ status: "error", message: errorMessage(error) });
      },
    )
    .finally(() => {
      inflight = false;
    });
}

function start() {
  if (snapshot.status !== "loaded") {
    const cached = readFeaturedCache(browserStorage());
    if (cached) snapshot = { status: "loaded", posts: cached.posts, savedAt: cached.savedAt };
    else if (snapshot.status === "error") snapshot = LOADING; // a new visit to home tries again
  }
  if (snapshot.status !== "loaded" || isStale(snapshot)) refresh();
}

export function subscribePortfolio(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) start();
  return () => void listeners.delete(listener);
}

export const portfolioSnapshot = () => snapshot;
export const serverPortfolioSnapshot = () => LOADING;
