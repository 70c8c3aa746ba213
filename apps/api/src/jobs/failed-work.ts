import type { Database } from '../db/client';
import { failedEmails } from '../domain/mail/outbox-repository';
import { failedJobs } from './failed-jobs-repository';

/** What background work failed for good, and the reason it gave: one line each (`npm run jobs -- failed`). */
export async function failedWorkReport(database: Database): Promise<string[]> {
  const jobs = await failedJobs(database).catch((error: unknown) => {
    // No process has started the job queue on this database yet: nothing can have failed.
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  });
  const emails = await failedEmails(database);
  if (jobs.length === 0 && emails.length === 0) return ['No failed jobs.'];
  return [
    ...jobs.map(
      (job) =>
        `job ${job.name} ${job.id} failed ${job.failedAt.toISOString()} after ${job.retryCount} retries: ${job.reason}`,
    ),
    ...emails.map(
      (email) =>
        `email ${email.id} (${email.kind}) to ${email.to} failed after ${email.attempts} tries: ${email.error ?? 'no reason recorded'}`,
    ),
  ];
}
