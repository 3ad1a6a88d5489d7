import type { SeedContext } from "./context";
import { FAILURES, TRANSIENT_FAILURES } from "./outbox-texts";
import { SqlList } from "./sql";

/**
 * What became of each outbox message (docs/decisions/028-outbox.md): nearly all sent within
 * seconds; held for ten days early on, when the mail server was not set up yet (the owner sent
 * most of them afterwards); a few refused for good (failed) or thrown away by the owner
 * (discarded); a sign-in link now and then past its 30 minutes (dropped); and, in the last
 * hours, a few waiting for their next try (retrying).
 */

const failures = new SqlList(FAILURES);
const transient = new SqlList(TRANSIENT_FAILURES);

/** The status of a row of `numbered` (kind, created_at, key). */
export function outboxStatus(ctx: SeedContext): string {
  const r = (name: string) => ctx.r("key", name);
  const day = (d: number) => `(select starts from seed_days where d = ${d})`;
  return `case
    when kind = 'portal_sign_in' and ${r("outbox.expired")} < 0.1 then 'dropped'
    when created_at > ${ctx.nowSql} - interval '3 hours' and ${r("outbox.retry")} < 0.25 then 'retrying'
    when created_at >= ${day(60)} and created_at < ${day(70)} and ${r("outbox.held")} < 0.6 then 'held'
    when ${r("outbox.failed")} < 0.012 then 'failed'
    when ${r("outbox.failed")} < 0.016 then 'discarded'
    else 'sent' end`;
}

/** attempts, last_error, sent_at and next_attempt_at, from `status`. */
export function outboxDelivery(ctx: SeedContext): string {
  const r = (name: string) => ctx.r("key", name);
  const failure = `replace(${failures.pick(r("outbox.why"))}, '{to}', to_address)`;
  const expired = `'Not sent: it was only useful until ' || to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || ' (its link had expired) and could not go out before then.'`;
  return `case status when 'sent' then 1 + (${r("outbox.tries")} < 0.04)::int
      when 'failed' then (case when ${r("outbox.tries")} < 0.6 then 1 else 30 + floor(${r("outbox.more")} * 20)::int end)
      when 'retrying' then 1 + floor(${r("outbox.tries")} * 4)::int
      when 'discarded' then 1 else 0 end as attempts,
    case status when 'failed' then ${failure} when 'discarded' then ${failure}
      when 'retrying' then ${transient.pick(r("outbox.why"))} when 'dropped' then ${expired} end as last_error,
    case when status = 'sent' then least(${ctx.nowSql}, created_at + (1 + 4 * ${r("outbox.sent")}) * interval '1 second'
      + (${r("outbox.tries")} < 0.04)::int * interval '2 minutes') end as sent_at,
    case when status = 'retrying' then ${ctx.nowSql} + (2 + 28 * ${r("outbox.next")}) * interval '1 minute' end
      as next_attempt_at`;
}
