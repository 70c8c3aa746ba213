import { SPEND_TEXT } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import { currentPeriod } from '../billing-engine';
import { notifyUserLimitsReached } from './alerts';
import { requireAdmin, type SpendActor } from './spend-control';
import { findUserLimit, saveUserLimit } from './user-limits-repository';
import { recordActivity } from '../activity';

/**
 * The admin sets (or, with null, removes) a sub-account user's monthly credit limit (SPEND-08); the
 * change is audited with the values before and after (SPEND-10).
 */
export async function saveUserCreditLimit(
  database: Transactional,
  actor: SpendActor,
  personId: string,
  limitCredits: number | null,
  now: Date,
): Promise<void> {
  requireAdmin(actor);
  await database.transaction(async (tx) => {
    const user = await findUserLimit(tx, actor.accountId, personId);
    if (!user) throw new DomainError('not-found', SPEND_TEXT.notYourUser);
    if (user.is_admin) throw new DomainError('invalid', SPEND_TEXT.adminHasNoLimit, 'monthly_credit_limit');
    const before = user.limit_cc === null ? null : user.limit_cc / 100;
    if (before === limitCredits) return;
    await saveUserLimit(tx, actor.accountId, personId, limitCredits === null ? null : limitCredits * 100);
    await recordActivity(tx, actor.accountId, actor.personId, [
      {
        action: 'user_limit.update',
        target_person_id: personId,
        before: { full_name: user.full_name, monthly_credit_limit: before },
        after: { full_name: user.full_name, monthly_credit_limit: limitCredits },
      },
    ]);
    // A limit set at or below the use so far is reached now: its email goes with the save (SPEND-16).
    const period = await currentPeriod(tx, actor.accountId);
    if (limitCredits !== null && period) await notifyUserLimitsReached(tx, actor.accountId, [period.id], now);
  });
}
