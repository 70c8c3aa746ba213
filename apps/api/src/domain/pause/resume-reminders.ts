import { PAUSE_EMAIL, PAUSE_REMINDER_DAYS, centsToDollars, formatMoney, planLabel } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { claimDueReminders, findPlan } from '../billing-engine';
import { queueEmail } from '../mail';

export const PAUSE_REMINDER_KIND = 'pause-reminder';

/**
 * The period-close job's reminder (PAUSE-08): seven days before a paused plan resumes, its admin is
 * emailed once, through the outbox like every email, with the date, the charge and Resume now.
 */
export async function remindDueResumes(
  database: Transactional,
  now: Date,
  portalUrl: string,
): Promise<number> {
  return database.transaction(async (tx) => {
    const due = await claimDueReminders(tx, now, PAUSE_REMINDER_DAYS * 86_400_000);
    for (const row of due) {
      const resumeAt = new Date(row.resume_at);
      const plan = await findPlan(tx, row.plan_id, resumeAt);
      await queueEmail(tx, {
        accountId: row.account_id,
        kind: PAUSE_REMINDER_KIND,
        to: row.email,
        subject: PAUSE_EMAIL.subject(resumeAt.toISOString()),
        text: PAUSE_EMAIL.body(
          row.full_name,
          plan ? planLabel(plan) : row.plan_id,
          resumeAt.toISOString(),
          plan ? formatMoney(centsToDollars(plan.priceCents)) : '',
          portalUrl,
        ),
      });
    }
    return due.length;
  });
}
