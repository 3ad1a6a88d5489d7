import { PROJECT_CONTACT_ROLES } from "~/contracts/project-terms";
import type { SeedContext, Step } from "./context";
import { seedProjectWork } from "./project-work";
import { CLIENT_NOTES, INTERNAL_NOTES } from "./project-texts";
import { fill, SqlList, weighted } from "./sql";

/**
 * Projects (seed_projects, then projects and project_contacts): one per contact chosen in
 * seed_contacts, with that contact as its one primary client and sometimes a partner or
 * manager beside. A form or chat lead's project is the app's own (status submitted, then
 * moving on); the owner's other projects come from referrals and meetings.
 */

const ownerTypes = weighted([
  ["small_business", 50],
  ["redesign", 25],
  ["personal", 10],
  ["maintenance", 8],
  ["cause_nonprofit", 7],
]);
const clientNotes = new SqlList(CLIENT_NOTES);
const internalNotes = new SqlList(INTERNAL_NOTES);
/** The other contacts of a project: anyone but the client. */
const roles = new SqlList(PROJECT_CONTACT_ROLES.filter((role) => role !== "client"));

/**
 * How far a project is: the number of its milestones done (project-texts.ts MILESTONES, 7).
 * On hold stops anywhere before development ends.
 */
const progress = (r: string) => `case status when 'submitted' then 0 when 'planning' then 1 when 'design' then 2
  when 'development' then 3 when 'review' then 5 when 'launch' then 6 when 'complete' then 7 when 'maintenance' then 7
  else 1 + floor(${r} * 3)::int end`;

export async function seedProjects(ctx: SeedContext, step: Step): Promise<void> {
  const r = (name: string) => ctx.r("contact_id", name);
  const words = { first: "first", company: "coalesce(company, name)" };
  await ctx.exec(`create temp table seed_projects on commit drop as
    with base as (
      select project_id as id, id as contact_id, i as contact_i, name, first, email, company, source, site_type, budget,
        timeline, readiness, initial_message, landing_page, referrer, utm_source, utm_medium, utm_campaign,
        pstatus as status, p_created as created_at, inquiry_id
      from seed_contacts where has_project
    ), planned as (
      select b.*, ${progress(r("project.hold"))} as done,
        case when status = 'submitted' then null
          else least(created_at + (2 + 7 * ${r("project.start")}) * interval '1 day', ${ctx.nowSql}) end as work_start
      from base b
    ), dated as (
      select p.*, work_start::date as start_date,
        -- a project under way aims at a day ahead; a finished or paused one kept its plan
        (case when status in ('complete', 'maintenance', 'on_hold') then work_start
          + (14 + 28 * ${r("project.length")}) * interval '1 day'
          else greatest(work_start + (14 + 28 * ${r("project.length")}) * interval '1 day',
            ${ctx.nowSql} + (3 + 18 * ${r("project.ahead")}) * interval '1 day') end)::date as target_completion
      from planned p
    )
    select d.*,
      case when status in ('complete', 'maintenance') then least(${ctx.nowSql},
        work_start + (target_completion - start_date) * (0.8 + 0.5 * ${r("project.late")}) * interval '1 day') end as completed_at
    from dated d`);

  await step("projects", async () => {
    const { rowCount } = await ctx.exec(`insert into projects (id, name, description, project_type, budget_range,
        start_date, target_completion, client_notes, internal_notes, status, legacy_data, landing_page, referrer,
        utm_source, utm_medium, utm_campaign, visit_counted, completed_at, created_at, updated_at)
      select id,
        case when source in ('website', 'chat') then name || ' Website Project'
          else coalesce(company, name) || ' Website' end,
        initial_message,
        case when source in ('website', 'chat') or site_type = 'nonprofit' then (case site_type
            when 'business' then 'small_business' when 'nonprofit' then 'cause_nonprofit' else 'personal' end)
          else ${ownerTypes.pick(r("project.type"))} end,
        budget, start_date, target_completion,
        case when status <> 'submitted' and ${r("project.cnote")} < 0.4 then ${fill(clientNotes.pick(r("project.cn")), words)} end,
        case when status <> 'submitted' and ${r("project.inote")} < 0.55 then ${fill(internalNotes.pick(r("project.in")), words)} end,
        status,
        case source when 'website' then jsonb_build_object('site_type', site_type, 'timeline', timeline, 'readiness', readiness)
          when 'chat' then jsonb_build_object('site_type', site_type, 'timeline', timeline, 'inquiry_id', inquiry_id) end,
        landing_page, referrer, utm_source, utm_medium, utm_campaign,
        -- as its contact's lead (contacts.ts: one in ten without analytics consent)
        case when landing_page is not null then contact_i % 10 <> 0 end, completed_at, created_at,
        greatest(created_at, coalesce(completed_at, ${ctx.nowSql} - ${r("project.touched")} * interval '5 days'))
      from seed_projects order by created_at, id`);
    return rowCount ?? 0;
  });

  await step("project_contacts", async () => {
    const primary = await ctx.exec(`insert into project_contacts (project_id, contact_id, role, is_primary, created_at)
      select id, contact_id, 'client', true, created_at from seed_projects order by created_at, id`);
    // Partners and managers: earlier contacts (a spouse, a co-owner, an office manager), one or two on some projects.
    const others = await ctx.exec(`insert into project_contacts (project_id, contact_id, role, is_primary, created_at)
      select p.id, c.id, ${roles.pick(ctx.r("p.contact_i * 4 + x", "project.role"))}, false,
        p.created_at + interval '1 day' * ${ctx.r("p.contact_i * 4 + x", "project.joined")}
      from seed_projects p
      cross join lateral generate_series(1, case when ${ctx.r("p.contact_i", "project.others")} < 0.12 then 2
        when ${ctx.r("p.contact_i", "project.others")} < 0.4 then 1 else 0 end) as x
      join seed_contacts c on c.i = floor(${ctx.r("p.contact_i * 4 + x", "project.other")} * p.contact_i)
      where p.contact_i > 0
      on conflict do nothing`);
    return (primary.rowCount ?? 0) + (others.rowCount ?? 0);
  });

  await seedProjectWork(ctx, step);
}
