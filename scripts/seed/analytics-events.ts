import { site } from "~/config/site";
import { claimableSites } from "~/content/claimable-sites";
import { lit, SqlList } from "./sql";

/**
 * The event a pageview may fire, with the fields the pages send (app/lib/analytics.ts and its
 * callers; the server drops project_id, docs/decisions/024-analytics.md): the project form on
 * /start-project, a claim on /claim-your-website, the guided chat on /chat, and the phone and
 * e-mail links and the chat widget on any page. A rare client error too.
 */

/** The chat widget's topics (app/components/chat-widget/assistant-rules.ts) and its two others. */
const TOPICS = new SqlList([
  "pricing",
  "timeline",
  "hosting",
  "services",
  "seo",
  "mobile",
  "updates",
  "ecommerce",
  "location",
  "getting_started",
  "project_start",
  "fallback",
]);
const ERRORS = new SqlList(["Failed to fetch", "Load failed", "NetworkError when attempting to fetch resource."]);
const ERROR_CONTEXTS = new SqlList([
  "project form submit",
  "chat: send message",
  "client portal lookup",
  "contact form submit",
]);
const claimNames = new SqlList(claimableSites.map((s) => s.businessName));
const claimCategories = new SqlList(claimableSites.map((s) => s.category));
const claimUrls = new SqlList(claimableSites.map((s) => `${site.productionUrl}${s.websiteUrl}`));

/** [name, rate, on which path ('' for any)], tried in order against one draw per pageview. */
const EVENTS: readonly (readonly [string, number, string])[] = [
  // leads counted with consent only: fewer than the leads of the CRM
  ["project_submission", 0.008, "/start-project"],
  ["claim", 0.015, "/claim-your-website"],
  ["chat_inquiry_started", 0.4, "/chat"],
  ["chat_inquiry_completed", 0.03, "/chat"],
  ["phone_click", 0.012, ""],
  ["email_click", 0.006, ""],
  ["chat_open", 0.014, ""],
  ["chat_message", 0.008, ""],
  ["error", 0.0002, ""],
];

/** `name` and `props` of the event of a pageview at `path`, for draws `u` and `r` in [0, 1); null for none. */
export function pageEvent(path: string, u: string, r: string): string {
  let cumulative = { any: 0, page: new Map<string, number>() };
  const name = EVENTS.map(([event, rate, on]) => {
    if (on) {
      const upTo = (cumulative.page.get(on) ?? 0) + rate;
      cumulative.page.set(on, upTo);
      return `when ${path} = ${lit(on)} and ${u} < ${upTo} then ${lit(event)}`;
    }
    // Site-wide events take the draws above the page's own (which are at most 0.5).
    cumulative = { ...cumulative, any: cumulative.any + rate };
    return `when ${u} >= 0.5 and ${u} < ${0.5 + cumulative.any} then ${lit(event)}`;
  });
  const link = (href: string) => `jsonb_build_object('link_url', ${lit(href)}, 'page_path', ${path})`;
  const props = `case event_name
    when 'project_submission' then '{"form_completed": true}'::jsonb
    when 'claim' then jsonb_build_object('business_name', ${claimNames.pick(r)}, 'category', ${claimCategories.pick(r)},
      'website_url', ${claimUrls.pick(r)})
    when 'phone_click' then ${link(`tel:${site.phone.e164}`)}
    when 'email_click' then ${link(`mailto:${site.email}`)}
    when 'chat_open' then jsonb_build_object('page_path', ${path})
    when 'chat_message' then jsonb_build_object('topic', ${TOPICS.pick(r)})
    when 'error' then jsonb_build_object('message', ${ERRORS.pick(r)}, 'context', ${ERROR_CONTEXTS.pick(r)})
    end`;
  return `event_name, ${props} as props from (select case ${name.join(" ")} end as event_name) e`;
}
