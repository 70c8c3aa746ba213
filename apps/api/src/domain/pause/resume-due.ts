import type { FastifyBaseLogger } from 'fastify';
import type { Transactional } from '../../db/handle';
import { dueResumes, type BillingEngine } from '../billing-engine';
import { DomainError } from '../errors';
import { resumeNow } from './pause-requests';

/**
 * The period-close job's part for pauses: every paused plan whose resume date has come resumes, paid
 * first. A declined charge leaves it paused with the card's reason (the overview shows it) and is not
 * tried again by the job: the customer's Resume now, or the console, tries the card again.
 */
export async function resumeDuePauses(
  database: Transactional,
  engine: BillingEngine,
  now: Date,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  let resumed = 0;
  for (const accountId of await dueResumes(database, now)) {
    try {
      await resumeNow(database, engine, accountId, { personId: null }, now);
      resumed++;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      log?.warn({ accountId, reason: err.message }, 'a paused plan did not resume on its date');
    }
  }
  return resumed;
}
