import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { leaseDueEmails, markEmailFailed, queueEmail } from '../../src/domain/mail/outbox-repository';
import { createQueues, openJobQueue, QUEUES } from '../../src/jobs/job-queue';
import { CLI_PROCESS_TIMEOUT_MS, npmRun } from '../helpers/npm-run';

const dataDir = mkdtempSync(join(tmpdir(), 'enq-jobs-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it(
  'npm run jobs -- failed lists each job and email that failed for good, with its reason',
  async () => {
    const empty = await npmRun('jobs', dataDir, 'failed');
    expect(empty.status).toBe(0);
    expect(empty.lastLine).toBe('No failed jobs.');

    let id: string | null = null;
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await database.migrate();
      const settings = { expireSeconds: 60, pollSeconds: 0.5, retrySeconds: 30 };
      const boss = openJobQueue(database, settings, true);
      await boss.start();
      await createQueues(boss, settings);
      await boss.work(QUEUES.referralBonuses, { pollingIntervalSeconds: 0.5 }, async () => {
        throw new Error('ledger unavailable');
      });
      id = await boss.send(QUEUES.referralBonuses, {}, { retryLimit: 1, retryDelay: 0 });
      for (;;) {
        const job = await boss.getJobById(QUEUES.referralBonuses, id!);
        if (job?.state === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await boss.stop({ graceful: false, wait: true });

      const outboxId = await queueEmail(database, {
        kind: 'pin',
        to: 'ann@example.com',
        subject: 'Your PIN',
        text: '1234',
      });
      await leaseDueEmails(database, 60, 10);
      await markEmailFailed(database, outboxId, '550 mailbox unavailable');
    } finally {
      await database.close();
    }

    const listed = await npmRun('jobs', dataDir, 'failed');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`^job referral-bonuses ${id} failed .* after 1 retries: ledger unavailable$`, 'm'),
    );
    expect(listed.stdout).toMatch(
      /^email \d+ \(pin\) to ann@example.com failed after 1 tries: 550 mailbox unavailable$/m,
    );
  },
  3 * CLI_PROCESS_TIMEOUT_MS,
);
