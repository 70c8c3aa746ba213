import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type PgBoss from 'pg-boss';
import { pruneAccountChanges } from '../domain/account-changes/account-changes-repository';
import { recoverPendingRefunds } from '../domain/refunds/account-refunds';
import { collectDuePayments } from '../domain/billing-engine';
import { renderOutboxAttachments } from '../domain/attachments';
import { deliverOutbox } from '../domain/mail/deliver-outbox';
import { grantPendingReferralBonuses } from '../domain/referral/referral-bonus';
import { queueCancellationReminders } from '../domain/cancellation';
import { createQueues, openJobQueue, QUEUES } from '../jobs/job-queue';
import { tracing } from '../tracing/spans';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue; null when jobs are not run (tests drive the work by hand). */
    jobQueue: PgBoss | null;
  }
}

const EVERY_FIVE_MINUTES = '*/5 * * * *';
const EVERY_MINUTE = '* * * * *';

/**
 * Background work on pg-boss: period close and its catch-up, referral bonuses, mail delivery, pruning
 * the list of account changes. Every process works the queues; the queue hands each job to one of
 * them, retries it with backoff, and retries a job whose process died once it expires. A job that
 * fails for good is logged and listed by `npm run jobs -- failed`.
 */
async function jobsPlugin(app: FastifyInstance, options: { run?: boolean }) {
  if (options.run === false) {
    app.decorate('jobQueue', null);
    return;
  }
  const settings = app.config.jobs;
  let stopped = false;
  const boss = openJobQueue(app.database, settings, true, () => stopped);
  boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
  // Under the start-up lock: pg-boss's schema and queues made by processes started at once on an
  // empty PostgreSQL database deadlocked (startup-processes.test.ts).
  await app.database.exclusively(async () => {
    await boss.start();
    await createQueues(boss, settings);
  });
  app.decorate('jobQueue', boss);

  /** Runs a job's work; a throw is logged with the try it was and rethrown for the queue to retry. */
  const handler =
    (name: string, work: (job: PgBoss.JobWithMetadata) => Promise<unknown>) =>
    async ([job]: PgBoss.JobWithMetadata[]) => {
      try {
        const traces = tracing();
        // A trace per run, its statements as children (the queue's own polling makes none).
        if (traces)
          return await traces.inSpan(
            `job ${name}`,
            { 'job.id': job!.id, 'job.try': job!.retryCount + 1 },
            () => work(job!),
          );
        return await work(job!);
      } catch (err) {
        const last = job!.retryCount >= job!.retryLimit;
        app.log.error(
          { err, job: name, jobId: job!.id, try: job!.retryCount + 1, final: last },
          last ? `job ${name} failed for good` : `job ${name} failed; it will be retried`,
        );
        throw err;
      }
    };

  app.addHook('onReady', async () => {
    const work = { includeMetadata: true, pollingIntervalSeconds: settings.pollSeconds } as const;
    await boss.work(
      QUEUES.periodClose,
      work,
      handler(QUEUES.periodClose, async () => {
        const closed = await app.closeDuePeriods();
        if (closed > 0) app.log.info({ closed }, 'closed billing periods');
        return { closed };
      }),
    );
    await boss.work(
      QUEUES.referralBonuses,
      work,
      handler(QUEUES.referralBonuses, async () => {
        await grantPendingReferralBonuses(app.database, app.clock.now());
      }),
    );
    await boss.work(
      QUEUES.paymentReconcile,
      work,
      handler(QUEUES.paymentReconcile, async () => ({
        settled: await app.billing.payments.reconcile(),
        // Console refunds cut off between the provider and our write (docs/billing.md, CMON-02).
        refunds: await recoverPendingRefunds({
          ...app.billingEngines.deps(app.database),
          payments: app.payments,
        }),
      })),
    );
    await boss.work(
      QUEUES.paymentCollection,
      work,
      handler(QUEUES.paymentCollection, async () => {
        // Declined invoices whose next try has come (docs/billing.md, "Collecting failed payments").
        const tried = await collectDuePayments(app.database, app.billing, app.clock.now());
        // A decline's email was queued with it: delivered now rather than at the next mail run.
        if (tried > 0) await app.mailer.wake();
        return { tried };
      }),
    );
    await boss.work(
      QUEUES.mail,
      work,
      handler(QUEUES.mail, async () => {
        // Without SMTP the emails stay queued in the outbox, as the status says.
        if (!app.mailTransport) return { sent: 0 };
        const run = await deliverOutbox(
          app.database,
          app.mailTransport,
          { ...app.config.mail, leaseSeconds: settings.expireSeconds },
          app.log,
          renderOutboxAttachments,
        );
        // Emails waiting out a retry's backoff get a run of their own when they are due.
        if (run.nextInSeconds !== null)
          await boss.send(
            QUEUES.mail,
            {},
            { singletonKey: 'later', startAfter: Math.ceil(run.nextInSeconds) },
          );
        return run;
      }),
    );
    await boss.work(
      QUEUES.accountChangesPrune,
      work,
      handler(QUEUES.accountChangesPrune, async () => ({
        pruned: await pruneAccountChanges(app.database),
      })),
    );
    await boss.work(
      QUEUES.cancellationReminders,
      work,
      handler(QUEUES.cancellationReminders, async () => {
        const queued = await queueCancellationReminders(app.database, app.clock.now(), {
          publicUrl: app.config.publicUrl,
          days: app.config.cancelReminderDays,
        });
        // Delivered now rather than at the next scheduled mail run.
        if (queued > 0) await app.mailer.wake();
        return { queued };
      }),
    );
    await boss.schedule(QUEUES.periodClose, EVERY_FIVE_MINUTES);
    await boss.schedule(QUEUES.cancellationReminders, EVERY_FIVE_MINUTES);
    // The list of account changes grows with every write; each prune has every process read its
    // kept answers again once.
    await boss.schedule(QUEUES.accountChangesPrune, EVERY_FIVE_MINUTES);
    await boss.schedule(QUEUES.referralBonuses, EVERY_FIVE_MINUTES);
    await boss.schedule(QUEUES.mail, EVERY_MINUTE);
    // A payment whose answer never came is settled within about a minute of becoming overdue.
    await boss.schedule(QUEUES.paymentReconcile, EVERY_MINUTE);
    // Retries fall on days after a decline: every five minutes is on time for them.
    await boss.schedule(QUEUES.paymentCollection, EVERY_FIVE_MINUTES);
    // Catch up at start: periods that ended while no process ran, emails left queued.
    await boss.send(QUEUES.periodClose, {});
    await boss.send(QUEUES.paymentReconcile, {});
    await boss.send(QUEUES.paymentCollection, {});
    await boss.send(QUEUES.cancellationReminders, {});
    await boss.send(QUEUES.mail, {}, { singletonKey: 'now' });
  });
  app.addHook('onClose', async () => {
    // Long enough for a job under way on a busy machine to finish and be recorded: the database closes
    // after this, and a job's completion written after that fails.
    await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    stopped = true;
  });
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['db', 'clock'] });
