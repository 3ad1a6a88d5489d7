import { site } from "~/config/site";
import { quoteContentHash } from "../../server/services/billing/quote-rows";
import type { StoredLine } from "../../server/db/schema";
import { ADD_ONS, DECLINE_REASONS, USER_AGENTS } from "./billing-texts";
import {
  advanceCounters,
  atOffset,
  BILLING,
  billingNumber,
  dayOf,
  days,
  halfUp,
  lineTotal,
  nextSequence,
  yearOf,
} from "./billing-sql";
import type { SeedContext } from "./context";
import { reserveIds } from "./database-state";
import { lit, SqlList } from "./sql";

/**
 * The quotes (docs/product/billing.md "Quotes"): one family per project whose client has an
 * e-mail address, written a day or two after the lead from a price tier (site.pricing.tiers)
 * and a few add-ons, sent, often revised (each revision trimmed, or discounted, and sent in its
 * quote's place), then decided as the project went: accepted for every project that went ahead
 * (with the name typed, the address, the browser and the hash of the content, as the portal
 * keeps them), declined or expired for the leads that did not, still open or in draft for the
 * newest. The accepted quotes are seed_accepted, for the invoices.
 */

const tiers = site.pricing.tiers;
const tierLine = new SqlList(tiers.map((t) => t.line));
const tierPrice = new SqlList(
  tiers.map((t) => t.price * 100),
  "int",
);
const tierId = new SqlList(tiers.map((t) => t.id));
const addOnText = new SqlList(ADD_ONS.map(([text]) => text));
const addOnPrice = new SqlList(
  ADD_ONS.map(([, price]) => price),
  "int",
);
// Each add-on's quantities, flattened: the add-on's first index and its count.
const quantities = new SqlList(
  ADD_ONS.flatMap(([, , q]) => q),
  "float8",
);
const quantityFirst = new SqlList(
  ADD_ONS.map((_, i) => 1 + ADD_ONS.slice(0, i).reduce((n, [, , q]) => n + q.length, 0)),
  "int",
);
const quantityCount = new SqlList(
  ADD_ONS.map(([, , q]) => q.length),
  "int",
);
const declines = new SqlList(DECLINE_REASONS);
const agents = new SqlList(USER_AGENTS);

/** A quote at most this many add-ons (its first revision may have one more per later revision). */
const MOST_ADD_ONS = 5;
/** Projects that went ahead: their quote was accepted. */
const WENT_AHEAD = "('planning', 'design', 'development', 'review', 'launch', 'complete', 'maintenance')";

export async function seedQuotes(ctx: SeedContext): Promise<number> {
  const r = (key: string, name: string) => ctx.r(key, name);
  const f = (name: string) => r("key", name);
  // One family per project: its outcome, its number of revisions, its tier and add-ons.
  await ctx.exec(`create temp table seed_quote_families on commit drop as
    with base as (
      select p.id as project_id, p.contact_i as key, p.name as client_name, p.email as client_email,
        pr.name as project_name, p.status as project_status, p.created_at as p_created, p.completed_at, p.site_type, p.budget,
        c.status as contact_status, greatest(1, extract(epoch from ${ctx.nowSql} - p.created_at)) as span_s
      from seed_projects p join projects pr on pr.id = p.id join seed_contacts c on c.id = p.contact_id
      where p.email is not null
    ), planned as (
      select b.*, case
          when project_status in ${WENT_AHEAD} then 'accepted'
          when project_status = 'on_hold' then (case when contact_status = 'won' then 'accepted' else 'open' end)
          when span_s < ${days(0.5)} then (case when ${f("quote.none")} < 0.6 then 'none' else 'draft' end)
          when span_s < ${days(5)} and ${f("quote.none")} < 0.15 then 'draft'
          when contact_status = 'lost' and ${f("quote.lost")} < 0.6 then 'declined'
          else 'open' end as outcome,
        case budget when '75-150' then 1 when '150-300' then 2 when '300-500' then 2 when '500-plus' then 3
          when 'discuss' then 3 else 1 + floor(${f("quote.tier")} * 3)::int end as tier
      from base b
    )
    select p.*, case when outcome = 'draft' then 1
        else 1 + (${f("quote.revised")} < 0.3)::int + (${f("quote.revised")} < 0.08)::int end as revisions,
      -- the last revision's add-ons; a Single Page site seldom has any
      case tier when 1 then (${f("quote.addons")} < 0.2)::int else floor(${f("quote.addons")} * (tier + 1))::int end
        as addons,
      floor(${f("quote.addon")} * ${ADD_ONS.length})::int as first_addon,
      ${days(`0.1 + 1.9 * ${f("quote.start")}`)} as start_s
    from planned p where outcome <> 'none'`);

  // Each revision: when it was written, sent, viewed and decided (offsets from the project's creation).
  const rk = "key * 8 + j";
  await ctx.exec(`create temp table seed_quote_revisions on commit drop as
    with revs as (
      select f.*, j, ${days(`0.05 + 0.5 * ${r(rk, "quote.send")}`)} as send_s,
        ${days(`1 + 5 * ${r(rk, "quote.gap")}`)} as gap_s
      from seed_quote_families f cross join lateral generate_series(1, f.revisions) as j
    ), timed as (
      select v.*, start_s + coalesce(sum(send_s + gap_s) over (partition by project_id order by j
          rows between unbounded preceding and 1 preceding), 0) as created_s
      from revs v
    )
    select t.*, created_s + send_s as sent_s,
      case when ${r(rk, "quote.viewed")} < 0.85 then created_s + send_s + ${days(`0.02 + 1.2 * ${r(rk, "quote.view")}`)} end
        as viewed_s,
      created_s + send_s + ${days(`1.3 + 3 * ${r(rk, "quote.decide")}`)} as decided_s,
      least(addons + revisions - j, ${MOST_ADD_ONS}) as extras,
      case when site_type = 'nonprofit' then 'percent' when j > 1 and ${r(rk, "quote.discount")} < 0.4 then 'amount'
        else 'none' end as discount_type
    from timed t`);

  const total = Number((await ctx.exec("select count(*) as n from seed_quote_revisions")).rows[0]?.n ?? 0);
  if (total === 0) return 0;
  const firstId = await reserveIds(ctx.exec, "quotes", total);
  await writeQuoteRows(ctx, firstId);
  await signAcceptances(ctx);
  const { rowCount } = await ctx.exec(`insert into quotes (id, number, revision, project_id, project_ref, project_name,
      status, replaces_id, replaced_by_id, lines, discount_type, discount_value, subtotal_cents, discount_cents,
      total_cents, deposit_percent, deposit_cents, terms, notes, valid_until, sent_at, viewed_at, decided_at,
      decline_reason, accepted_name, accepted_at, accepted_ip, accepted_user_agent, accepted_content_hash,
      created_at, updated_at)
    select id, number, revision, project_id, project_id, project_name, status, replaces_id, replaced_by_id, lines,
      discount_type, discount_value, subtotal_cents, discount_cents, total_cents, deposit_percent, deposit_cents,
      ${BILLING.terms}, notes, valid_until, sent_at, viewed_at, decided_at, decline_reason, accepted_name, accepted_at,
      accepted_ip, accepted_user_agent, accepted_content_hash, created_at,
      greatest(created_at, sent_at, viewed_at, decided_at)
    from seed_quotes order by id`);
  await advanceCounters(ctx, "quote", "(select distinct year, sequence from seed_quotes) q");
  await ctx.exec(`create temp table seed_accepted on commit drop as
    select q.id as quote_id, q.number, q.total_cents, q.deposit_cents, q.deposit_percent, q.decided_s, f.*
    from seed_quotes q join seed_quote_families f using (project_id) where q.status = 'accepted'`);
  return rowCount ?? 0;
}

/** seed_quotes: every revision with its number, lines, totals, status and links, the acceptances unsigned. */
async function writeQuoteRows(ctx: SeedContext, firstId: number): Promise<void> {
  const rk = "key * 8 + j";
  const r = (key: string, name: string) => ctx.r(key, name);
  const at = (offset: string) => atOffset(offset);
  const addon = `(1 + (first_addon + k - 1) % ${ADD_ONS.length})`;
  // Each revision's lines: its tier, then its add-ons (the first revisions had the ones later dropped).
  await ctx.exec(`create temp table seed_quote_lines on commit drop as
    select key, j, 0 as k, ${tierLine.at("tier")} as description, 1::float8 as quantity,
      ${tierPrice.at("tier")} as unit_price_cents, ${tierId.at("tier")} as preset
    from seed_quote_revisions
    union all
    select key, j, k, ${addOnText.at(addon)}, ${quantities.at(
      `${quantityFirst.at(addon)} + floor(${ctx.r("key * 16 + k", "quote.quantity")} * ${quantityCount.at(addon)})::int`,
    )}, ${addOnPrice.at(addon)}, null
    from seed_quote_revisions cross join lateral generate_series(1, extras) as k`);
  await ctx.exec(`create temp table seed_quotes on commit drop as
    with priced as (
      select key, j, sum(${lineTotal("quantity::numeric", "unit_price_cents")})::int as subtotal_cents,
        jsonb_agg(jsonb_build_object('description', description, 'quantity', quantity::numeric,
          'unit_price_cents', unit_price_cents, 'total_cents', ${lineTotal("quantity::numeric", "unit_price_cents")},
          'preset', preset) order by k) as lines
      from seed_quote_lines group by key, j
    ), numbered as (
      select v.*, ${firstId} - 1 + row_number() over (order by ${at("created_s")}, project_id, j) as id,
        ${at("created_s")} as created_at
      from seed_quote_revisions v
    ), families as (
      select project_id, ${yearOf(ctx, "created_at")} as year,
        ${nextSequence("quote", yearOf(ctx, "created_at"), "created_at, project_id")} as sequence
      from numbered where j = 1
    ), money as (
      select n.*, fa.year, fa.sequence, p.lines, p.subtotal_cents,
        case n.discount_type when 'percent' then 1000 when 'amount' then (case when p.subtotal_cents >= 60000 then 10000
          else 2500 end) else 0 end as discount_value
      from numbered n join families fa using (project_id) join priced p using (key, j)
    ), totalled as (
      select m.*, case discount_type when 'percent' then least(subtotal_cents, ${halfUp("subtotal_cents * discount_value", 10_000)})
          when 'amount' then least(subtotal_cents, discount_value) else 0 end as discount_cents,
        -- the whole price up front for a Single Page site, half otherwise (site.billing.depositPercent)
        case when tier = 1 and extras = 0 then 100 else ${BILLING.depositPercent} end as deposit_percent
      from money m
    ), states as (
      select t.*, subtotal_cents - discount_cents as total_cents,
        min(${dayOf(ctx, "created_at")}) over (partition by project_id) + ${BILLING.quoteValidDays} as valid_until,
        case when j < revisions then (case when viewed_s is null then 'sent' else 'viewed' end)
          when outcome in ('accepted', 'declined', 'draft') then outcome
          else (case when viewed_s is null then 'sent' else 'viewed' end) end as planned
      from totalled t
    ), decided as (
      -- a sent quote past its valid-until day (replaced or not) was marked expired by the daily job the morning after
      select s.*, case when planned in ('sent', 'viewed') and valid_until < ${dayOf(ctx, ctx.nowSql)} then 'expired'
          else planned end as status
      from states s
    )
    select d.id, ${billingNumber("Q", "d.year", "d.sequence")} as number, d.year, d.sequence, d.j as revision,
      d.project_id, d.project_name, d.status, d.lines, d.discount_type, d.discount_value, d.subtotal_cents,
      d.discount_cents, d.total_cents, d.deposit_percent, ${halfUp("d.total_cents * d.deposit_percent", 100)} as deposit_cents,
      case when ${r(rk, "quote.notes")} < 0.25 then ${lit("As we discussed: hosting and small updates after launch are included.")} end
        as notes,
      d.valid_until, d.created_at, d.client_name,
      lag(d.id) over (partition by d.project_id order by d.j) as replaces_id,
      case when d.j < d.revisions then lead(d.id) over (partition by d.project_id order by d.j) end as replaced_by_id,
      case when d.status <> 'draft' then ${at("d.sent_s")} end as sent_at,
      case when d.status <> 'draft' and d.viewed_s is not null then ${at("d.viewed_s")} end as viewed_at,
      case when d.status in ('accepted', 'declined') then ${at("d.decided_s")}
        when d.status = 'expired' then least(${ctx.nowSql}, ((d.valid_until + 1)::timestamp + interval '6 hours') at time zone ${ctx.tzSql})
        end as decided_at,
      d.decided_s,
      case when d.status = 'declined' then nullif(${declines.pick(r(rk, "quote.reason"))}, '') end as decline_reason,
      case when d.status = 'accepted' then ${at("d.decided_s")} end as accepted_at,
      case when d.status = 'accepted' then d.client_name end as accepted_name,
      case when d.status = 'accepted' then '198.51.100.' || (1 + d.key % 254) end as accepted_ip,
      case when d.status = 'accepted' then ${agents.pick(r(rk, "quote.agent"))} end as accepted_user_agent,
      null::text as accepted_content_hash
    from decided d`);
}

/**
 * The hash each accepted quote was accepted with: the app's own (quoteContentHash) over the
 * quote's content as it reads it back, so the portal and the PDF show an acceptance that matches.
 */
async function signAcceptances(ctx: SeedContext): Promise<void> {
  const { rows } = await ctx.exec(`select id, number, revision, project_id, lines, discount_type, discount_value,
      subtotal_cents, discount_cents, total_cents, deposit_percent, deposit_cents, ${BILLING.terms} as terms, notes,
      to_char(valid_until, 'YYYY-MM-DD') as valid_until
    from seed_quotes where status = 'accepted'`);
  const signed = rows.map((row) => {
    const hash = quoteContentHash({
      number: String(row.number),
      revision: Number(row.revision),
      project_id: String(row.project_id),
      lines: row.lines as StoredLine[],
      discount_type: row.discount_type as "none" | "percent" | "amount",
      discount_value: Number(row.discount_value),
      subtotal_cents: Number(row.subtotal_cents),
      discount_cents: Number(row.discount_cents),
      total_cents: Number(row.total_cents),
      deposit_percent: Number(row.deposit_percent),
      deposit_cents: Number(row.deposit_cents),
      terms: String(row.terms),
      notes: row.notes === null ? null : String(row.notes),
      valid_until: String(row.valid_until),
    });
    return `(${Number(row.id)}, ${lit(hash)})`;
  });
  // A few thousand at a time: one statement stays a few hundred KB.
  for (let i = 0; i < signed.length; i += 5000)
    await ctx.exec(`update seed_quotes q set accepted_content_hash = v.hash
      from (values ${signed.slice(i, i + 5000).join(", ")}) as v(id, hash) where q.id = v.id`);
}
