import { loadConfig } from '../config';
import { askRunningServer } from '../control/ask-server';
import { openDatabase } from '../db/client';
import { DatabaseLockedError } from '../db/lock';
import { failedWorkReport } from '../jobs/failed-work';
import { composeBilling } from '../composition';
import { collectDuePayments } from '../domain/billing-engine';
import { systemClock } from '../domain/ports/clock';

const USAGE = [
  'Usage: npm run jobs -- failed    (lists the jobs and emails that failed for good, and why)',
  '       npm run jobs -- collect   (tries the declined invoices whose next try has come, once)',
].join('\n');

/**
 * `npm run jobs -- collect`: one run of the collection job, in this process, beside any server (on
 * PostgreSQL; the embedded database belongs to its server, whose job runs every five minutes).
 */
async function collect(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const engine = composeBilling(config, () => database).engine(database);
    const tried = await collectDuePayments(database, engine, systemClock.now());
    console.log(`tried ${tried}`);
    return 0;
  } finally {
    await database.close();
  }
}

/** The report from a server running on the embedded database (it holds the database); null when none. */
async function throughServer(dataDir: string): Promise<string | null> {
  const asked = await askRunningServer(dataDir, '/jobs/failed');
  if (!asked) return null;
  if (asked.response.status !== 200) throw new Error(await asked.response.text());
  return asked.response.text();
}

/** `npm run jobs -- failed`: what background work failed for good, and the reason it gave. */
async function main(args: string[]): Promise<number> {
  if (args[0] === 'collect') return collect();
  if (args[0] !== 'failed') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const report = config.database.kind === 'pglite' ? await throughServer(config.database.dataDir) : null;
  if (report !== null) {
    process.stdout.write(report);
    return 0;
  }
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    for (const line of await failedWorkReport(database)) console.log(line);
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
