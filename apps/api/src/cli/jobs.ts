import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DatabaseLockedError } from '../db/lock';
import { failedEmails } from '../domain/mail/outbox-repository';
import { failedJobs } from '../jobs/job-queue';

const USAGE = 'Usage: npm run jobs -- failed   (lists the jobs and emails that failed for good, and why)';

/** `npm run jobs -- failed`: what background work failed for good, and the reason it gave. */
async function main(args: string[]): Promise<number> {
  if (args[0] !== 'failed') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const jobs = await failedJobs(database).catch((error: unknown) => {
      // No process has started the job queue on this database yet: nothing can have failed.
      if ((error as { code?: string }).code === '42P01') return [];
      throw error;
    });
    const emails = await failedEmails(database);
    if (jobs.length === 0 && emails.length === 0) console.log('No failed jobs.');
    for (const job of jobs)
      console.log(
        `job ${job.name} ${job.id} failed ${job.failedAt.toISOString()} after ${job.retryCount} retries: ${job.reason}`,
      );
    for (const email of emails)
      console.log(
        `email ${email.id} (${email.kind}) to ${email.to} failed after ${email.attempts} tries: ${email.error ?? 'no reason recorded'}`,
      );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof DatabaseLockedError ? error.message : error);
    process.exit(1);
  },
);
