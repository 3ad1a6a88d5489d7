/**
 * Referrer spam: sites that send fake visits so that their address shows up in the owner's list
 * of referrers, hoping to be visited (docs/decisions/033-analytics-flood.md). A pageview whose
 * referrer is one of these hosts, or a subdomain of one, is not counted.
 *
 * Kept here rather than taken from a package: no maintained copy of a community list (Matomo's
 * referrer-spam-list is published for PHP's Composer only) installs from the npm registry. These
 * are the long-lived offenders of those lists; a newcomer the owner meets is excluded from the
 * reports with one click on the analytics screen, and added here when it keeps coming.
 * Lowercase, without "www.", one host per entry.
 */
export const REFERRER_SPAM_HOSTS: readonly string[] = [
  "100dollars-seo.com",
  "4webmasters.org",
  "7makemoneyonline.com",
  "best-seo-offer.com",
  "best-seo-solution.com",
  "blackhatworth.com",
  "buttons-for-website.com",
  "buttons-for-your-website.com",
  "cenoval.ru",
  "darodar.com",
  "econom.co",
  "event-tracking.com",
  "fbdownloader.com",
  "floating-share-buttons.com",
  "free-floating-buttons.com",
  "free-social-buttons.com",
  "get-free-traffic-now.com",
  "googlsucks.com",
  "hulfingtonpost.com",
  "ilovevitaly.co",
  "ilovevitaly.com",
  "ilovevitaly.ru",
  "kambasoft.com",
  "o-o-6-o-o.com",
  "o-o-8-o-o.com",
  "priceg.com",
  "rank-checker.online",
  "ranksonic.info",
  "savetubevideo.com",
  "semalt.com",
  "simple-share-buttons.com",
  "site-auditor.online",
  "social-buttons.com",
  "srecorder.com",
  "success-seo.com",
  "traffic2money.com",
  "trafficmonetize.org",
  "videos-for-your-business.com",
  "webmonetizer.net",
];
