import { SPEND_TEXT } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import type { LedgerEntry } from '../billing-engine';
import { queueEmail } from '../mail';
import { evaluateForecastAlerts } from './forecast-alerts';
import { alertRecipients, recordCrossings, type BatchSpend, type Firing } from './spend-control-repository';
import { recordUserLimitsReached, type UserLimitReached } from './user-limits-repository';

/** What a fired alert (or the cap) says, on the banner and in the email. */
export function firingMessage(firing: Pick<Firing, 'kind' | 'amount'>): string {
  if (firing.kind === 'plan_percent') return SPEND_TEXT.percentAlert(firing.amount);
  if (firing.kind === 'overage_cents') return SPEND_TEXT.overageAlert(firing.amount / 100);
  if (firing.kind === 'forecast_overage_cents') return SPEND_TEXT.forecastAlert(firing.amount / 100);
  return SPEND_TEXT.capReached(firing.amount / 100);
}

const FOOTER =
  'You can change your alerts and limits in the enQ account portal, on the Subscription page, under "Alerts and limits".';

/**
 * Run in the transaction that books a batch of calls, under the subscription's lock (SPEND-05): the
 * thresholds and the cap the batch crossed are recorded once per period, and the admin and the billing
 * CC address are emailed through the outbox, so the email exists exactly when the batch does. The forecast
 * thresholds are weighed only for an account that has one (SPEND-14, SPEND-15), from the batch's `entries`.
 * Users' limits reached (SPEND-16) are recorded by the same statement as the thresholds: an account
 * without limits pays no statement for them.
 */
export async function evaluateSpendAlerts(
  tx: Transactional,
  accountId: string,
  batch: Map<string, BatchSpend>,
  now: Date,
  entries: readonly LedgerEntry[] = [],
): Promise<Firing[]> {
  const fired: Firing[] = [];
  const reached: UserLimitReached[] = [];
  let hasForecast = false;
  for (const [periodId, spend] of batch) {
    const crossed = await recordCrossings(tx, accountId, periodId, spend, now);
    fired.push(...crossed.fired);
    reached.push(...crossed.limitsReached);
    hasForecast ||= crossed.hasForecast;
  }
  if (hasForecast) fired.push(...(await evaluateForecastAlerts(tx, accountId, entries, now)));
  await queueFiringEmails(tx, accountId, fired);
  await queueUserLimitEmails(tx, accountId, reached);
  return fired;
}

/**
 * Users whose use reached their monthly limit in these periods (SPEND-16), each emailed to the admin and
 * the billing CC once per period and limit, when a limit is set below the use so far (after a batch,
 * recordCrossings records them with the thresholds, under the same key).
 */
export async function notifyUserLimitsReached(
  tx: Transactional,
  accountId: string,
  periodIds: readonly string[],
  now: Date,
) {
  await queueUserLimitEmails(tx, accountId, await recordUserLimitsReached(tx, accountId, periodIds, now));
}

/** Emails each user's limit reached to the admin and the billing CC through the outbox (SPEND-16). */
async function queueUserLimitEmails(
  tx: Transactional,
  accountId: string,
  reached: readonly UserLimitReached[],
) {
  if (reached.length === 0) return;
  const recipients = await alertRecipients(tx, accountId);
  for (const user of reached) {
    const message = SPEND_TEXT.userLimitReached(user.full_name, user.limit_cc / 100);
    for (const to of recipients)
      await queueEmail(tx, {
        accountId,
        kind: 'user_limit',
        to,
        subject: SPEND_TEXT.userLimitSubject(user.full_name),
        text: `${message}\n\n${FOOTER}\n`,
      });
  }
}

/** Emails each firing to the admin and the billing CC through the outbox, in the caller's transaction. */
export async function queueFiringEmails(tx: Transactional, accountId: string, fired: readonly Firing[]) {
  if (fired.length === 0) return;
  const recipients = await alertRecipients(tx, accountId);
  for (const firing of fired) {
    const message = firingMessage(firing);
    const subject = firing.kind === 'cap' ? SPEND_TEXT.capSubject : SPEND_TEXT.alertSubject(message);
    for (const to of recipients)
      await queueEmail(tx, {
        accountId,
        kind: firing.kind === 'cap' ? 'spending_cap' : 'spend_alert',
        to,
        subject,
        text: `${message}\n\n${FOOTER}\n`,
      });
  }
}
