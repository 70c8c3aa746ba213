import { TELEPHONY_BATCH_MAX } from '@enq/contract';
import { parse } from 'csv-parse';
import { createReadStream } from 'node:fs';
import { composeBilling } from '../composition';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedReferenceData } from '../db/seed';
import { RateTable } from '../domain/call-rates/rates';
import { ingestCalls } from '../domain/telephony/ingest';

/**
 * `npm run import-calls -- file.csv`: the same ingest as POST /api/v1/telephony/calls, from a CSV file
 * with the header call_uuid,pin,call_timestamp,destination,caller_id_number,billed_duration.
 */
async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run import-calls -- calls.csv');
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    await seedReferenceData(database);
    // The same billing as the server's: its invoices carry the configured seller and tax.
    const billing = composeBilling(config, () => database);
    const engine = billing.engine(database);
    const rates = await RateTable.load(database);
    const totals = { accepted: 0, duplicates: 0, rejected: 0 };
    let batch: Record<string, unknown>[] = [];
    let firstLine = 2; // line 1 is the header
    const flush = async () => {
      const result = await ingestCalls({ database, rates, engine, now: billing.clock.now() }, batch);
      totals.accepted += result.accepted;
      totals.duplicates += result.duplicates;
      totals.rejected += result.rejected.length;
      for (const r of result.rejected) console.error(`line ${firstLine + r.index}: ${r.reason}`);
      firstLine += batch.length;
      batch = [];
    };
    const rows = createReadStream(file).pipe(parse({ columns: true, trim: true, skip_empty_lines: true }));
    for await (const row of rows as AsyncIterable<Record<string, string>>) {
      batch.push({ ...row, billed_duration: Number(row.billed_duration) });
      if (batch.length === TELEPHONY_BATCH_MAX) await flush();
    }
    if (batch.length > 0) await flush();
    console.log(
      `${totals.accepted} calls imported, ${totals.duplicates} duplicates skipped, ${totals.rejected} rejected`,
    );
    if (totals.rejected > 0) process.exitCode = 2;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
