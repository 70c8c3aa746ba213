import { ACCOUNT_ACTION_TEXT, ccToCredits, creditsToCc } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import {
  bucketBalances,
  insertLedgerEntries,
  type LedgerEntry,
  currentPeriod,
  findSubscription,
} from '../billing-engine';
import { DomainError } from '../errors';

/** What an adjustment did: the credits moved (negative for a removal) and the credits left after it. */
export interface CreditAdjustment {
  message: string;
  credits: number;
  creditsLeft: number;
  before: { credits_left: number };
  after: { credits: number; credits_left: number };
}

/**
 * Grants or removes credits in the account's current period (docs/billing.md, "Credit adjustments"), as
 * ledger entries of kind 'adjustment': a grant lands in the bonus bucket, drawn after plan and rollover
 * credits and carried (or expired) as bonus credits are; a removal takes bonus credits first, then
 * rollover, then plan. More than the account has available is refused and nothing changes. Runs in the
 * caller's transaction (runStaffAction's), which holds the subscription's lock, as call bookings do.
 */
export async function adjustCredits(
  tx: Transactional,
  accountId: string,
  credits: number,
  at: Date,
  note: string,
): Promise<CreditAdjustment> {
  await findSubscription(tx, accountId, true);
  const period = await currentPeriod(tx, accountId);
  if (!period) throw new DomainError('conflict', ACCOUNT_ACTION_TEXT.noPeriod);
  const balances = await bucketBalances(tx, accountId, period.id);
  const left = (['plan', 'rollover', 'bonus'] as const).reduce((sum, b) => sum + Math.max(balances[b], 0), 0);
  const amount = creditsToCc(credits);
  const entry = (bucket: LedgerEntry['bucket'], cc: number): LedgerEntry => ({
    accountId,
    periodId: period.id,
    bucket,
    kind: 'adjustment',
    amount: cc,
    at,
    note,
  });
  const entries: LedgerEntry[] = [];
  if (amount > 0) entries.push(entry('bonus', amount));
  else {
    if (-amount > left)
      throw new DomainError('invalid', ACCOUNT_ACTION_TEXT.overRemoval(ccToCredits(left)), 'credits');
    let rest = -amount;
    for (const bucket of ['bonus', 'rollover', 'plan'] as const) {
      const take = Math.min(rest, Math.max(balances[bucket], 0));
      if (take > 0) entries.push(entry(bucket, -take));
      rest -= take;
    }
  }
  await insertLedgerEntries(tx, entries);
  const after = left + amount;
  return {
    message: amount > 0 ? ACCOUNT_ACTION_TEXT.granted(credits) : ACCOUNT_ACTION_TEXT.removed(-credits),
    credits,
    creditsLeft: ccToCredits(after),
    before: { credits_left: ccToCredits(left) },
    after: { credits, credits_left: ccToCredits(after) },
  };
}
