import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { openJobQueue, QUEUES } from '../../src/jobs/job-queue';

/** What a promise has done by the time the event loop turns once: answered, rejected, or nothing yet. */
const stateOf = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'answered',
      (err: unknown) => `rejected: ${String(err)}`,
    ),
    new Promise((resolve) => setImmediate(() => resolve('pending'))),
  ]);

it('once the app has stopped its job queue, a job finishing late neither reaches the database nor rejects', async () => {
  const sent: string[] = [];
  const database = {
    executeSql: async (text: string) => {
      sent.push(text);
      return { rows: [{ count: 1 }] };
    },
  } as unknown as Database;
  let closed = false;
  const boss = openJobQueue(
    database,
    { expireSeconds: 60, pollSeconds: 1, retrySeconds: 30 },
    true,
    () => closed,
  );
  const job = randomUUID();
  // Before the stop, a completion is recorded in the database.
  expect(await boss.complete(QUEUES.mail, job)).toMatchObject({ affected: 1 });
  expect(sent).toHaveLength(1);

  closed = true;
  // pg-boss does not await a finished job's complete() or fail(): a rejection here is an unhandled one.
  expect(await stateOf(boss.complete(QUEUES.mail, job))).toBe('pending');
  expect(await stateOf(boss.fail(QUEUES.mail, job, new Error('late')))).toBe('pending');
  expect(sent).toHaveLength(1);
});
