import { site } from "~/config/site";
import { siteUrl } from "~/lib/site-url";
import { ANALYTICS_HOSTS_META } from "~/contracts/analytics-terms";

/**
 * docs/product/consent-and-analytics.md "What is counted": visits are counted only on the
 * production host: the site's own address (SITE_URL at build, app/lib/site-url.ts, or the
 * production host), plus the hosts the server names in the page (ANALYTICS_HOSTS: a staging server,
 * the browser journeys' server). A copy of the site served elsewhere (a developer's preview) counts
 * nothing.
 */
export function countsVisits(host = window.location.host): boolean {
  const own = [site.productionHost, `www.${site.productionHost}`, new URL(siteUrl).host];
  const named = document.querySelector<HTMLMetaElement>(`meta[name="${ANALYTICS_HOSTS_META}"]`)?.content ?? "";
  return [...own, ...named.split(",")].some((allowed) => allowed.trim().toLowerCase() === host.toLowerCase());
}
