import { CANCELLATION_TEXT, formatDate } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { queueEmail } from '../mail';
import { dueReminders, markReminderQueued } from './cancellations-repository';
import { keepLinkUrl, newKeepToken } from './keep-link';

const DAY_MS = 86_400_000;

export interface ReminderSettings {
  /** The portal's public address, which the link opens. */
  publicUrl: string;
  /** How many days before the period's end the reminder goes (7; CANCEL_REMINDER_DAYS). */
  days: number;
}

/**
 * The reminder before a cancelled plan ends (issue 64): written to the outbox, with its link's hash on
 * the cancellation, in one transaction, so each cancellation gets one reminder and one live link.
 * Run by the job runner (plugins/jobs.ts); answers how many it queued.
 */
export async function queueCancellationReminders(
  database: Transactional,
  now: Date,
  settings: ReminderSettings,
): Promise<number> {
  return database.transaction(async (tx) => {
    const due = await dueReminders(tx, now, settings.days * DAY_MS);
    for (const row of due) {
      if (!row.to) continue;
      const { token, hash } = newKeepToken();
      const end = new Date(row.period_end).toISOString();
      const plan = `${row.plan_name} ${row.plan_period === 'mo' ? 'monthly' : 'annual'}`;
      await queueEmail(tx, {
        accountId: row.account_id,
        kind: 'cancellation-reminder',
        to: row.to,
        subject: CANCELLATION_TEXT.reminderSubject(end),
        text: [
          'Hello,',
          '',
          `Your enQ ${plan} plan is cancelled and ends on ${formatDate(end)}. After that day your users' PINs stop working and unused credits expire.`,
          '',
          `Changed your mind? ${CANCELLATION_TEXT.keepButton}: ${keepLinkUrl(settings.publicUrl, token)}`,
          '',
          'The link withdraws the cancellation and charges nothing now: the plan renews at its usual price when the period ends. It works once, until the plan ends, after you sign in.',
          '',
          'enQ',
        ].join('\n'),
      });
      await markReminderQueued(tx, row.account_id, row.id, hash, now);
    }
    return due.length;
  });
}
