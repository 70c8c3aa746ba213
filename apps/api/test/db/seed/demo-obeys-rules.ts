import { maskPin } from '@enq/contract';
import type { Database } from '../../../src/db/client';

/**
 * What the demo's history broke of the product's rules, per account and period: each line names a call
 * that authorize would have refused (SPEND-07, SPEND-08, MONEY-04), or a 100% alert sent on another day
 * than the call that used the plan up. Empty when the demo obeys them.
 */
export async function demoRuleBreaks(database: Database): Promise<string[]> {
  const breaks: string[] = [];
  const periods = await database.query<{
    account: string;
    period_id: string;
    plan: string;
    yearly: boolean;
    granted: string;
  }>(
    `select a.name as account, bp.id as period_id, pl.id as plan, pl.period = 'yr' as yearly,
            (select coalesce(sum(amount), 0) from credit_ledger l
              where l.account_id = bp.account_id and l.period_id = bp.id
                and l.kind in ('grant', 'carry_in', 'bonus') and l.bucket in ('plan', 'rollover', 'bonus'))::text
              as granted
       from billing_periods bp join accounts a on a.id = bp.account_id join plans pl on pl.id = bp.plan_id
      order by a.name, bp.starts_at`,
  );
  for (const period of periods) {
    const where = `${period.account}, ${period.plan} period ${period.period_id.slice(0, 8)}`;
    // Each call with what was used before it: in the period, by its caller, and beyond the plan.
    const calls = await database.query<{
      uuid: string;
      at: Date;
      day: string;
      credits: string;
      overage: string;
      unbilled: string;
      included_before: string;
      overage_before: string;
      caller_before: string;
      limit_cc: string | null;
      cap_cents: string | null;
    }>(
      `select c.call_uuid as uuid, c.call_timestamp as at,
              to_char(c.call_timestamp at time zone 'America/New_York', 'YYYY-MM-DD') as day,
              c.credits_used::text as credits, c.overage_credits::text as overage, c.unbilled_credits::text as unbilled,
              (coalesce(sum(c.plan_credits + c.rollover_credits + c.bonus_credits) over w, 0))::text as included_before,
              (coalesce(sum(c.overage_credits) over w, 0))::text as overage_before,
              (coalesce(sum(c.credits_used) over (partition by c.person_id order by c.call_timestamp, c.call_uuid
                 rows between unbounded preceding and 1 preceding), 0))::text as caller_before,
              l.limit_cc::text, cap.cap_cents::text
         from calls c
         left join user_credit_limits l on l.account_id = c.account_id and l.person_id = c.person_id
         left join spending_caps cap on cap.account_id = c.account_id
        where c.account_id = (select account_id from billing_periods where id = $1) and c.period_id = $1
       window w as (order by c.call_timestamp, c.call_uuid rows between unbounded preceding and 1 preceding)
        order by c.call_timestamp, c.call_uuid`,
      [period.period_id],
    );
    const granted = Number(period.granted);
    for (const call of calls) {
      if (period.yearly && Number(call.included_before) >= granted)
        breaks.push(`${where}: ${call.uuid} made after the annual plan's credits were used`);
      if (period.yearly && Number(call.overage) > 0) breaks.push(`${where}: ${call.uuid} billed overage`);
      if (call.limit_cc !== null && Number(call.caller_before) >= Number(call.limit_cc))
        breaks.push(`${where}: ${call.uuid} made after its caller reached their monthly limit`);
      if (
        call.cap_cents !== null &&
        !period.yearly &&
        Number(call.overage_before) >= Number(call.cap_cents) * 100
      )
        breaks.push(`${where}: ${call.uuid} made after the spending cap was reached`);
    }
    // The call that used the plan up is the one whose included use reaches what the period was given.
    const crossing = calls.find(
      (c) => Number(c.included_before) < granted && Number(c.included_before) + Number(c.credits) >= granted,
    );
    const [alert] = await database.query<{ day: string }>(
      `select to_char(fired_at at time zone 'America/New_York', 'YYYY-MM-DD') as day from spend_alert_firings
        where period_id = $1 and kind = 'plan_percent' and amount = 100`,
      [period.period_id],
    );
    if ((alert?.day ?? null) !== (crossing?.day ?? null))
      breaks.push(
        `${where}: plan used up on ${crossing?.day ?? 'no day'}, 100% alert sent ${alert?.day ?? 'never'}`,
      );
  }
  return breaks;
}

/**
 * Each person's PIN entries in the activity log, oldest first, read as one story: added with a PIN, each
 * change from the PIN before it, ending at the PIN they have now (a story that starts at the end reads out
 * of order on the Activity view).
 */
export async function pinChainBreaks(database: Database): Promise<string[]> {
  const entries = await database.query<{
    name: string;
    pin: string | null;
    action: string;
    before: string | null;
    after: string | null;
  }>(
    `select p.full_name as name, p.pin, a.action, a.before->>'pin_number' as before, a.after->>'pin_number' as after
       from audit_log a join people p on p.account_id = a.account_id and p.id = a.target_person_id
      where a.action in ('user.added', 'user.pin_changed')
      order by p.full_name, a.at, a.id`,
  );
  const breaks: string[] = [];
  const held = new Map<string, string | null>();
  for (const e of entries) {
    if (e.action === 'user.pin_changed' && held.has(e.name) && held.get(e.name) !== e.before)
      breaks.push(`${e.name}: PIN changed from ${e.before} after being ${held.get(e.name)}`);
    held.set(e.name, e.after);
  }
  for (const e of entries)
    if (held.has(e.name) && e.pin && held.get(e.name) !== maskPin(e.pin)) {
      breaks.push(`${e.name}: the log ends at PIN ${held.get(e.name)}, the person has ${maskPin(e.pin)}`);
      held.delete(e.name);
    }
  return breaks;
}
