import { callRecordSchema, creditsForCall, type CallBatchResult, type CallRecord } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import type { BillingEngine } from '../billing-engine/billing-engine';
import { currentPeriod, findSubscription } from '../billing-engine/subscription-periods';
import { insertLedgerEntries, type LedgerEntry } from '../billing-engine/ledger-repository';
import type { RateTable } from '../call-rates/rates';
import { drawCredits } from '../billing-engine/rules';

interface Caller {
  person_id: string;
  account_id: string;
  pin: string;
  full_name: string;
}

interface RatedCall {
  index: number;
  record: CallRecord;
  at: Date;
  caller: Caller;
  rate: number;
  credits: number;
}

/** Credits left in a period by bucket (one indexed aggregate). */
async function balances(q: Transactional, accountId: string, periodId: string) {
  const rows = await q.query<{ bucket: string; total: string }>(
    `select bucket, sum(amount)::text as total from credit_ledger
      where account_id = $1 and period_id = $2 and bucket in ('plan', 'rollover', 'bonus') group by bucket`,
    [accountId, periodId],
  );
  const of = (bucket: string) => Number(rows.find((r) => r.bucket === bucket)?.total ?? 0);
  return { plan: of('plan'), rollover: of('rollover'), bonus: of('bonus') };
}

const reasonOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');

/**
 * Takes a batch of call records from the telephony platform: each is checked, matched to its person by
 * PIN, rated, and drawn from the account's credits in call order. A bad record is rejected with its index
 * and reason and the rest are kept; a call_uuid already stored is counted as a duplicate and changes
 * nothing, so a resent batch is harmless.
 */
export async function ingestCalls(
  deps: { database: Transactional; rates: RateTable; engine: BillingEngine; now: Date },
  records: unknown[],
): Promise<CallBatchResult> {
  const result: CallBatchResult = { accepted: 0, duplicates: 0, rejected: [] };
  const reject = (index: number, callUuid: string | null, reason: string) =>
    result.rejected.push({ index, call_uuid: callUuid, reason });

  const parsed: { index: number; record: CallRecord; at: Date }[] = [];
  const seen = new Set<string>();
  records.forEach((raw, index) => {
    const check = callRecordSchema.safeParse(raw);
    const uuid =
      typeof (raw as { call_uuid?: unknown })?.call_uuid === 'string'
        ? (raw as { call_uuid: string }).call_uuid
        : null;
    if (!check.success) return reject(index, uuid, reasonOf(check.error));
    const record = check.data;
    const at =
      typeof record.call_timestamp === 'number'
        ? new Date(record.call_timestamp * 1000)
        : new Date(record.call_timestamp);
    if (at.getTime() > deps.now.getTime() + 5 * 60_000)
      return reject(index, record.call_uuid, 'call_timestamp is in the future');
    if (seen.has(record.call_uuid)) {
      result.duplicates++;
      return;
    }
    seen.add(record.call_uuid);
    parsed.push({ index, record, at });
  });
  if (parsed.length === 0) return result;

  const callers = await deps.database.query<Caller>(
    'select id as person_id, account_id, pin, full_name from people where pin = any($1) and account_id is not null',
    [[...new Set(parsed.map((p) => p.record.pin))]],
  );
  const byPin = new Map(callers.map((c) => [c.pin, c]));
  const byAccount = new Map<string, RatedCall[]>();
  for (const p of parsed) {
    const caller = byPin.get(p.record.pin);
    if (!caller) {
      reject(p.index, p.record.call_uuid, 'no person has this PIN');
      continue;
    }
    const rate = deps.rates.rateFor(p.record.destination, p.at);
    if (rate === null) {
      reject(p.index, p.record.call_uuid, `no rate for destination '${p.record.destination}' at that time`);
      continue;
    }
    const rated = { ...p, caller, rate, credits: creditsForCall(p.record.billed_duration, rate) };
    byAccount.set(caller.account_id, [...(byAccount.get(caller.account_id) ?? []), rated]);
  }

  for (const [accountId, calls] of byAccount) {
    let overageAdded = 0;
    const posted = await deps.database.transaction(async (tx) => {
      // Locking the subscription serialises batches of one account: balances are read and drawn once.
      const sub = await findSubscription(tx, accountId, true);
      const period = sub?.status === 'active' ? await currentPeriod(tx, accountId) : null;
      if (!period) {
        for (const c of calls) reject(c.index, c.record.call_uuid, 'the account has no active subscription');
        return 0;
      }
      const existing = new Set(
        (
          await tx.query<{ call_uuid: string }>('select call_uuid from calls where call_uuid = any($1)', [
            calls.map((c) => c.record.call_uuid),
          ])
        ).map((r) => r.call_uuid),
      );
      const fresh = calls
        .filter((c) => !existing.has(c.record.call_uuid))
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      result.duplicates += calls.length - fresh.length;
      if (fresh.length === 0) return 0;

      const available = await balances(tx, accountId, period.id);
      const draws = fresh.map((c) => {
        const draw = drawCredits(c.credits, available, period.plan.period);
        available.plan -= draw.plan;
        available.rollover -= draw.rollover;
        available.bonus -= draw.bonus;
        overageAdded += draw.overage;
        return draw;
      });
      await tx.query(
        `insert into calls (account_id, call_uuid, person_id, user_name, call_timestamp, destination, caller_id_number,
                            billed_seconds, billing_rate, credits_used, plan_credits, rollover_credits, bonus_credits,
                            overage_credits, unbilled_credits, period_id)
         select $1, u.*, $2 from unnest($3::text[], $4::uuid[], $5::text[], $6::timestamptz[], $7::text[], $8::text[],
                                        $9::int[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[],
                                        $14::bigint[], $15::bigint[], $16::bigint[]) as u`,
        [
          accountId,
          period.id,
          fresh.map((c) => c.record.call_uuid),
          fresh.map((c) => c.caller.person_id),
          fresh.map((c) => c.caller.full_name),
          fresh.map((c) => c.at.toISOString()),
          fresh.map((c) => c.record.destination),
          fresh.map((c) => c.record.caller_id_number),
          fresh.map((c) => c.record.billed_duration),
          fresh.map((c) => c.rate),
          fresh.map((c) => c.credits),
          draws.map((d) => d.plan),
          draws.map((d) => d.rollover),
          draws.map((d) => d.bonus),
          draws.map((d) => d.overage),
          draws.map((d) => d.unbilled),
        ],
      );
      // The ledger takes the batch's use per bucket; each call row carries its own part of it.
      const lastAt = fresh.at(-1)!.at;
      const note = `${fresh.length} calls, ${fresh[0]!.record.call_uuid} .. ${fresh.at(-1)!.record.call_uuid}`;
      const entries = (['plan', 'rollover', 'bonus', 'overage', 'unbilled'] as const)
        .map((bucket) => ({ bucket, amount: draws.reduce((t, d) => t + d[bucket], 0) }))
        .filter((e) => e.amount > 0)
        .map((e): LedgerEntry => ({
          accountId,
          periodId: period.id,
          bucket: e.bucket,
          kind: 'use',
          amount: -e.amount,
          at: lastAt,
          note,
        }));
      await insertLedgerEntries(tx, entries);
      return fresh.length;
    });
    result.accepted += posted;
    if (overageAdded > 0) await deps.engine.invoiceHighWater(accountId);
  }
  result.rejected.sort((a, b) => a.index - b.index);
  return result;
}
