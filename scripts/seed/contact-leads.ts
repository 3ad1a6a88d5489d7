import { site } from "~/config/site";
import { claimableSites } from "~/content/claimable-sites";
import { PROJECT_ID_ALPHABET } from "../../server/services/projects/project-id";
import { BUSINESS_TYPES, industryPathOf } from "./business";
import type { SeedContext } from "./context";
import { CLAIM_VERIFICATIONS, CLOSERS, DETAILS, NEEDS, OPENERS } from "./lead-texts";
import { channels, type SitePages } from "./pages";
import { base64urlId, fill, lit, SqlList } from "./sql";

/**
 * The second half of seed_contacts (after contacts.ts has named everyone): each lead's project
 * and its stage by age, the contact's status that follows from it, what the lead wrote, its
 * score by the app's rules (server/services/intake/lead-score.ts), and the visit it came from.
 */

const openers = new SqlList(OPENERS.map((o) => o.replaceAll("Tyler", site.owner.firstName)));
const plainOpeners = new SqlList(OPENERS.filter((o) => !o.includes("{company}")));
const needs = new SqlList(NEEDS);
const details = new SqlList(DETAILS);
const closers = new SqlList(CLOSERS);
const verifications = new SqlList(CLAIM_VERIFICATIONS);
const claimSummaries = new SqlList(
  claimableSites.map((s) => `Claim of the prebuilt site for ${s.businessName} (${s.category}, ${s.location}).`),
);
const industryPaths = new SqlList(BUSINESS_TYPES.map(industryPathOf));

/** 31^6: the Project ID suffixes. The id times a unit of this ring names each project once. */
const SUFFIXES = PROJECT_ID_ALPHABET.length ** 6;
const SUFFIX_STRIDE = 7368787;
if (SUFFIX_STRIDE % PROJECT_ID_ALPHABET.length === 0) throw new Error("the Project ID stride must be prime to 31");

/** WBT-{year}-{6 characters}, as server/services/projects/project-id.ts makes them, unique per contact id. */
function projectId(idExpr: string, createdExpr: string): string {
  const n = PROJECT_ID_ALPHABET.length;
  const x = `((${idExpr}) * ${SUFFIX_STRIDE} + 104729) % ${SUFFIXES}`;
  const chars = [5, 4, 3, 2, 1, 0].map(
    (p) => `substr(${lit(PROJECT_ID_ALPHABET)}, 1 + ((${x}) / ${n ** p} % ${n})::int, 1)`,
  );
  return `'WBT-' || to_char(${createdExpr} at time zone 'UTC', 'YYYY') || '-' || ${chars.join(" || ")}`;
}

/** A stage by age: [before day, [status, cumulative share]...]. */
type Stages = readonly (readonly [number, readonly (readonly [string, number])[]])[];
const FORM_STAGES: Stages = [
  [5, [["submitted", 1]]],
  [
    20,
    [
      ["submitted", 0.45],
      ["planning", 0.75],
      ["design", 0.92],
      ["development", 1],
    ],
  ],
  [
    60,
    [
      ["submitted", 0.25],
      ["planning", 0.35],
      ["design", 0.55],
      ["development", 0.75],
      ["review", 0.88],
      ["launch", 0.95],
      ["on_hold", 1],
    ],
  ],
  [
    Infinity,
    [
      ["submitted", 0.32],
      ["on_hold", 0.4],
      ["complete", 0.8],
      ["maintenance", 1],
    ],
  ],
];
const OWNER_STAGES: Stages = [
  [3, [["planning", 1]]],
  [
    20,
    [
      ["planning", 0.6],
      ["design", 1],
    ],
  ],
  [
    60,
    [
      ["design", 0.25],
      ["development", 0.55],
      ["review", 0.75],
      ["launch", 0.9],
      ["on_hold", 1],
    ],
  ],
  [
    Infinity,
    [
      ["complete", 0.7],
      ["maintenance", 0.92],
      ["on_hold", 1],
    ],
  ],
];
const stage = (stages: Stages) =>
  `case ${stages
    .map(([before, shares]) => {
      const pick = `case ${shares.map(([s, upTo]) => `when u < ${upTo} then '${s}'`).join(" ")} end`;
      return before === Infinity ? `else ${pick}` : `when p_age < ${before} then ${pick}`;
    })
    .join(" ")} end`;

export function leadCtes(ctx: SeedContext, pages: SitePages): string {
  const r = (name: string) => ctx.r("id", name);
  const words = {
    first: "first",
    company: "coalesce(company, 'our business')",
    town: "town",
    type: "lower(type_label)",
  };
  const description = `${needs.pick(r("lead.need"))} || ' ' || ${details.pick(r("lead.detail"))}`;
  const letter = fill(
    `(case when company is null then ${plainOpeners.pick(r("lead.opener"))} else ${openers.pick(r("lead.opener"))} end)
      || ' ' || ${description} || ' ' || ${closers.pick(r("lead.closer"))}`,
    words,
  );
  const budgetPoints = `(case budget when '500-plus' then 20 when '300-500' then 10 else 0 end)
    + (case when timeline in ('asap', '1-2weeks') then 15 else 0 end) + (case when length(initial_message) > 100 then 10 else 0 end)`;
  const utm = (column: SqlList) => `nullif(${column.at("ch")}, '')`;
  return `fixed as (
      select c.*, case when source in ('website', 'chat') and not has_project then 'contact_page' else source end as src,
        case when not has_project then null when source in ('website', 'chat') then created_at
          else greatest(created_at, least(created_at + (3 + 37 * ${r("lead.wait")}) * interval '1 day',
            ${ctx.nowSql} - ${r("lead.lag")} * interval '6 hours')) end as p_created
      from chosen c
    ), aged as (
      select f.*, extract(epoch from ${ctx.nowSql} - created_at) / 86400 as age,
        extract(epoch from ${ctx.nowSql} - p_created) / 86400 as p_age, ${r("lead.stage")} as u
      from fixed f
    ), staged as (
      select a.*, case when not has_project then null when src in ('website', 'chat') then ${stage(FORM_STAGES)}
        else ${stage(OWNER_STAGES)} end as pstatus
      from aged a
    ), statused as (
      select s.*, case
        when pstatus = 'submitted' then (case when p_age < 10 then (case when src = 'website' then 'submitted' else 'new' end)
          when ${r("lead.lost")} < 0.7 then 'lost' else 'contacted' end)
        when pstatus = 'on_hold' then (case when ${r("lead.hold")} < 0.5 then 'proposal' else 'won' end)
        when pstatus is not null then 'won'
        when src = 'json_import' then (case when u < 0.3 then 'won' when u < 0.6 then 'contacted' else 'lost' end)
        when age < 7 then (case when u < 0.7 then 'new' when u < 0.95 then 'contacted' else 'qualified' end)
        when age < 45 then (case when u < 0.15 then 'new' when u < 0.55 then 'contacted' when u < 0.75 then 'qualified'
          when u < 0.85 then 'proposal' else 'lost' end)
        else (case when u < 0.05 then 'new' when u < 0.33 then 'contacted' when u < 0.45 then 'qualified'
          when u < 0.52 then 'proposal' else 'lost' end)
      end as status
      from staged s
    ), written as (
      select s.*, case
        when src = 'claim' then ${claimSummaries.at("claim_i")} || E'\\n\\nVerification: ' || ${verifications.pick(r("lead.proof"))}
        when src = 'chat' then ${fill(description, words)}
        when src in ('website', 'contact_page') or ${r("lead.msg")} < 0.3 then ${letter}
      end as initial_message,
      ${channels.index.pick(r("lead.channel"))} as ch,
      src in ('website', 'chat', 'contact_page', 'claim') and ${r("lead.attr")} < 0.92 as attributed
      from statused s
    ), scored as (
      select w.*, case
        when src = 'website' then ${budgetPoints} + (case when phone is null then 0 else 10 end) + (case when company is null then 0 else 5 end)
        when src = 'chat' then ${budgetPoints}
        when src = 'claim' then 15
        when src = 'contact_page' and status = 'new' then 0
        else floor((case status when 'won' then 60 when 'proposal' then 50 when 'qualified' then 40 when 'contacted' then 15
          when 'lost' then 0 else 5 end) + 35 * ${r("lead.score")})::int
      end as lead_score
      from written w
    ), final as (
      select s.*,
        case when attributed then (case when ${industryPaths.at("t")} <> '' and ${r("lead.industry")} < 0.35
          then ${industryPaths.at("t")} else ${pages.entry.pick(r("lead.landing"))} end)
          || (case when ${utm(channels.source)} is not null and ${r("lead.tagged")} < 0.7
            then '?utm_source=' || ${channels.source.at("ch")} else '' end) end as landing_page,
        case when attributed then ${utm(channels.url)} end as referrer,
        case when attributed then ${utm(channels.source)} end as utm_source,
        case when attributed then ${utm(channels.medium)} end as utm_medium,
        case when attributed then ${utm(channels.campaign)} end as utm_campaign,
        case when has_project then ${projectId("id", "p_created")} end as project_id,
        case when has_project and src = 'chat' then ${base64urlId(`'inquiry:${ctx.run}:' || id`)} end as inquiry_id,
        created_at + (${ctx.nowSql} - created_at) * power(${r("lead.touched")}, 2) as updated_at
      from scored s
    )`;
}
