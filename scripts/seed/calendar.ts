import { site } from "~/config/site";
import { dayIn } from "~/contracts/analytics-days";
import type { SeedContext } from "./context";
import { allocate, lit, ranges } from "./sql";

/**
 * The seed's two years, one row per day in the business's time zone (seed_days), with the
 * shape of a growing local business: weekdays busier than weekends, a spring peak as
 * businesses get ready for summer, a lull over the holidays, and growth (traffic about
 * doubles over the two years, leads grow faster). Every dated row is spread over these days.
 *
 * Day 0 starts 729 days before today: the retention purges (analytics, inquiries) delete rows
 * older than two years, so nothing seeded is purged by the app's first hourly run.
 */
export const DAYS = 730;

export async function createCalendar(ctx: SeedContext): Promise<void> {
  const today = dayIn(site.timeZone, ctx.now);
  const tz = ctx.tzSql;
  await ctx.exec(`create temp table seed_days on commit drop as
    with days as (
      select d, ${lit(today)}::date - ${DAYS - 1} + d as day from generate_series(0, ${DAYS - 1}) as d
    ), timed as (
      select d, day, (day::timestamp at time zone ${tz}) as starts,
        least(((day + 1)::timestamp at time zone ${tz}), ${ctx.nowSql}) as ends
      from days
    )
    select d, day, starts, greatest(extract(epoch from ends - starts)::float8, 1) as span_s,
      -- today counts for the part of it that has passed
      greatest(extract(epoch from ends - starts)::float8, 1) / 86400
      * (array[0.72, 1.12, 1.15, 1.12, 1.05, 0.94, 0.68])[extract(dow from day)::int + 1]
      * (1 + 0.16 * cos(2 * pi() * (extract(doy from day) - 105) / 365.25))
      * (case when to_char(day, 'MMDD') >= '1220' or to_char(day, 'MMDD') <= '0102' then 0.7 else 1 end)
      * (0.85 + 0.3 * ${ctx.r("d", "day.noise")}) as shape
    from timed`);
}

/** Weights of the days: "web" for visits, "lead" for leads and chats (they grow faster). */
const WEIGHT = {
  web: `shape * (0.45 + 0.55 * d / ${DAYS - 1}.0)`,
  lead: `shape * (0.35 + 0.65 * power(d / ${DAYS - 1}.0, 1.3))`,
} as const;

/** `total` rows spread over the days by weight, in day order: seed_days' columns plus k (0..total-1). */
export const spreadOverDays = (total: number, weight: keyof typeof WEIGHT) =>
  allocate(`select *, ${WEIGHT[weight]} as w from seed_days`, "d", "w", total);

/** The days with their share [k0, k1) of `total` rows, unexpanded. */
export const shareOfDays = (total: number, weight: keyof typeof WEIGHT) =>
  ranges(`select *, ${WEIGHT[weight]} as w from seed_days`, "d", "w", total);

/**
 * A moment of a day for a uniform draw: `frac` in [0, 1) of the day's span (today: of the part
 * that has passed), so a row is never dated after now.
 */
export const momentOf = (frac: string) => `(starts + (span_s * (${frac})) * interval '1 second')`;

/** The hour visitors browse: mostly 7 am to 11 pm, busiest mid-afternoon; some at any hour. */
export const browsingHour = (r1: string, r2: string, r3: string) =>
  `(case when ${r3} < 0.1 then ${r1} else (7 + 16 * (${r1} + ${r2}) / 2) / 24 end)`;

/** The owner's working hours, 8:30 to 6 pm. */
export const workingHour = (r: string) => `((8.5 + 9.5 * ${r}) / 24)`;
