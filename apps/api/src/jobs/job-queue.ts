import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { Transactional } from '../db/handle';

/**
 * The background jobs, on pg-boss (docs/scaling.md "Background work" says why). Every queue is
 * 'singleton' or 'stately': however many processes work it, one job of a kind runs at a time.
 */
export const QUEUES = {
  periodClose: 'period-close',
  referralBonuses: 'referral-bonuses',
  mail: 'mail',
  paymentReconcile: 'payment-reconcile',
  paymentCollection: 'payment-collection',
  accountChangesPrune: 'account-changes-prune',
  cancellationReminders: 'cancellation-reminders',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface JobSettings {
  expireSeconds: number;
  pollSeconds: number;
  retrySeconds: number;
}

/**
 * pg-boss over the app's own database handle: PGlite in-process, or the PostgreSQL pool. Once `closed()`
 * says the app has closed, what pg-boss still sends (a job that outlived the stop recording its end) is
 * never sent to the database that is gone, and never answered: the job stays active and is retried
 * elsewhere once it expires, as for a process that died.
 */
export function openJobQueue(
  database: Database,
  settings: JobSettings,
  run: boolean,
  closed: () => boolean = () => false,
): PgBoss {
  return new PgBoss({
    db: {
      // Never answered rather than answered empty: pg-boss reads a row from the answer to a job's
      // completion (an empty one threw in its unawaited complete(), an unhandled rejection).
      executeSql: (text, values) =>
        closed() ? new Promise<never>(() => {}) : database.executeSql(text, values),
    },
    // Only a process that works jobs keeps the schedule and expires jobs whose process died.
    schedule: run,
    supervise: run,
    maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.round(settings.expireSeconds / 2))),
    monitorStateIntervalSeconds: 60,
  });
}

/** Makes the queues, or brings their settings up to date (JOB_EXPIRE_SECONDS or JOB_RETRY_SECONDS may have changed). */
export async function createQueues(boss: PgBoss, settings: JobSettings): Promise<void> {
  const common = {
    retryLimit: 6,
    retryDelay: settings.retrySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireSeconds,
  };
  const queues: PgBoss.Queue[] = [
    { name: QUEUES.periodClose, policy: 'singleton', ...common },
    { name: QUEUES.referralBonuses, policy: 'singleton', ...common },
    { name: QUEUES.paymentReconcile, policy: 'singleton', ...common },
    { name: QUEUES.paymentCollection, policy: 'singleton', ...common },
    { name: QUEUES.accountChangesPrune, policy: 'singleton', ...common },
    { name: QUEUES.cancellationReminders, policy: 'singleton', ...common },
    // Stately: at most one waiting and one running per key, so a burst of emails makes one run.
    { name: QUEUES.mail, policy: 'stately', ...common },
  ];
  for (const queue of queues) {
    if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
    else await boss.createQueue(queue.name, queue);
  }
}

/** The job queue seen through an open transaction: a job sent this way exists once it commits. */
export const inTransaction = (tx: Transactional): PgBoss.Db => ({
  // pg-boss's own statements pass through to the transaction: none is written here.
  // eslint-disable-next-line no-restricted-syntax
  executeSql: async (text, values) => ({ rows: await tx.query(text, values) }),
});
