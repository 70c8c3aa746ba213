import { CC_PER_CREDIT, REFERRAL_BONUS_CREDITS } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { grantReferralBonus } from '../billing-engine';
import {
  hasPaidInvoice,
  hasPendingReferral,
  lockPendingReferral,
  markBonusGranted,
  referredAccountsAwaitingBonus,
} from './referral-repository';

/**
 * To call after a payment of `referredAccountId` succeeds. When that account came through a referral
 * whose bonus is still pending and has now paid an invoice, the referrer gets the bonus through the
 * engine's grantReferralBonus (which applies the good-standing rule and the cap) and the referral is
 * marked granted, in one transaction with the referral row locked, so concurrent payments grant once.
 * When the engine grants nothing (the referrer is not in good standing, or at the cap this period) the
 * referral stays pending and a later call tries again. Safe to call any number of times; returns the
 * centicredits granted.
 */
export async function grantReferralBonusForPayment(
  database: Transactional,
  referredAccountId: string,
  at: Date,
): Promise<number> {
  // Most payments are by accounts with no bonus pending: one read answers them, without a transaction.
  if (!(await hasPendingReferral(database, referredAccountId))) return 0;
  return database.transaction(async (tx) => {
    const referral = await lockPendingReferral(tx, referredAccountId);
    if (!referral || !(await hasPaidInvoice(tx, referredAccountId))) return 0;
    const granted = await grantReferralBonus(
      tx,
      referral.referrer_account_id,
      REFERRAL_BONUS_CREDITS * CC_PER_CREDIT,
      at,
    );
    if (granted > 0) await markBonusGranted(tx, referral.id, at);
    return granted;
  });
}

/** Retries every pending bonus whose referred customer has paid (for a scheduled job). */
export async function grantPendingReferralBonuses(database: Transactional, at: Date): Promise<number> {
  let granted = 0;
  for (const accountId of await referredAccountsAwaitingBonus(database)) {
    if ((await grantReferralBonusForPayment(database, accountId, at)) > 0) granted++;
  }
  return granted;
}
