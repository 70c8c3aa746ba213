import type { Transactional } from '../../db/handle';
import type { UserLimitReached } from './user-limits-repository';

// Spend alerts, the spending cap and per-user limits (migration 0025). Amounts as stored: percents,
// cents ('overage_cents', 'forecast_overage_cents' (migration 0029), 'cap') and centicredits (usage, user
// limits).

export type StoredKind = 'plan_percent' | 'overage_cents' | 'forecast_overage_cents';
export interface StoredThreshold {
  kind: StoredKind;
  amount: number;
}
export interface Firing {
  kind: StoredKind | 'cap';
  amount: number;
  fired_at: Date;
}

/** A period's credits as the alerts read them (centicredits). */
export interface PeriodSpend {
  /** Plan, rollover and bonus credits the period holds: the period model's available credits. */
  granted: number;
  /** Of them, used. */
  included: number;
  overage: number;
}

/**
 * `u`: the period's spend for account $1 and period $2, by the period model's rule (domain/periods): each
 * of the plan, rollover and bonus buckets holds what it used plus what it has left (never below zero),
 * whatever put credits in it (a grant, a carry, a referral bonus or a console adjustment).
 */
const PERIOD_SPEND_CTE = `b as (
       select bucket, sum(amount) as total, coalesce(-sum(amount) filter (where kind = 'use'), 0) as used
         from credit_ledger where account_id = $1 and period_id = $2 group by bucket),
     u as (
       select coalesce(sum(used + greatest(total, 0)) filter (where bucket in ('plan', 'rollover', 'bonus')), 0)
                as granted,
              coalesce(sum(used) filter (where bucket in ('plan', 'rollover', 'bonus')), 0) as included,
              coalesce(sum(used) filter (where bucket = 'overage'), 0) as overage
         from b)`;

/** The batch's own share of a period's use, to tell the usage before it from the usage after. */
export interface BatchSpend {
  included: number;
  overage: number;
}

/**
 * Records every threshold (and the cap) of the account that this batch crossed in the period: the usage
 * before the batch was below it and the usage after is at or above it. The key (account, period, kind,
 * amount) keeps one row per period, so a threshold crossed twice (a race, a resent batch) is answered
 * once: only the rows written here come back. The same statement records the sub-account users whose use
 * in the period reached their monthly limit (SPEND-16, as recordUserLimitsReached does), so every batch
 * pays a single round trip, with or without limits; it also says whether the account has a forecast
 * threshold, which is weighed apart (SPEND-14, SPEND-15).
 */
export async function recordCrossings(
  tx: Transactional,
  accountId: string,
  periodId: string,
  batch: BatchSpend,
  now: Date,
): Promise<{ fired: Firing[]; spend: PeriodSpend; hasForecast: boolean; limitsReached: UserLimitReached[] }> {
  const rows = await tx.query<
    {
      kind: Firing['kind'] | null;
      amount: string | null;
      reached: { full_name: string; limit_cc: string }[];
    } & Record<string, string>
  >(
    `with ${PERIOD_SPEND_CTE},
     t as (select kind, amount from spend_thresholds where account_id = $1 and kind <> 'forecast_overage_cents'
           union all select 'cap', cap_cents from spending_caps where account_id = $1),
     fired as (
       insert into spend_alert_firings (account_id, period_id, kind, amount, fired_at)
       select $1, $2, t.kind, t.amount, $5 from t, u
        where case when t.kind = 'plan_percent'
                   then u.granted > 0 and (u.included - $3) * 100 < t.amount * u.granted
                        and u.included * 100 >= t.amount * u.granted
                   else u.overage - $4 < t.amount * 100 and u.overage >= t.amount * 100 end
       on conflict do nothing
       returning kind, amount),
     reached as (
       insert into user_limit_firings (account_id, period_id, person_id, limit_cc, fired_at)
       select l.account_id, u.period_id, l.person_id, l.limit_cc, $5
         from user_credit_limits l
         join user_period_usage u on u.account_id = l.account_id and u.person_id = l.person_id
        where l.account_id = $1 and u.period_id = $2 and u.credits_cc >= l.limit_cc
       on conflict do nothing
       returning person_id, limit_cc)
     select u.granted::text, u.included::text, u.overage::text, f.kind, f.amount::text,
            exists (select 1 from spend_thresholds where account_id = $1 and kind = 'forecast_overage_cents')::text
              as has_forecast,
            (select coalesce(json_agg(json_build_object('full_name', p.full_name, 'limit_cc', r.limit_cc::text)
                                      order by p.full_name), '[]'::json)
               from reached r join people p on p.account_id = $1 and p.id = r.person_id) as reached
       from u left join fired f on true`,
    [accountId, periodId, batch.included, batch.overage, now],
    { prepare: true },
  );
  const first = rows[0]!;
  return {
    spend: {
      granted: Number(first.granted),
      included: Number(first.included),
      overage: Number(first.overage),
    },
    fired: rows
      .filter((r) => r.kind !== null)
      .map((r) => ({ kind: r.kind!, amount: Number(r.amount), fired_at: now })),
    hasForecast: first.has_forecast === 'true',
    limitsReached: first.reached.map((r) => ({ full_name: r.full_name, limit_cc: Number(r.limit_cc) })),
  };
}

/**
 * Records the forecast thresholds (cents) that the projected overage crossed with this batch: below it
 * before, at or above it after. The same key as every firing keeps it to once per period.
 */
export async function recordForecastCrossings(
  tx: Transactional,
  accountId: string,
  periodId: string,
  projected: { beforeCents: number; afterCents: number },
  now: Date,
): Promise<Firing[]> {
  const rows = await tx.query<{ amount: string }>(
    `insert into spend_alert_firings (account_id, period_id, kind, amount, fired_at)
     select $1, $2, kind, amount, $5 from spend_thresholds
      where account_id = $1 and kind = 'forecast_overage_cents' and amount > $3 and amount <= $4
     on conflict do nothing
     returning amount::text`,
    [accountId, periodId, projected.beforeCents, projected.afterCents, now],
  );
  return rows.map((r) => ({ kind: 'forecast_overage_cents', amount: Number(r.amount), fired_at: now }));
}

/**
 * The cap set at `capCents` when the period's overage already reaches it: recorded as reached now (once
 * per period and amount, like every firing); null when it is not reached or was recorded before.
 */
export async function recordCapReachedAtSave(
  tx: Transactional,
  accountId: string,
  periodId: string,
  capCents: number,
  now: Date,
): Promise<Firing | null> {
  const rows = await tx.query(
    `insert into spend_alert_firings (account_id, period_id, kind, amount, fired_at)
     select $1, $2, 'cap', $3, $4
      where (select coalesce(-sum(amount), 0) from credit_ledger
              where account_id = $1 and period_id = $2 and kind = 'use' and bucket = 'overage') >= $3::bigint * 100
     on conflict do nothing
     returning 1`,
    [accountId, periodId, capCents, now],
  );
  return rows.length ? { kind: 'cap', amount: capCents, fired_at: now } : null;
}

/** A period's credits given and used, for the section and the banners. */
export async function periodSpend(
  q: Transactional,
  accountId: string,
  periodId: string,
): Promise<PeriodSpend> {
  const [row] = await q.query<Record<keyof PeriodSpend, string>>(
    `with ${PERIOD_SPEND_CTE}
     select granted::text, included::text, overage::text from u`,
    [accountId, periodId],
    { prepare: true },
  );
  return { granted: Number(row!.granted), included: Number(row!.included), overage: Number(row!.overage) };
}

/** Who is told when an alert fires: the admin, and the billing CC address when the profile has one. */
export async function alertRecipients(q: Transactional, accountId: string): Promise<string[]> {
  const [row] = await q.query<{ email: string; cc: string | null }>(
    `select p.email, f.billing_cc_email as cc from people p
       left join profiles f on f.person_id = p.id and f.account_id = p.account_id
      where p.account_id = $1 and p.is_admin`,
    [accountId],
  );
  if (!row) return [];
  const cc = row.cc?.trim();
  return cc && cc.toLowerCase() !== row.email.toLowerCase() ? [row.email, cc] : [row.email];
}

export async function listThresholds(q: Transactional, accountId: string): Promise<StoredThreshold[]> {
  const rows = await q.query<{ kind: StoredKind; amount: string }>(
    'select t.kind, t.amount::text from spend_thresholds t where t.account_id = $1 order by t.kind desc, t.amount',
    [accountId],
    { prepare: true },
  );
  return rows.map((r) => ({ kind: r.kind, amount: Number(r.amount) }));
}

/** The cap in cents, or null for none. */
export async function findCap(q: Transactional, accountId: string): Promise<number | null> {
  const [row] = await q.query<{ cap_cents: string }>(
    'select cap_cents::text from spending_caps where account_id = $1',
    [accountId],
    { prepare: true },
  );
  return row ? Number(row.cap_cents) : null;
}

export async function replaceThresholds(
  tx: Transactional,
  accountId: string,
  thresholds: StoredThreshold[],
): Promise<void> {
  await tx.query(
    `delete from spend_thresholds t where account_id = $1
        and not exists (select 1 from unnest($2::text[], $3::bigint[]) as n(kind, amount)
                         where n.kind = t.kind and n.amount = t.amount)`,
    [accountId, thresholds.map((t) => t.kind), thresholds.map((t) => t.amount)],
  );
  await tx.query(
    `insert into spend_thresholds (account_id, kind, amount)
     select $1, kind, amount from unnest($2::text[], $3::bigint[]) as n(kind, amount)
     on conflict do nothing`,
    [accountId, thresholds.map((t) => t.kind), thresholds.map((t) => t.amount)],
  );
}

export async function saveCap(tx: Transactional, accountId: string, capCents: number | null, now: Date) {
  if (capCents === null) await tx.query('delete from spending_caps where account_id = $1', [accountId]);
  else
    await tx.query(
      `insert into spending_caps (account_id, cap_cents, updated_at) values ($1, $2, $3)
       on conflict (account_id) do update set cap_cents = excluded.cap_cents, updated_at = excluded.updated_at`,
      [accountId, capCents, now],
    );
}

export async function periodFirings(
  q: Transactional,
  accountId: string,
  periodId: string,
): Promise<Firing[]> {
  const rows = await q.query<{ kind: Firing['kind']; amount: string; fired_at: Date }>(
    'select kind, amount::text, fired_at from spend_alert_firings where account_id = $1 and period_id = $2',
    [accountId, periodId],
    { prepare: true },
  );
  return rows.map((r) => ({ kind: r.kind, amount: Number(r.amount), fired_at: new Date(r.fired_at) }));
}

/**
 * What authorize weighs for a monthly plan's caller: the cap and the period's overage, and the caller's
 * limit and use. Read fresh on every call: a raised or removed cap lets calls through at once.
 */
export async function callerSpendLimits(
  q: Transactional,
  accountId: string,
  periodId: string,
  personId: string,
): Promise<{ cap_cents: number | null; overage_cc: number; limit_cc: number | null; used_cc: number }> {
  const [row] = await q.query<Record<'cap_cents' | 'overage' | 'limit_cc' | 'used', string | null>>(
    `select c.cap_cents::text, l.limit_cc::text,
            case when c.cap_cents is null then '0' else
              (select coalesce(-sum(amount), 0) from credit_ledger
                where account_id = $1 and period_id = $2 and bucket = 'overage' and kind = 'use')::text end
              as overage,
            case when l.limit_cc is null then '0' else
              (select credits_cc from user_period_usage
                where account_id = $1 and period_id = $2 and person_id = $3)::text end as used
       from (select 1) one
       left join spending_caps c on c.account_id = $1
       left join user_credit_limits l on l.account_id = $1 and l.person_id = $3`,
    [accountId, periodId, personId],
    { prepare: true },
  );
  const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    cap_cents: num(row!.cap_cents),
    overage_cc: num(row!.overage) ?? 0,
    limit_cc: num(row!.limit_cc),
    used_cc: num(row!.used) ?? 0,
  };
}
