import { atOffset, cents, dayOf, days } from "./billing-sql";
import type { SeedContext } from "./context";
import { reserveIds } from "./database-state";
import { weighted } from "./sql";

/**
 * Payments and credits (docs/product/billing.md "Payments", "Credits") of the invoices of
 * seed_invoices: most by card through Stripe Checkout (recorded from its webhook, with its event
 * and session), the rest by check, transfer, cash or card over the phone, recorded by the owner;
 * a larger one now and then in two parts; a partial payment where the plan says so.
 *
 * A few clients paid a deposit twice (a check, then the card link they still had): Stripe's
 * payment became a credit ("already paid"), and a card payment of a voided deposit one too
 * ("void"). The owner refunded most of them, applied some to the same project's balance (a
 * payment of method "credit" there); the newest are still open, the dashboard's "Refund or
 * credit due".
 */

/** 1 card through Stripe, 2 check, 3 bank transfer, 4 cash, 5 card over the phone, 6 other. */
const methods = weighted(
  [
    [1, 62],
    [2, 18],
    [3, 11],
    [4, 3],
    [5, 3],
    [6, 3],
  ] as const,
  "int",
);
/** Credits received this recently are still open (the owner has not acted yet), and the newest. */
const OPEN_CREDIT_DAYS = 21;

export async function seedPayments(ctx: SeedContext): Promise<number> {
  const r = (key: string, name: string) => ctx.r(key, name);
  // The deposits and the work billed by hand first: the credits come from the deposits.
  await ctx.exec(`create temp table seed_payment_plan on commit drop as
    ${paymentsOf(ctx, "select *, amount as due, sent_s as from_s from seed_invoices where kind <> 'balance'")}`);
  await ctx.exec(`create temp table seed_credits on commit drop as
    with paid_twice as (
      select i.id as invoice_id, i.key, i.project_id, i.amount, 'already_paid' as reason, i.p_created, i.span_s,
        p.at_s + ${days(`0.5 + 3 * ${r("i.key", "credit.received")}`)} as received_s
      from seed_invoices i join seed_payment_plan p on p.invoice_id = i.id and p.n = 1
      where i.kind = 'deposit' and i.plan = 'paid' and p.source <> 'stripe' and ${r("i.key", "credit.twice")} < 0.05
      union all
      select id, key, project_id, amount, 'void', p_created, span_s,
        voided_s + ${days(`0.2 + 2 * ${r("key", "credit.received")}`)}
      from seed_invoices where plan = 'void' and sent_s is not null and ${r("key", "credit.void")} < 0.3
    ), received as (
      select c.*, ${atOffset("received_s")} as received_at,
        (select b.id from seed_invoices b where b.project_id = c.project_id and b.kind = 'balance' and b.plan = 'paid'
          and b.amount >= c.amount and b.issue_s > c.received_s) as balance_id
      from paid_twice c
    )
    select r.*, case when received_at > ${ctx.nowSql} - interval '${OPEN_CREDIT_DAYS} days'
          or row_number() over (order by received_at desc, invoice_id) = 1 then 'open'
        when reason = 'already_paid' and balance_id is not null and ${r("key", "credit.applied")} < 0.6 then 'applied'
        else 'refunded' end as status,
      'cs_live_' || substr(md5('session:' || ${ctx.run} || ':credit:' || invoice_id), 1, 24) as session,
      'evt_' || substr(md5('event:' || ${ctx.run} || ':credit:' || invoice_id), 1, 24) as event
    from received r`);
  // The balances: a credit applied first (on the day it was applied), the rest paid as planned.
  await ctx.exec(`insert into seed_payment_plan
    select c.balance_id, 0, c.amount, b.sent_s + ${days(0.01)}, 'credit', 'credit', 'Credit from ' || i.number, null,
      b.p_created, b.span_s
    from seed_credits c join seed_invoices b on b.id = c.balance_id join invoices i on i.id = c.invoice_id
    where c.status = 'applied'`);
  await ctx.exec(`insert into seed_payment_plan
    ${paymentsOf(
      ctx,
      `select b.*, b.amount - coalesce(c.amount, 0) as due, b.sent_s + ${days(0.02)} as from_s
      from seed_invoices b left join seed_credits c on c.balance_id = b.id and c.status = 'applied'
      where b.kind = 'balance'`,
    )}`);

  const total = Number((await ctx.exec("select count(*) as n from seed_payment_plan")).rows[0]?.n ?? 0);
  if (total === 0) return 0;
  const firstId = await reserveIds(ctx.exec, "invoice_payments", total);
  await ctx.exec(`create temp table seed_payments on commit drop as
    select ${firstId} - 1 + row_number() over (order by ${atOffset("at_s")}, invoice_id, n) as id, p.*,
      ${atOffset("at_s")} as created_at
    from seed_payment_plan p`);
  const { rowCount } = await ctx.exec(`insert into invoice_payments (id, invoice_id, amount_cents, paid_on, method,
      source, note, stripe_event_id, created_at)
    select id, invoice_id, amount_cents, ${dayOf(ctx, "created_at")}, method, source, note, stripe_event_id, created_at
    from seed_payments order by id`);
  return rowCount ?? 0;
}

/**
 * The payments of `invoices` (seed_invoices' rows with `due`, what is to be paid, and `from_s`,
 * the offset from which it is): paid invoices in one payment or, past $200, sometimes two; a
 * partial one about half of it, in whole dollars.
 */
function paymentsOf(ctx: SeedContext, invoices: string): string {
  const pk = "(s.key * 8 + s.n) * 4 + g.n";
  const r = (name: string) => ctx.r(pk, name);
  const half = "(s.due / 200) * 100";
  const delay = `case m.code when 1 then 0.03 + 2.5 * ${r("payment.delay")} when 2 then 2 + 10 * ${r("payment.delay")}
    when 3 then 1 + 5 * ${r("payment.delay")} when 4 then 0.5 + 6 * ${r("payment.delay")}
    when 5 then 0.1 + 3 * ${r("payment.delay")} else 1 + 8 * ${r("payment.delay")} end
    + (g.n - 1) * (10 + 20 * ${r("payment.later")})`;
  const session = `'cs_live_' || substr(md5('session:' || ${ctx.run} || ':' || ${pk}), 1, 24)`;
  return `select s.id as invoice_id, g.n,
      case when s.plan = 'partial' then greatest(100, least(s.due - 100, (s.due * (40 + floor(20 * ${r("payment.part")}))::int8
          / 10000 * 100)::int))
        when parts.n = 2 and g.n = 1 then ${half} when parts.n = 2 then s.due - ${half} else s.due end as amount_cents,
      s.from_s + ${days(delay)} as at_s,
      (array['card', 'check', 'bank_transfer', 'cash', 'card', 'other'])[m.code] as method,
      case when m.code = 1 then 'stripe' else 'manual' end as source,
      case m.code when 1 then 'Stripe Checkout ' || ${session}
        when 2 then 'Check #' || (1001 + floor(${r("payment.check")} * 8998)::int) when 5 then 'Card over the phone'
        when 6 then 'Zelle' end as note,
      case when m.code = 1 then 'evt_' || substr(md5('event:' || ${ctx.run} || ':' || ${pk}), 1, 24) end as stripe_event_id,
      s.p_created, s.span_s
    from (${invoices}) s
    cross join lateral (select case when s.plan = 'paid' and s.due >= 20000 and ${ctx.r("s.key * 8 + s.n", "payment.split")} < 0.08
      then 2 else 1 end as n) parts
    cross join lateral generate_series(1, parts.n) as g(n)
    cross join lateral (select ${methods.pick(r("payment.method"))} as code) m
    where s.plan in ('paid', 'partial') and s.due > 0`;
}

/** The credits, as the app keeps them: from Stripe's event, refunded or applied by the owner, or still open. */
export async function seedCredits(ctx: SeedContext): Promise<number> {
  const r = (name: string) => ctx.r("c.key", name);
  const { rowCount } = await ctx.exec(`insert into billing_credits (invoice_id, amount_cents, reason, status,
      stripe_event_id, received_on, note, resolution_note, applied_invoice_id, applied_payment_id, resolved_at, created_at)
    select c.invoice_id, c.amount, c.reason, c.status, c.event, ${dayOf(ctx, "c.received_at")},
      'Stripe Checkout ' || c.session || ': ' || ${cents("c.amount")} || ' paid, '
        || case c.reason when 'void' then 'the invoice was void' else 'the invoice was already paid' end,
      case c.status when 'refunded' then 'Refunded in the Stripe dashboard.'
        when 'applied' then 'Applied ' || ${cents("c.amount")} || ' to ' || b.number end,
      case when c.status = 'applied' then c.balance_id end, p.id,
      case c.status when 'refunded' then ${atOffset(`c.received_s + ${days(`1 + 4 * ${r("credit.refunded")}`)}`, "c")}
        when 'applied' then p.created_at end,
      c.received_at
    from seed_credits c
    left join seed_payments p on p.invoice_id = c.balance_id and p.n = 0 and c.status = 'applied'
    left join invoices b on b.id = c.balance_id
    order by c.received_at, c.invoice_id`);
  return rowCount ?? 0;
}
