import { claimableSites } from "~/content/claimable-sites";
import { BUDGETS, READINESS, TIMELINES } from "~/contracts/form-options";
import { BUSINESS_TYPES, COMPANY_WORDS, flatNouns, PERSONAL_SITE_TYPES } from "./business";
import { momentOf, spreadOverDays, workingHour } from "./calendar";
import type { SeedContext } from "./context";
import { leadCtes } from "./contact-leads";
import type { SitePages } from "./pages";
import { SqlList, weighted } from "./sql";
import { assertNamesJoinUniquely, emailPart, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, STREETS, TOWNS } from "./words";

/**
 * The CRM's contacts (seed_contacts, then contacts): who they are, how they came, and whether
 * they became a project. The projects, chats, log and outbox are all drawn from this table,
 * so a chat lead has its chat, a project form lead its project and its two e-mails.
 */

/** Sources of docs/product/contacts.md "Lead sources" with their shares of a practice's leads. */
const SOURCES = weighted([
  ["website", 5],
  ["chat", 5.5],
  ["contact_page", 18],
  ["referral", 14],
  ["social", 10],
  ["networking", 8],
  ["cold_outreach", 12],
  ["manual", 12],
  ["claim", 1.5],
  ["json_import", 9],
  ["other", 5],
]);
/** The public forms write these sources; the owner types in the others. */
export const FORM_SOURCES = "('website', 'chat', 'contact_page', 'claim')";

const first = new SqlList(FIRST_NAMES);
const last = new SqlList(LAST_NAMES);
const firstEmail = new SqlList(FIRST_NAMES.map(emailPart));
const lastEmail = new SqlList(LAST_NAMES.map(emailPart));
/** Names are a bijection of the id: (id - 1) mod PAIRS, times a unit of that ring, names the pair. */
const PAIRS = FIRST_NAMES.length * LAST_NAMES.length;
const STRIDE = [7919, 7907, 7901, 7883].find((p) => gcd(p, PAIRS) === 1)!;

const types = weighted(
  BUSINESS_TYPES.map((t, i) => [i + 1, t.weight] as const),
  "int",
);
const typeLabel = new SqlList(BUSINESS_TYPES.map((t) => t.label));
const typeSite = new SqlList(BUSINESS_TYPES.map((t) => t.siteType));
const nouns = flatNouns();
const noun = new SqlList(nouns.nouns);
const nounFirst = new SqlList(nouns.first, "int");
const nounCount = new SqlList(nouns.counts, "int");
const words = new SqlList(COMPANY_WORDS);
const towns = weighted(
  TOWNS.map((t, i) => [i + 1, t[2]] as const),
  "int",
);
const townName = new SqlList(TOWNS.map((t) => t[0]));
const townZip = new SqlList(TOWNS.map((t) => t[1]));
const streets = new SqlList(STREETS);
const domains = weighted(EMAIL_DOMAINS);
const claims = new SqlList(claimableSites.map((s) => s.businessName));
const claimSites = new SqlList(claimableSites.map((s) => s.currentWebsiteUrl ?? ""));
const personalSites = weighted(PERSONAL_SITE_TYPES);
const budgets = weighted(BUDGETS.map((b, i) => [b.value, [10, 22, 28, 28, 12][i] ?? 10] as const));
const timelines = weighted(TIMELINES.map((t, i) => [t.value, [25, 20, 35, 20][i] ?? 20] as const));
const readiness = weighted(READINESS.map((o) => [o.value, o.value === "ready" ? 55 : 45] as const));

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Builds seed_contacts: `total` contacts from id `firstId` on, `projects` of them with a project. */
export async function planContacts(
  ctx: SeedContext,
  plan: { firstId: number; total: number; projects: number; pages: SitePages },
) {
  const { firstId, total, projects } = plan;
  assertNamesJoinUniquely();
  const r = (name: string) => ctx.r("id", name);
  const slug = `lower(regexp_replace(company, '[^A-Za-z0-9]+', '', 'g'))`;
  await ctx.exec(`create temp table seed_contacts on commit drop as
    with base as (
      select k as i, ${firstId} + k as id, ${momentOf(workingHour(ctx.r(`${firstId} + k`, "contact.hour")))} as created_at
      from ${spreadOverDays(total, "lead")} s
    ), draws as (
      select b.*, ((id - 1) % ${PAIRS}) * ${STRIDE} % ${PAIRS} as pair, (id - 1) / ${PAIRS} as dup,
        ${SOURCES.pick(r("contact.source"))} as source, ${types.pick(r("contact.type"))} as t,
        ${towns.pick(r("contact.town"))} as town_i, 1 + floor(${r("contact.claim")} * ${claims.size})::int as claim_i
      from base b
    ), named as (
      select d.*, ${first.at("1 + pair % " + first.size)} as first, ${last.at("1 + pair / " + first.size)} as last,
        ${firstEmail.at("1 + pair % " + first.size)} as first_e, ${lastEmail.at("1 + pair / " + first.size)} as last_e,
        ${townName.at("town_i")} as town, ${townZip.at("town_i")} as zip, ${typeLabel.at("t")} as type_label,
        ${noun.at(`${nounFirst.at("t")} + floor(${r("contact.noun")} * ${nounCount.at("t")})::int`)} as noun
      from draws d
    ), companies as (
      select n.*, case
        when source = 'claim' then ${claims.at("claim_i")}
        when source in ('chat', 'contact_page') then null
        when ${r("contact.company")} >= (case when source in ('json_import', 'networking', 'cold_outreach') then 0.85 else 0.62 end) then null
        else (case floor(${r("contact.pattern")} * 4)::int when 0 then last when 1 then town
          when 2 then ${words.pick(r("contact.word"))} else first || '''s' end) || ' ' || noun
        end as company
      from named n
    ), people as (
      select c.*, first || ' ' || last as name,
        case when source not in ${FORM_SOURCES} and ${r("contact.no_email")} < 0.06 then null
          else (case when ${r("contact.caps")} < 0.07 then initcap(first_e) || '.' || initcap(last_e)
            else first_e || (array['.', '.', '.', '_', ''])[1 + floor(${r("contact.sep")} * 5)::int] || last_e end)
            || (case when dup = 0 then '' else (dup + 1)::text end) || '@'
            || (case when company is not null and ${r("contact.own_domain")} < 0.5 then ${slug} || '.example'
              else ${domains.pick(r("contact.domain"))} end)
        end as email,
        case when source in ('chat', 'contact_page') or (source = 'website' and ${r("contact.phone")} < 0.3)
          or ${r("contact.phone")} < 0.15 then null
          else '(' || (case when ${r("contact.area")} < 0.92 then '401' else '508' end) || ') 555-'
            || lpad(floor(${r("contact.number")} * 10000)::text, 4, '0') end as phone,
        case when source not in ${FORM_SOURCES} and ${r("contact.address")} < 0.45
          then (10 + floor(${r("contact.house")} * 890))::text || ' ' || ${streets.pick(r("contact.street"))}
            || ', ' || town || ', RI ' || zip end as address,
        case when source = 'claim' then nullif(${claimSites.at("claim_i")}, '')
          when company is not null and source not in ${FORM_SOURCES} and ${r("contact.site")} < 0.3
          then 'https://www.' || ${slug} || '.example' end as website_url,
        case when source in ${FORM_SOURCES} and ${r("contact.typed")} < 0.7 then null else type_label end as business_type,
        case when company is null then (case when ${r("contact.st")} < 0.6 then ${personalSites.pick(r("contact.pst"))} else 'business' end)
          when ${r("contact.st")} < 0.8 then ${typeSite.at("t")} else ${personalSites.pick(r("contact.pst"))} end as site_type,
        ${budgets.pick(r("contact.budget"))} as budget, ${timelines.pick(r("contact.timeline"))} as timeline,
        ${readiness.pick(r("contact.ready"))} as readiness
      from companies c
    ), chosen as (
      -- every project form and chat lead has its project (the app makes it); the rest go to the owner's clients
      select p.*, row_number() over (order by case when source in ('website', 'chat') then 0 else 1 end,
        ${r("contact.project")}) <= ${projects} as has_project
      from people p
    ), ${leadCtes(ctx, plan.pages)}
    select id, i, created_at, updated_at, first, last, name, email, phone, company, address, business_type, website_url,
      case when address is not null and ${r("contact.maps")} < 0.25 then 'https://maps.google.com/?q='
        || replace(coalesce(company, name) || ' ' || town || ' RI', ' ', '+') end as google_maps_url,
      town, type_label, t, src as source, site_type, budget, timeline, readiness, initial_message, lead_score, status,
      landing_page, referrer, utm_source, utm_medium, utm_campaign, has_project, p_created, pstatus, project_id, inquiry_id
    from final`);
}

/** Writes seed_contacts into contacts (with the ids reserved for them). */
export async function insertContacts(ctx: SeedContext): Promise<number> {
  const { rowCount } = await ctx.exec(`insert into contacts (id, name, email, phone, company, address, business_type,
      google_maps_url, website_url, source, initial_message, status, lead_score, submission_data, landing_page, referrer,
      utm_source, utm_medium, utm_campaign, visit_counted, created_at, updated_at)
    select id, name, email, phone, company, address, business_type, google_maps_url, website_url, source,
      initial_message, status, lead_score,
      -- the project form's answers (server/api/intake: submission_data)
      case when source = 'website' then jsonb_build_object('site_type', site_type, 'budget', budget,
        'timeline', timeline, 'readiness', readiness) end,
      landing_page, referrer, utm_source, utm_medium, utm_campaign,
      -- one site lead in ten came from a visitor who had not accepted analytics
      case when landing_page is not null then i % 10 <> 0 end, created_at, updated_at
    from seed_contacts order by id`);
  return rowCount ?? 0;
}
