import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedReferenceData } from '../db/seed';
import { DEMO_ADMIN } from '../db/seed/demo-account';
import { accountOfEmail } from '../domain/auth/people-repository';
import { RateTable } from '../domain/call-rates/rates';
import { generateCalls } from '../domain/call-history/generate-calls';

const USAGE =
  'Usage: npm run gen-calls -- [--account <account id>] [--count 100000] [--months 12] [--seed 1]';

/**
 * `npm run gen-calls -- --account <id> --count 1000000`: fills an account (the demo account by default)
 * with realistic calls over the last months, rated by the engine's rate table (see generateCalls).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      account: { type: 'string' },
      count: { type: 'string', default: '100000' },
      months: { type: 'string', default: '12' },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  const count = Number(values.count);
  const months = Number(values.months);
  if (!Number.isSafeInteger(count) || count < 1)
    throw new Error(`--count must be a positive integer\n${USAGE}`);
  if (!(months > 0)) throw new Error(`--months must be positive\n${USAGE}`);
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    await seedReferenceData(database);
    let accountId = values.account;
    if (!accountId) {
      const demo = await accountOfEmail(database, DEMO_ADMIN.email);
      if (!demo) throw new Error(`no --account given and no demo account to fill\n${USAGE}`);
      accountId = demo;
    }
    const to = new Date();
    const from = new Date(to.getTime() - months * 30.4 * 86_400_000);
    const started = performance.now();
    let last = 0;
    const made = await generateCalls(
      { database, rates: await RateTable.load(database) },
      {
        accountId,
        count,
        from,
        to,
        seed: Number(values.seed),
        onProgress: (done) => {
          if (done - last >= 100_000 || done === count) {
            last = done;
            console.log(`${done} calls`);
          }
        },
      },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`${made} calls added to account ${accountId} in ${seconds.toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
