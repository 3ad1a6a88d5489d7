import { site } from "~/config/site";
import { BUDGETS, READINESS, SITE_TYPES, TIMELINES } from "~/contracts/form-options";
import type { SeedContext } from "./context";
import { EMAILS_OUT } from "./log-texts";
import { CONTACT_ID, OUTBOX_TEXTS as T } from "./outbox-texts";
import { outboxDelivery, outboxStatus } from "./outbox-status";
import { CONTACT_SUBJECTS } from "./lead-texts";
import { allocate, fill, lit, optionLabel, SqlList } from "./sql";

/**
 * The outbox (email_outbox), as the app fills it: the owner's notice of every form and chat
 * lead, the visitor's confirmation with the Project ID, the updates e-mailed to clients,
 * portal sign-in links and a rare sign-in alert; and then the owner's own e-mails
 * (admin_compose) up to exactly `total`. Every address is the contact's (reserved domains).
 */

const owned = (text: string) => text.replaceAll("Tyler", site.owner.firstName);
const composeSubjects = new SqlList(EMAILS_OUT.map(([subject]) => subject));
const composeTexts = new SqlList(EMAILS_OUT.map(([, text]) => owned(text)));
const contactSubjects = new SqlList(CONTACT_SUBJECTS);

/** A detail line the app leaves out when its value is empty ("Phone: {phone}"). */
const optional = (text: string, label: string, placeholder: string, value: string) =>
  `replace(${text}, ${lit(`${label}: {${placeholder}}\n`)}, coalesce(${lit(`${label}: `)} || nullif(${value}, '') || E'\\n', ''))`;

const notice = (
  template: { subject: string; text: string },
  values: Record<string, string>,
  text = lit(template.text),
) =>
  ({
    subject: fill(lit(template.subject), values),
    text: `replace(${fill(text, values)}, '${CONTACT_ID}', contact_id::text)`,
  }) as const;

export async function seedOutbox(ctx: SeedContext, total: number): Promise<number> {
  const person = { name: "name", first: "first", email: "email", pid: "coalesce(project_id, '')" };
  const choices = {
    site_type: optionLabel(SITE_TYPES, "site_type"),
    budget: optionLabel(BUDGETS, "budget"),
    timeline: optionLabel(TIMELINES, "timeline"),
    score: "lead_score::text",
    message: "coalesce(initial_message, '')",
  };
  const project = notice(
    T.projectInquiry,
    { ...person, ...choices, readiness: optionLabel(READINESS, "readiness") },
    optional(optional(lit(T.projectInquiry.text), "Phone", "phone", "phone"), "Business", "company", "company"),
  );
  const chat = notice(T.chatInquiry, { ...person, ...choices, additional: "coalesce(additional, '')", iid: "iid" });
  const contact = notice(T.contactMessage, {
    ...person,
    subject: contactSubjects.pick(ctx.r("contact_id", "log.subject")),
    message: "coalesce(initial_message, '')",
  });
  const claim = notice(
    T.claim,
    {
      ...person,
      company: "coalesce(company, '')",
      preview: `'${site.productionUrl}/claim-your-website'`,
      message: "split_part(initial_message, E'\\n\\n', 2)",
    },
    optional(lit(T.claim.text), "Phone", "phone", "phone"),
  );
  const confirmation = notice(T.submission, person);
  const chatConfirmation = notice(T.chat, { ...person, iid: "iid" });
  const lead = (field: "subject" | "text") =>
    `case source when 'website' then ${project[field]} when 'chat' then ${chat[field]}
      when 'contact_page' then ${contact[field]} else ${claim[field]} end`;
  const update = notice(T.update, { ...person, project: "project", title: "title", content: "content" });
  const signIn = notice(T.signIn, {
    email: "email",
    link: `${lit(`${site.productionUrl}/client-portal/sign-in?token=`)}
    || ${`translate(encode(decode(md5('link:${ctx.run}:' || id || ':' || n), 'hex'), 'base64'), '+/=', '-_')`}`,
  });

  const natural = `
    select 'lead_notification' as kind, ${lit(site.email)} as to_address, email as reply_to,
      ${lead("subject")} as subject, ${lead("text")} as text, contact_id, project_id, created_at, null::timestamptz as expires_at
    from leads
    union all
    select case source when 'website' then 'submission_confirmation' else 'chat_confirmation' end, email, null,
      case source when 'website' then ${confirmation.subject} else ${chatConfirmation.subject} end,
      case source when 'website' then ${confirmation.text} else ${chatConfirmation.text} end,
      contact_id, project_id, created_at + interval '1 second', null
    from leads where source in ('website', 'chat') and project_id is not null
    union all
    select 'project_update', email, ${lit(T.update.replyTo ?? site.email)}, ${update.subject}, ${update.text},
      contact_id, project_id, emailed_at, null
    from (select u.title, u.content, u.emailed_at, p.first, p.name, p.email, p.contact_id, p.id as project_id,
        pr.name as project
      from project_updates u join seed_projects p on p.id = u.project_id join projects pr on pr.id = p.id
      where u.emailed_at is not null and p.email is not null) updates
    union all
    select 'portal_sign_in', email, null, ${signIn.subject}, ${signIn.text}, null::int8, null, at, at + interval '30 minutes'
    from (select p.*, n, least(${ctx.nowSql}, work_start + (coalesce(completed_at, ${ctx.nowSql}) - work_start)
        * ${ctx.r("contact_i * 4 + n", "outbox.signin")}) as at
      from seed_projects p cross join lateral generate_series(1, floor(${ctx.r("contact_i", "outbox.signins")} * 3.5)::int) as n
      where status <> 'submitted' and email is not null) links
    union all
    select 'sign_in_alert', ${lit(site.email)}, null, ${lit(T.alert.subject)}, ${lit(T.alert.text)}, null, null,
      starts + span_s * ${ctx.r("d", "outbox.alert")} * interval '1 second', null
    from seed_days where ${ctx.r("d", "outbox.alert_day")} < ${(3 * ctx.scale) / 730}`;

  const leads = `leads as (
    select c.id as contact_id, c.*, q.id as iid, q.additional from seed_contacts c
    left join seed_inquiries q on q.contact_id = c.id and q.completed
    where c.source in ('website', 'chat', 'contact_page', 'claim') and c.email is not null)`;
  const counted = await ctx.exec(`with ${leads} select count(*) as n from (${natural}) rows`);
  const compose = Math.max(0, total - Number(counted.rows[0]?.n ?? 0));
  const words = { first: "first", company: "coalesce(company, 'your business')", town: "town" };
  const { rowCount } = await ctx.exec(`insert into email_outbox (kind, to_address, reply_to, subject, text, status,
      attempts, last_error, contact_id, project_id, created_at, sent_at, next_attempt_at, queued_at, expires_at)
    with ${leads}, rows as (
      ${natural}
      union all
      -- the owner's own e-mails to leads and clients (admin_compose), in his working day
      select 'admin_compose', email, ${lit(site.email)}, ${fill(composeSubjects.pick(ctx.r("k", "outbox.compose")), words)},
        ${fill(composeTexts.pick(ctx.r("k", "outbox.compose")), words)}, id, project_id,
        least(${ctx.nowSql}, created_at + least(${ctx.nowSql} - created_at, interval '200 days')
          * ((nth + ${ctx.r("k", "outbox.when")}) / share)), null
      from ${allocate(
        `select *, case status when 'won' then 6 when 'proposal' then 4 when 'qualified' then 3
          when 'contacted' then 2 when 'lost' then 1 else 0.3 end as w from seed_contacts where email is not null`,
        "id",
        "w",
        compose,
      )} c
    ), numbered as (
      select rows.*, row_number() over (order by created_at, kind, to_address, subject) as key from rows
    )
    select kind, to_address, reply_to, subject, text, status, attempts, last_error, contact_id, project_id, created_at,
      sent_at, next_attempt_at, created_at, expires_at
    from (select d.*, ${outboxDelivery(ctx)} from (select numbered.*, ${outboxStatus(ctx)} as status from numbered) d) s
    order by created_at, key
    limit ${total}`);
  return rowCount ?? 0;
}
