import {
  PAUSE_REFUSAL,
  callRecordSchema,
  creditsForCall,
  type CallBatchResult,
  type CallRecord,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import {
  type BillingEngine,
  rollOverDuePeriods,
  currentPeriod,
  findSubscription,
  unsettledPeriods,
  type OpenPeriod,
  bucketBalances,
  insertLedgerEntries,
  type LedgerEntry,
  drawCredits,
  pausesSince,
} from '../billing-engine';
import type { RateTable } from '../call-rates';
import { insertCalls, storedCallUuids } from '../call-history';
import { planStateAt } from '../periods';
import { callersByPin, type Caller } from './callers-repository';
import { evaluateSpendAlerts, type BatchSpend } from '../spend-control';
import type { Mailer } from '../ports/mailer';

interface RatedCall {
  index: number;
  record: CallRecord;
  at: Date;
  caller: Caller;
  rate: number;
  credits: number;
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
  deps: {
    database: Transactional;
    rates: RateTable;
    engine: BillingEngine;
    now: Date;
    /** Asked for a delivery run, in the batch's transaction, when the batch fired an alert. */
    mailer?: Pick<Mailer, 'wake'>;
  },
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

  const callers = await callersByPin(deps.database, [...new Set(parsed.map((p) => p.record.pin))]);
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
      // A period that has ended gives way to the next one first, so calls made since land there.
      if (sub?.status === 'active') await rollOverDuePeriods(tx, accountId, deps.now);
      const active = (await findSubscription(tx, accountId))?.status === 'active';
      const unsettled = sub ? await unsettledPeriods(tx, accountId) : [];
      const currentId = active ? (await currentPeriod(tx, accountId))?.id : undefined;
      const current = unsettled.find((p) => p.id === currentId) ?? null;
      // Each call is booked in the period containing its time while that period is open (an ended period
      // stays open for the grace window); one made while the plan was paused was refused by authorize
      // then, so it is not booked (PAUSE-04); a later one is billed in the current period. The one rule
      // authorize also asks (planStateAt); the pauses are read only when a call is outside every period.
      const existing = await storedCallUuids(
        tx,
        calls.map((c) => c.record.call_uuid),
      );
      const outside = calls.filter((c) => !unsettled.some((p) => p.start <= c.at && c.at < p.end));
      const earliest = outside.reduce<Date | null>((min, c) => (!min || c.at < min ? c.at : min), null);
      const pauses = earliest ? await pausesSince(tx, accountId, earliest) : [];
      const fresh: (RatedCall & { period: OpenPeriod })[] = [];
      for (const c of calls.filter((c) => !existing.has(c.record.call_uuid))) {
        const at = planStateAt(c.at, { open: unsettled, current, pauses });
        if (at.state === 'period') fresh.push({ ...c, period: at.period });
        else if (at.state === 'paused') reject(c.index, c.record.call_uuid, PAUSE_REFUSAL);
        else reject(c.index, c.record.call_uuid, 'the account has no active subscription');
      }
      fresh.sort((a, b) => a.at.getTime() - b.at.getTime());
      result.duplicates += calls.filter((c) => existing.has(c.record.call_uuid)).length;
      if (fresh.length === 0) return 0;

      const available = new Map<string, Awaited<ReturnType<typeof bucketBalances>>>();
      for (const period of new Set(fresh.map((c) => c.period)))
        available.set(period.id, await bucketBalances(tx, accountId, period.id));
      const draws = fresh.map((c) => {
        const left = available.get(c.period.id)!;
        const draw = drawCredits(c.credits, left, c.period.plan.period);
        left.plan -= draw.plan;
        left.rollover -= draw.rollover;
        left.bonus -= draw.bonus;
        overageAdded += draw.overage;
        return draw;
      });
      await insertCalls(
        tx,
        accountId,
        fresh.map((c, i) => ({
          uuid: c.record.call_uuid,
          personId: c.caller.person_id,
          userName: c.caller.full_name,
          at: c.at.toISOString(),
          destination: c.record.destination,
          callerId: c.record.caller_id_number,
          billedSeconds: c.record.billed_duration,
          rateCc: c.rate,
          creditsCc: c.credits,
          draw: draws[i]!,
          periodId: c.period.id,
        })),
      );
      // The ledger takes the batch's use per period and bucket; each call row carries its own part of it.
      const entries: LedgerEntry[] = [];
      for (const period of new Set(fresh.map((c) => c.period))) {
        const own = fresh.flatMap((c, i) => (c.period === period ? [{ call: c, draw: draws[i]! }] : []));
        const lastAt = own.at(-1)!.call.at;
        const note = `${own.length} calls, ${own[0]!.call.record.call_uuid} .. ${own.at(-1)!.call.record.call_uuid}`;
        for (const bucket of ['plan', 'rollover', 'bonus', 'overage', 'unbilled'] as const) {
          const amount = own.reduce((t, o) => t + o.draw[bucket], 0);
          if (amount > 0)
            entries.push({
              accountId,
              periodId: period.id,
              bucket,
              kind: 'use',
              amount: -amount,
              at: lastAt,
              note,
            });
        }
      }
      await insertLedgerEntries(tx, entries);
      // Alerts and the cap this batch crossed, in its own transaction (SPEND-05).
      const spend = new Map<string, BatchSpend>();
      fresh.forEach((c, i) => {
        const d = draws[i]!;
        const s = spend.get(c.period.id) ?? { included: 0, overage: 0 };
        spend.set(c.period.id, {
          included: s.included + d.plan + d.rollover + d.bonus,
          overage: s.overage + d.overage,
        });
      });
      const fired = await evaluateSpendAlerts(tx, accountId, spend, deps.now, entries);
      if (fired.length > 0) await deps.mailer?.wake(tx);
      return fresh.length;
    });
    result.accepted += posted;
    if (overageAdded > 0) await deps.engine.invoiceHighWater(accountId);
  }
  result.rejected.sort((a, b) => a.index - b.index);
  return result;
}
