import { BUDGETS, SITE_TYPES, TIMELINES } from "~/contracts/form-options";
import { NOTHING_MORE, QUESTIONS } from "../../server/services/inquiry-questions";
import { momentOf, spreadOverDays, browsingHour } from "./calendar";
import type { SeedContext, Step } from "./context";
import { seedInquiryMessages } from "./inquiry-messages";
import { CHAT_ADDITIONAL, DETAILS, NEEDS } from "./lead-texts";
import { channels, type SitePages } from "./pages";
import { base64urlId, lit, SqlList, weighted } from "./sql";
import { EMAIL_DOMAINS, emailPart, FIRST_NAMES, LAST_NAMES } from "./words";

/**
 * The guided chat (seed_inquiries, then inquiries): every chat lead's completed inquiry, which
 * made its contact and project (server/services/intake/intake.ts fileChatInquiry), and the chats left
 * unfinished, most of them near the end (the description is where people stop). A chat left
 * before its first answer is purged after a week by the app, so only the last week has those.
 */

/** Questions answered by an unfinished chat: [answered, share]. */
const UNFINISHED = weighted(
  [
    [1, 5],
    [2, 7],
    [3, 10],
    [4, 13],
    [5, 33],
    [6, 32],
  ] as const,
  "int",
);
const questionTypes = new SqlList(QUESTIONS.map((q) => q.type));
const firsts = new SqlList(FIRST_NAMES);
const lasts = new SqlList(LAST_NAMES);
const firstParts = new SqlList(FIRST_NAMES.map(emailPart));
const lastParts = new SqlList(LAST_NAMES.map(emailPart));
const domains = weighted(EMAIL_DOMAINS);
const siteTypes = weighted(SITE_TYPES.map((o) => [o.value, o.value === "business" ? 12 : 2] as const));
const budgets = weighted(BUDGETS.map((o, i) => [o.value, [10, 22, 28, 28, 12][i] ?? 10] as const));
const timelines = weighted(TIMELINES.map((o) => [o.value, 1] as const));
const needs = new SqlList(NEEDS);
const details = new SqlList(DETAILS);
const additional = new SqlList(CHAT_ADDITIONAL);

/** The attribution object of an inquiry (the chat page sends what the tab kept), or null. */
const attributionOf = (landing: string, referrer: string, source: string, medium: string, campaign: string) =>
  `nullif(jsonb_strip_nulls(jsonb_build_object('landing_page', ${landing}, 'referrer', ${referrer},
    'utm_source', ${source}, 'utm_medium', ${medium}, 'utm_campaign', ${campaign})), '{}'::jsonb)`;

export async function seedInquiries(ctx: SeedContext, total: number, step: Step, pages: SitePages): Promise<void> {
  const key = "key";
  const r = (name: string) => ctx.r(key, name);
  const ch = (column: SqlList) => `nullif(${column.at("ch")}, '')`;
  await ctx.exec(`create temp table seed_inquiries on commit drop as
    select ${base64urlId(`'inquiry:${ctx.run}:' || contact_id`)} as id, contact_id as key,
      created_at - interval '12 minutes' as created_at, first, name, email, site_type, budget, timeline,
      initial_message as description,
      case when ${ctx.r("contact_id", "chat.more")} < 0.45 then ${lit(NOTHING_MORE)}
        else ${additional.pick(ctx.r("contact_id", "chat.other"))} end as additional,
      7 as answered, true as completed, contact_id, id as project_id, created_at as completed_at,
      ${attributionOf("landing_page", "referrer", "utm_source", "utm_medium", "utm_campaign")} as attribution
    from seed_projects where source = 'chat'`);
  const completed = Number((await ctx.exec("select count(*) as n from seed_inquiries")).rows[0]?.n ?? 0);

  // The unfinished chats: keys after the contacts' ids, so no two inquiries share draws.
  await ctx.exec(`insert into seed_inquiries
    select ${base64urlId(`'inquiry-open:${ctx.run}:' || key`)}, key, created_at, first, first || ' ' || last,
      first_e || (case when ${r("chat.sep")} < 0.6 then '.' else '' end) || last_e
        || (case when ${r("chat.digits")} < 0.3 then floor(10 + ${r("chat.n")} * 90)::text else '' end)
        || '@' || ${domains.pick(r("chat.domain"))},
      ${siteTypes.pick(r("chat.type"))}, ${budgets.pick(r("chat.budget"))}, ${timelines.pick(r("chat.timeline"))},
      ${needs.pick(r("chat.need"))} || ' ' || ${details.pick(r("chat.detail"))}, null,
      case when ${ctx.nowSql} - created_at < interval '7 days' and ${r("chat.left")} < 0.2 then 0
        else ${UNFINISHED.pick(r("chat.answered"))} end,
      false, null, null, null,
      case when ${r("chat.attr")} < 0.6 then ${attributionOf(
        pages.entry.pick(r("chat.landing")),
        ch(channels.url),
        ch(channels.source),
        ch(channels.medium),
        ch(channels.campaign),
      )} end
    from (
      select s.*, 1000000000 + ${ctx.run}::int8 * 10000000 + k as key,
        ${momentOf(browsingHour(ctx.r("k", "chat.h1"), ctx.r("k", "chat.h2"), ctx.r("k", "chat.h3")))} as created_at
      from ${spreadOverDays(Math.max(0, total - completed), "lead")} s
    ) d
    cross join lateral (select ${firsts.pick(r("chat.first"))} as first, ${lasts.pick(r("chat.last"))} as last,
      ${firstParts.pick(r("chat.first"))} as first_e, ${lastParts.pick(r("chat.last"))} as last_e,
      ${channels.index.pick(r("chat.channel"))} as ch) n`);

  // The owner's messages in each chat after it: replies to a finished one, a nudge after an unfinished one.
  await ctx.exec(`alter table seed_inquiries add column followups int`);
  await ctx.exec(`update seed_inquiries set followups = case when completed then floor(${r("chat.followups")} * 3.2)::int
      when answered >= 2 and ${r("chat.nudge")} < 0.2 then 1 else 0 end`);

  await step("inquiries", async () => {
    const { rowCount } = await ctx.exec(`insert into inquiries (id, visitor_name, visitor_email, project_type, budget,
        timeline, description, additional_info, status, completion_percentage, current_question, attribution,
        contact_id, project_id, created_at, updated_at, completed_at)
      select id, case when answered >= 1 then name end, case when answered >= 2 then email end,
        case when answered >= 3 then site_type end, case when answered >= 4 then budget end,
        case when answered >= 5 then timeline end, case when answered >= 6 then description end,
        case when answered >= 7 then additional end,
        case when completed then 'completed' else 'active' end, round(answered * 100 / 7.0),
        case when not completed then ${questionTypes.at("answered + 1")} end,
        attribution, contact_id, project_id, created_at,
        least(${ctx.nowSql}, coalesce(completed_at, created_at + answered * interval '50 seconds')
          + followups * interval '1 day'),
        completed_at
      from seed_inquiries order by created_at, id`);
    return rowCount ?? 0;
  });
  await step("inquiry_messages", () => seedInquiryMessages(ctx));
}
