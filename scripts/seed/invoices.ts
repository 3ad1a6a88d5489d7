import { EXTRA_WORK, ON_HOLD_VOID, VOID_REASONS } from "./billing-texts";
import {
  advanceCounters,
  atOffset,
  BILLING,
  billingNumber,
  cents,
  dayOf,
  days,
  nextSequence,
  yearOf,
} from "./billing-sql";
import type { SeedContext } from "./context";
import { reserveIds } from "./database-state";
import { lit, SqlList } from "./sql";

/**
 * The invoices (docs/product/billing.md "Invoices"), from the accepted quotes (seed_accepted): the
 * deposit on acceptance, the balance at launch, and for sites under maintenance the odd piece of
 * extra work billed by hand. Most are paid (payments.ts); a deposit waits on some projects in
 * planning, a balance on some just launched or finished in the last months (unpaid, or paid in
 * part: a few of them now overdue); a few deposits were voided and written again, and those of
 * projects put on hold before paying were voided; the newest extra work may still be a draft. Numbered per year without gaps in
 * the order they were written, after the app's own numbers.
 *
 * seed_invoices keeps each invoice's plan ("paid", "partial", "open", "draft" or "void") for the
 * payments; the invoices are written as the app leaves them before any payment (draft, or sent),
 * and moved to their final state by finishInvoices once the payments are in, as the triggers of
 * migration 0018 require (no payment on a paid or void invoice).
 */

const extraText = new SqlList(EXTRA_WORK.map(([text]) => text));
const extraPrice = new SqlList(
  EXTRA_WORK.map(([, price]) => price),
  "int",
);
const voidReasons = new SqlList(VOID_REASONS);

export async function seedInvoices(ctx: SeedContext): Promise<number> {
  const r = (key: string, name: string) => ctx.r(key, name);
  const a = (name: string) => r("key", name);
  const done = "extract(epoch from completed_at - p_created)";
  const depositText = `deposit_percent || '% deposit on quote ' || number`;
  await ctx.exec(`create temp table seed_invoice_plan on commit drop as
    select * from (
      -- a deposit invoice voided (and written again just after), some of them sent first
      select a.*, 1 as n, 'deposit' as kind, 'void' as plan, decided_s + ${days(`0.02 + 0.2 * ${a("invoice.void_at")}`)} as issue_s,
        deposit_cents as amount, ${depositText} as description
      from seed_accepted a where deposit_cents > 0 and ${a("invoice.voided")} < 0.03
      union all
      -- the deposit: waiting on some projects in planning; voided when a project went on hold before it was paid
      select a.*, 2, 'deposit', case when project_status = 'planning' and ${a("invoice.deposit")} < 0.35 then 'open'
          when project_status = 'on_hold' and ${a("invoice.deposit")} < 0.4 then 'void' else 'paid' end,
        decided_s + ${days(`0.3 + 1.5 * ${a("invoice.deposit_at")}`)}, deposit_cents, ${depositText}
      from seed_accepted a where deposit_cents > 0
      union all
      -- the balance when the site went live (or, just launched, in the last days)
      select a.*, 3, 'balance', case when project_status = 'launch' then (case when ${a("invoice.balance")} < 0.45 then 'open'
            when ${a("invoice.balance")} < 0.55 then 'partial' else 'paid' end)
          -- a finished site's balance unpaid, or paid in part, for a few months at most
          when span_s - ${done} < ${days(120)} then (case when ${a("invoice.balance")} < 0.1 then 'open'
            when ${a("invoice.balance")} < 0.2 then 'partial' else 'paid' end)
          else 'paid' end,
        greatest(decided_s + ${days(2)}, case when project_status = 'launch' then span_s - ${days(`0.5 + 12 * ${a("invoice.balance_at")}`)}
          else ${done} end),
        total_cents - deposit_cents,
        case when deposit_cents > 0 then 'Balance of quote ' || number || ' (' || ${cents("total_cents")} || ' less '
          || ${cents("deposit_cents")} || ' invoiced before)' else 'Quote ' || number || ' in full' end
      from seed_accepted a where project_status in ('launch', 'complete', 'maintenance') and total_cents > deposit_cents
      union all
      -- extra work after launch, billed by hand
      select a.*, 3 + m, 'manual', 'paid',
        ${done} + (m - 1 + ${r("key * 4 + m", "invoice.extra_at")}) / e.extras * (span_s - ${done}),
        ${extraPrice.pick(r("key * 4 + m", "invoice.extra"))}, ${extraText.pick(r("key * 4 + m", "invoice.extra"))}
      from seed_accepted a
      cross join lateral (select case when project_status = 'maintenance' then floor(${a("invoice.extras")} * 2.6)::int
          else (${a("invoice.extras")} < 0.15)::int end as extras) e
      cross join lateral generate_series(1, e.extras) as m
      where a.project_status in ('complete', 'maintenance')
    ) i`);
  // The newest extra work may still be a draft, or sent and waiting; the rest is paid.
  await ctx.exec(`update seed_invoice_plan set plan = case
      when ${atOffset("issue_s")} > ${ctx.nowSql} - interval '10 days' and ${r("key * 8 + n", "invoice.draft")} < 0.3 then 'draft'
      when ${atOffset("issue_s")} > ${ctx.nowSql} - interval '90 days' and ${r("key * 8 + n", "invoice.draft")} < 0.15
        then 'open' else 'paid' end
    where kind = 'manual'`);

  const total = Number((await ctx.exec("select count(*) as n from seed_invoice_plan")).rows[0]?.n ?? 0);
  if (total === 0) return 0;
  const firstId = await reserveIds(ctx.exec, "invoices", total);
  const ik = "key * 8 + n";
  await ctx.exec(`create temp table seed_invoices on commit drop as
    with timed as (
      select p.*, ${atOffset("issue_s")} as created_at,
        ${firstId} - 1 + row_number() over (order by ${atOffset("issue_s")}, project_id, n) as id,
        -- sent a few minutes after it was written (a voided one mostly before it was voided)
        case when plan = 'draft' or (plan = 'void' and ${r(ik, "invoice.void_sent")} < 0.2) then null
          else issue_s + ${days(`(2 + 20 * ${r(ik, "invoice.sent")}) / 1440`)} end as sent_s,
        case when plan = 'void' and n = 2 then issue_s + ${days(`20 + 30 * ${r(ik, "invoice.voided_at")}`)}
          when plan = 'void' then issue_s + ${days(`0.02 + 0.3 * ${r(ik, "invoice.voided_at")}`)} end as voided_s
      from seed_invoice_plan p
    )
    select t.*, ${dayOf(ctx, "created_at")} as issue_date, ${dayOf(ctx, "created_at")} + ${BILLING.invoiceDueDays} as due_date,
      ${yearOf(ctx, "created_at")} as year, ${nextSequence("invoice", yearOf(ctx, "created_at"), "created_at, id")} as sequence,
      case when sent_s is not null then ${atOffset("sent_s")} end as sent_at,
      case when voided_s is not null then ${atOffset("voided_s")} end as voided_at,
      case when plan = 'void' and n = 2 then ${lit(ON_HOLD_VOID)}
        when plan = 'void' then ${voidReasons.pick(r(ik, "invoice.void_reason"))} end as void_reason,
      ${r(ik, "invoice.reminders")} >= 0.05 as reminders_enabled
    from timed t`);
  const { rowCount } = await ctx.exec(`insert into invoices (id, number, year, sequence, project_id, project_ref,
      project_name, client_name, client_email, quote_id, kind, status, lines, discount_type, discount_value,
      subtotal_cents, discount_cents, total_cents, amount_paid_cents, issue_date, due_date, reminders_enabled, sent_at,
      created_at, updated_at)
    select id, ${billingNumber("INV", "year", "sequence")}, year, sequence, project_id, project_id, project_name,
      client_name, client_email, case when kind = 'manual' then null else quote_id end, kind,
      case when sent_at is null then 'draft' else 'sent' end,
      jsonb_build_array(jsonb_build_object('description', description, 'quantity', 1, 'unit_price_cents', amount,
        'total_cents', amount, 'preset', null)),
      'none', 0, amount, 0, amount, 0, issue_date, due_date, reminders_enabled, sent_at, created_at,
      coalesce(sent_at, created_at)
    from seed_invoices order by id`);
  await advanceCounters(ctx, "invoice", "seed_invoices");
  return rowCount ?? 0;
}

/**
 * Each invoice as its payments and its plan left it: paid (with the moment of its last payment),
 * partially paid, void; a draft or a sent one stays as written. The daily reminders it got: on
 * its due date and a week after (REMINDER_DAYS_AFTER_DUE), while money was due and reminders on.
 */
export async function finishInvoices(ctx: SeedContext): Promise<number> {
  await ctx.exec(`update invoices i set status = f.status, amount_paid_cents = f.paid, paid_at = f.paid_at,
      voided_at = f.voided_at, void_reason = f.void_reason, updated_at = greatest(i.updated_at, f.paid_at, f.voided_at)
    from (
      select s.id, coalesce(p.paid, 0) as paid, s.voided_at, s.void_reason,
        case when s.plan = 'void' then 'void' when p.paid >= s.amount then 'paid' when p.paid > 0 then 'partially_paid'
          end as status,
        case when p.paid >= s.amount then p.last_at end as paid_at
      from seed_invoices s left join (select invoice_id, sum(amount_cents) as paid, max(created_at) as last_at
        from seed_payments group by invoice_id) p on p.invoice_id = s.id
    ) f
    where i.id = f.id and f.status is not null`);
  const { rowCount } = await ctx.exec(`insert into invoice_reminders (invoice_id, day, created_at)
    select i.id, r.day, least(${ctx.nowSql}, (r.day::timestamp + interval '7 hours') at time zone ${ctx.tzSql})
    from invoices i join seed_invoices s on s.id = i.id
    cross join lateral (select i.due_date + offset_days as day from unnest(array[0, 7]) as offset_days) r
    where i.status in ('sent', 'partially_paid', 'paid') and i.reminders_enabled and r.day <= ${dayOf(ctx, ctx.nowSql)}
      and (i.paid_at is null or r.day < ${dayOf(ctx, "i.paid_at")})
    order by r.day, i.id`);
  return rowCount ?? 0;
}
