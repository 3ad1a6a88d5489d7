import { site } from "~/config/site";
import { claimableSites } from "~/content/claimable-sites";
import { BUDGETS, SITE_TYPES, TIMELINES } from "~/contracts/form-options";
import { workingHour } from "./calendar";
import type { SeedContext } from "./context";
import { CONTACT_SUBJECTS } from "./lead-texts";
import { CALLS_IN, CALLS_OUT, EMAILS_IN, EMAILS_OUT, MEETINGS, NOTES } from "./log-texts";
import { allocate, fill, lit, optionLabel, SqlList, weighted } from "./sql";

/**
 * The contact log (communications): first the entries the site writes itself (created_by
 * 'system': the contact form's message, a claim's details, a finished chat's summary, as
 * server/services/intake/intake.ts writes them), then the owner's e-mails,
 * calls, meetings and notes, more of them the further a lead went, spread over its first
 * months. Exactly `total` entries.
 */

const owned = (text: string) => text.replaceAll("Tyler", site.owner.firstName);
/** 0 e-mail out, 1 e-mail in, 2 call out, 3 call in, 4 meeting, 5 note. */
const kinds = weighted(
  [
    [0, 30],
    [1, 16],
    [2, 18],
    [3, 8],
    [4, 8],
    [5, 20],
  ] as const,
  "int",
);
const outSubjects = new SqlList(EMAILS_OUT.map(([subject]) => subject));
const outTexts = new SqlList(EMAILS_OUT.map(([, text]) => owned(text)));
const inSubjects = new SqlList(EMAILS_IN.map(([subject]) => subject));
const inTexts = new SqlList(EMAILS_IN.map(([, text]) => owned(text)));
const callsOut = new SqlList(CALLS_OUT);
const callsIn = new SqlList(CALLS_IN);
const meetingSubjects = new SqlList(MEETINGS.map(([subject]) => subject));
const meetingTexts = new SqlList(MEETINGS.map(([, text]) => text));
const notes = new SqlList(NOTES);
const contactSubjects = new SqlList(CONTACT_SUBJECTS);
const claimPreview = `case company ${claimableSites
  .map((s) => `when ${lit(s.businessName)} then ${lit(`${site.productionUrl}${s.websiteUrl}`)}`)
  .join(" ")} end`;

/** How much the owner talks with a lead, by how far it went. */
const WEIGHT = `case status when 'won' then 7 when 'proposal' then 5 when 'qualified' then 4 when 'contacted' then 2.5
  when 'lost' then 2 when 'submitted' then 1 else 0.6 end`;

export async function seedCommunications(ctx: SeedContext, total: number): Promise<number> {
  const auto = `select c.id as contact_id, c.created_at, c.source, c.initial_message, c.phone, c.company,
      q.id as inquiry_id, q.project_id, q.site_type, q.budget, q.timeline, q.additional
    from seed_contacts c left join seed_inquiries q on q.contact_id = c.id and q.completed
    where c.source in ('contact_page', 'claim') or (c.source = 'chat' and q.id is not null)`;
  const autoCount = Number((await ctx.exec(`select count(*) as n from (${auto}) a`)).rows[0]?.n ?? 0);
  const manual = Math.max(0, total - autoCount);
  const key = "k";
  const r = (name: string) => ctx.r(key, name);
  const words = { first: "first", company: "coalesce(company, 'your business')", town: "town" };
  // one draw picks the subject and the text of the same e-mail (the lists run side by side)
  const text = r("log.text");
  const local = (at: string) => `(${at}) at time zone ${ctx.tzSql}`;
  const { rowCount } = await ctx.exec(`insert into communications (contact_id, type, direction, subject, content,
      created_by, created_at)
    select contact_id, type, direction, subject, content, created_by, created_at from (
      select contact_id, case source when 'contact_page' then 'email' else 'note' end as type, 'inbound' as direction,
        case when source = 'contact_page' then ${contactSubjects.pick(ctx.r("contact_id", "log.subject"))} end as subject,
        case source when 'contact_page' then initial_message
          when 'claim' then replace(initial_message, E'\\n\\nVerification', E'\\nPhone: ' || coalesce(phone, '')
            || E'\\nVerification') || E'\\nPreview: ' || coalesce(${claimPreview}, ${lit(site.productionUrl)})
          else 'Completed the guided chat inquiry ' || inquiry_id || ', which became project ' || project_id || E'.\\n'
            || 'Project type: ' || ${optionLabel(SITE_TYPES, "site_type")} || E'\\nBudget: ' || ${optionLabel(BUDGETS, "budget")}
            || E'\\nTimeline: ' || ${optionLabel(TIMELINES, "timeline")} || E'\\n\\nProject: ' || coalesce(initial_message, '')
            || E'\\nAnything else: ' || coalesce(additional, '') end as content,
        'system' as created_by, created_at
      from (${auto}) a
      union all
      select id, case kind when 0 then 'email' when 1 then 'email' when 2 then 'call' when 3 then 'call'
          when 4 then 'meeting' else 'note' end,
        case when kind in (1, 3) then 'inbound' else 'outbound' end,
        case kind when 0 then ${fill(outSubjects.pick(text), words)} when 1 then ${fill(inSubjects.pick(text), words)}
          when 4 then ${meetingSubjects.pick(text)} end,
        ${fill(
          `case kind when 0 then ${outTexts.pick(text)} when 1 then ${inTexts.pick(text)}
          when 2 then ${callsOut.pick(text)} when 3 then ${callsIn.pick(text)}
          when 4 then ${meetingTexts.pick(text)} else ${notes.pick(text)} end`,
          words,
        )},
        ${lit(site.email)},
        -- the owner's log fills a lead's first months, in order, during his working hours
        least(${ctx.nowSql}, greatest(created_at + interval '10 minutes', ${local(`date_trunc('day', ${local(`created_at
          + least(${ctx.nowSql} - created_at, interval '150 days') * ((nth + ${r("log.when")}) / share)`)})
          + ${workingHour(r("log.hour"))} * interval '1 day'`)}))
      from (
        select m.*, ${kinds.pick(r("log.kind"))} as kind
        from ${allocate(`select *, ${WEIGHT} as w from seed_contacts`, "id", "w", manual)} m
      ) x
    ) rows
    order by created_at`);
  return rowCount ?? 0;
}
