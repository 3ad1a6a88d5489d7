import { site } from "~/config/site";

/**
 * The absolute origin used for canonicals, Open Graph and sitemaps. The build
 * bakes SITE_URL in (vite.config.ts defines VITE_SITE_URL), so prerendered
 * pages carry the same origin as the running server; without it the
 * production host is used.
 */
const fromBuild: string | undefined = import.meta.env?.VITE_SITE_URL;
export const siteUrl: string = (fromBuild || site.productionUrl).replace(/\/+$/, "");

export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${siteUrl}${path.startsWith("/") ? path : `/${path}`}`;
}
