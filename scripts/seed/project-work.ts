import { site } from "~/config/site";
import type { SeedContext, Step } from "./context";
import { DISCUSSION, MILESTONES, UPDATES } from "./project-texts";
import { fill, lit, SqlList } from "./sql";

/**
 * What happens on a project once work starts (seed_projects' `done` milestones): its
 * milestones, done, in progress or pending; an update posted as each is done, most of them
 * e-mailed; and the portal discussion between the client and the owner. Moments fall between
 * the start of the work and its completion (or now), in order.
 */

const owned = (text: string) => text.replaceAll("Tyler", site.owner.firstName);
const titles = new SqlList(MILESTONES.map(([title]) => title));
const descriptions = new SqlList(MILESTONES.map(([, description]) => description));
const updateTitles = new SqlList(UPDATES.map(([title]) => title));
const updateTexts = new SqlList(UPDATES.map(([, text]) => owned(text)));
const clientComments = new SqlList(DISCUSSION.map(([comment]) => comment));
const replies = new SqlList(DISCUSSION.map(([, reply]) => reply));

export async function seedProjectWork(ctx: SeedContext, step: Step): Promise<void> {
  const words = { first: "first", company: "coalesce(company, name)" };
  /** The moment milestone m (0-based) was done: its share of the way from the start to the end. */
  const doneAt = (m: string) => `least(${ctx.nowSql}, work_start + (${m} + 1)::float8
    / (case when completed_at is null then done + 1 else 7 end) * (coalesce(completed_at, ${ctx.nowSql}) - work_start))`;

  await step("project_milestones", async () => {
    const { rowCount } = await ctx.exec(`insert into project_milestones (project_id, title, description, status,
        due_date, completed_date, position, created_at, updated_at)
      select id, ${titles.at("m + 1")}, ${descriptions.at("m + 1")}, milestone_status,
        start_date + round((m + 1) / 7.0 * (target_completion - start_date))::int,
        case when m < done then (${doneAt("m")})::date end,
        row_number() over (partition by id order by m) - 1, work_start,
        case when m < done then ${doneAt("m")} else work_start end
      from (
        select p.*, m, case when m < done then 'completed'
          when m = done then (case when status = 'on_hold' then 'on_hold' else 'in_progress' end) else 'pending' end
          as milestone_status
        from seed_projects p cross join generate_series(0, ${MILESTONES.length - 1}) as m
        where status <> 'submitted'
          -- a small site skips the content plan or the separate content step
          and not (m in (1, 4) and ${ctx.r("p.contact_i * 8 + m", "milestone.skip")} < 0.3)
      ) x
      order by x.work_start, x.id, x.m`);
    return rowCount ?? 0;
  });

  await step("project_updates", async () => {
    const { rowCount } =
      await ctx.exec(`insert into project_updates (project_id, title, content, emailed_at, created_at)
      select id, ${updateTitles.at("u + 1")}, ${fill(updateTexts.at("u + 1"), words)},
        case when ${ctx.r("contact_i * 8 + u", "update.mailed")} < 0.7 then at end, at
      from (
        select p.*, u, ${doneAt("u")} + interval '2 hours' * ${ctx.r("p.contact_i * 8 + u", "update.delay")} as at
        from seed_projects p cross join generate_series(0, ${UPDATES.length - 1}) as u
        where status <> 'submitted' and u < done and ${ctx.r("p.contact_i * 8 + u", "update.posted")} < 0.75
      ) x
      order by x.at, x.id`);
    return rowCount ?? 0;
  });

  await step("project_comments", async () => {
    // A reply answers the comment before it: both take the pair the client's comment drew.
    const key = "contact_i * 16 + n - n % 2";
    const { rowCount } = await ctx.exec(`insert into project_comments (project_id, author_type, author_name,
        author_email, content, created_at)
      select id, case when n % 2 = 0 then 'client' else 'admin' end,
        case when n % 2 = 0 then name else ${lit(site.owner.name)} end,
        case when n % 2 = 0 then email end,
        case when n % 2 = 0 then ${clientComments.pick(ctx.r(key, "comment.pair"))}
          else ${fill(replies.pick(ctx.r(key, "comment.pair")), words)} end,
        at
      from (
        select p.*, g.n, least(${ctx.nowSql}, work_start + (g.n + ${ctx.r("p.contact_i * 16 + g.n", "comment.at")})
          / p.comments * (coalesce(completed_at, ${ctx.nowSql}) - work_start)) as at
        from (select *, least(15, floor(${ctx.r("contact_i", "comment.count")} * (1 + done * 1.2)))::int as comments
          from seed_projects where status <> 'submitted') p
        cross join lateral generate_series(0, p.comments - 1) as g(n)
      ) x
      order by x.at, x.id`);
    return rowCount ?? 0;
  });
}
