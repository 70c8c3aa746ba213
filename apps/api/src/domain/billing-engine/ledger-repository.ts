import type { Transactional } from '../../db/handle';

/** Drawn in this order: plan, rollover, bonus, then overage (monthly) or unbilled (annual). */
export type Bucket = 'plan' | 'rollover' | 'bonus' | 'overage' | 'unbilled';
/**
 * 'bonus' is a referral bonus grant (bucket 'bonus'); carried bonus comes in as 'carry_in'; 'adjustment'
 * is a console credit adjustment (docs/billing.md): a grant in bucket 'bonus', a removal in any bucket.
 */
export type EntryKind = 'grant' | 'carry_in' | 'bonus' | 'use' | 'carry_out' | 'expire' | 'adjustment';

export interface LedgerEntry {
  accountId: string;
  periodId: string;
  bucket: Bucket;
  kind: EntryKind;
  /** Centicredits: positive for grants, negative for uses, carries out and expiry. */
  amount: number;
  at: Date;
  callUuid?: string | null;
  invoiceId?: string | null;
  note?: string | null;
}

export async function insertLedgerEntries(q: Transactional, entries: LedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  // One statement for any number of entries: arrays unnested server-side.
  await q.query(
    `insert into credit_ledger (account_id, period_id, bucket, kind, amount, at, call_uuid, invoice_id, note)
     select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::bigint[], $6::timestamptz[],
                          $7::text[], $8::text[], $9::text[])`,
    [
      entries.map((e) => e.accountId),
      entries.map((e) => e.periodId),
      entries.map((e) => e.bucket),
      entries.map((e) => e.kind),
      entries.map((e) => e.amount),
      entries.map((e) => e.at.toISOString()),
      entries.map((e) => e.callUuid ?? null),
      entries.map((e) => e.invoiceId ?? null),
      entries.map((e) => e.note ?? null),
    ],
  );
}

/** A period's credits, all derived from the ledger (centicredits). */
export interface PeriodUsage {
  /** carryIn: rollover carried in; bonus: referral bonus granted here; bonusCarryIn: bonus carried in. */
  granted: { plan: number; carryIn: number; bonus: number; bonusCarryIn: number };
  used: { plan: number; rollover: number; bonus: number; overage: number; unbilled: number };
  left: { plan: number; rollover: number; bonus: number };
  carriedOut: number;
  expired: number;
  /** Overage already put on an invoice (interim or closing). */
  overageInvoiced: number;
  /** The cents those invoices billed for it (the period's overage is rounded once, docs/billing.md). */
  overageCentsInvoiced: number;
  /** Credits used within the plan (rollover and bonus) already put on an invoice (an interim one). */
  includedInvoiced: number;
  calls: number;
  overageCalls: number;
}

export interface SumRow {
  bucket: Bucket;
  kind: EntryKind;
  total: string;
}

export async function periodUsage(
  q: Transactional,
  accountId: string,
  periodId: string,
): Promise<PeriodUsage> {
  const [sums, [invoiced], [counts]] = await Promise.all([
    q.query<SumRow>(
      `select bucket, kind, sum(amount)::text as total from credit_ledger
        where account_id = $1 and period_id = $2 group by bucket, kind`,
      [accountId, periodId],
    ),
    q.query<{ credits: string; cents: string; included: string }>(
      `select coalesce(sum(overage_credits), 0)::text as credits, coalesce(sum(overage_cents), 0)::text as cents,
              coalesce(sum(credits_used - overage_credits), 0)::text as included
         from invoices where account_id = $1 and period_id = $2 and status <> 'void'`,
      [accountId, periodId],
    ),
    q.query<{ calls: number; overage_calls: number }>(
      `select count(*)::int as calls, count(*) filter (where overage_credits > 0)::int as overage_calls
         from calls where account_id = $1 and period_id = $2 and credits_used > 0`,
      [accountId, periodId],
    ),
  ]);
  return usageFrom(sums, invoiced ?? { credits: 0, cents: 0 }, counts ?? { calls: 0, overage_calls: 0 });
}

/** A period's usage from its ledger sums by bucket and kind, its invoiced overage and its call counts. */
export function usageFrom(
  sums: SumRow[],
  invoiced: { credits: string | number; cents: string | number; included?: string | number },
  counts: { calls: number; overage_calls: number },
): PeriodUsage {
  // Sums are negated for uses; `+ 0` keeps a negated zero from showing as -0.
  const sum = (bucket: Bucket, kind: EntryKind) =>
    Number(sums.find((s) => s.bucket === bucket && s.kind === kind)?.total ?? 0) + 0;
  const bucketTotal = (bucket: Bucket) =>
    sums.filter((s) => s.bucket === bucket).reduce((t, s) => t + Number(s.total), 0);
  return {
    granted: {
      plan: sum('plan', 'grant'),
      carryIn: sum('rollover', 'carry_in'),
      bonus: sum('bonus', 'bonus'),
      bonusCarryIn: sum('bonus', 'carry_in'),
    },
    used: {
      plan: 0 - sum('plan', 'use') + 0,
      rollover: 0 - sum('rollover', 'use') + 0,
      bonus: 0 - sum('bonus', 'use') + 0,
      overage: 0 - sum('overage', 'use') + 0,
      unbilled: 0 - sum('unbilled', 'use') + 0,
    },
    left: { plan: bucketTotal('plan'), rollover: bucketTotal('rollover'), bonus: bucketTotal('bonus') },
    carriedOut: 0 - (sum('plan', 'carry_out') + sum('rollover', 'carry_out') + sum('bonus', 'carry_out')) + 0,
    expired: 0 - (sum('plan', 'expire') + sum('rollover', 'expire') + sum('bonus', 'expire')) + 0,
    overageInvoiced: Number(invoiced.credits),
    overageCentsInvoiced: Number(invoiced.cents),
    includedInvoiced: Number(invoiced.included ?? 0),
    calls: counts.calls,
    overageCalls: counts.overage_calls,
  };
}

/** Credits that can still be drawn before overage or unbilled use: plan, rollover and bonus. */
export function creditsLeft(usage: Pick<PeriodUsage, 'left'>): number {
  return Math.max(usage.left.plan, 0) + Math.max(usage.left.rollover, 0) + Math.max(usage.left.bonus, 0);
}

/** Every credit used in the period, in every bucket (unbilled included). */
export function creditsUsed(usage: Pick<PeriodUsage, 'used'>): number {
  const u = usage.used;
  return u.plan + u.rollover + u.bonus + u.overage + u.unbilled;
}

/** Credits left in a period by bucket (one indexed aggregate): what a batch of calls draws from. */
export async function bucketBalances(
  q: Transactional,
  accountId: string,
  periodId: string,
): Promise<{ plan: number; rollover: number; bonus: number }> {
  const rows = await q.query<{ bucket: string; total: string }>(
    `select bucket, sum(amount)::text as total from credit_ledger
      where account_id = $1 and period_id = $2 and bucket in ('plan', 'rollover', 'bonus') group by bucket`,
    [accountId, periodId],
  );
  const of = (bucket: string) => Number(rows.find((r) => r.bucket === bucket)?.total ?? 0);
  return { plan: of('plan'), rollover: of('rollover'), bonus: of('bonus') };
}

/** A monthly period's overage so far against what its invoices billed (high-water invoicing). */
export interface OverageTotals {
  /** Overage used, in centicredits. */
  used: number;
  /** Overage already invoiced, in centicredits and in cents. */
  invoiced: number;
  cents: number;
  /** Credits used within the plan, and those of them invoices already listed. */
  included: number;
  includedInvoiced: number;
}

/** Indexed sums, not the whole usage summary: this runs after every batch of calls with overage. */
export async function overageTotals(
  q: Transactional,
  accountId: string,
  periodId: string,
): Promise<OverageTotals> {
  const [totals] = await q.query<{
    used: string;
    invoiced: string;
    cents: string;
    included: string;
    included_invoiced: string;
  }>(
    `select (select coalesce(-sum(amount), 0) from credit_ledger
              where account_id = $1 and period_id = $2 and bucket = 'overage' and kind = 'use')::text as used,
            (select coalesce(-sum(amount), 0) from credit_ledger
              where account_id = $1 and period_id = $2 and bucket in ('plan', 'rollover', 'bonus')
                and kind = 'use')::text as included,
            i.invoiced::text, i.cents::text, i.included_invoiced::text
       from (select coalesce(sum(overage_credits), 0) as invoiced, coalesce(sum(overage_cents), 0) as cents,
                    coalesce(sum(credits_used - overage_credits), 0) as included_invoiced
               from invoices where account_id = $1 and period_id = $2 and status <> 'void') i`,
    [accountId, periodId],
  );
  return {
    used: Number(totals!.used),
    invoiced: Number(totals!.invoiced),
    cents: Number(totals!.cents),
    included: Number(totals!.included),
    includedInvoiced: Number(totals!.included_invoiced),
  };
}

/** The period's bonus balance before uses: bonus carried in plus bonus granted in it. */
export async function bonusBalance(q: Transactional, accountId: string, periodId: string): Promise<number> {
  const [given] = await q.query<{ total: string }>(
    `select coalesce(sum(amount), 0)::text as total from credit_ledger
      where account_id = $1 and period_id = $2 and bucket = 'bonus' and kind in ('bonus', 'carry_in')`,
    [accountId, periodId],
  );
  return Number(given!.total);
}
