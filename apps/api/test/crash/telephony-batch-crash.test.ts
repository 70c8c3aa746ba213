import {
  SERVICE_KEY_HEADER,
  TELEPHONY_BATCH_MAX,
  TELEPHONY_CALLS_PATH,
  type CallBatchResult,
} from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { killPoints, SERVICE_KEY, killDuring, seededDatabase, send, serve } from './crash-harness';
import { expectConsistentAfter } from './shared';

const headers = { [SERVICE_KEY_HEADER]: SERVICE_KEY };

describe.each(drivers)('kill -9 during a telephony batch (%s)', (driver) => {
  it('each batch is in whole or not at all, a resend adds nothing twice, and the ledger balances', async () => {
    const db = await seededDatabase(driver);
    let server: ServerProcess | undefined;
    try {
      const database = await db.open();
      const [{ pin }] = (await database.query<{ pin: string }>('select pin from people where email = $1', [
        DEMO_ADMIN.email,
      ])) as [{ pin: string }];
      await database.close();
      const batch = (tag: string) => ({
        calls: Array.from({ length: TELEPHONY_BATCH_MAX }, (_, i) => ({
          call_uuid: `crash-${tag}-${i}`,
          pin,
          call_timestamp: new Date(Date.now() - 3_600_000 - i * 1000).toISOString(),
          destination: 'IRS Practitioner Priority Service',
          caller_id_number: '+12125550100',
          billed_duration: 60 + (i % 600),
        })),
      });

      server = await serve(db);
      for (const point of killPoints(driver)) {
        const outcome = await killDuring(
          db,
          server,
          point,
          () => send(server!.url, 'POST', TELEPHONY_CALLS_PATH, headers, batch(point)),
          TELEPHONY_CALLS_PATH,
        );
        server = await serve(db);
        // The resend says how much of the batch the restart found: all of it or none, never a part,
        // and all of it when the answer beat the kill.
        const resent = await fetch(`${server.url}${TELEPHONY_CALLS_PATH}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(batch(point)),
        });
        expect(resent.status).toBe(200);
        const { accepted, duplicates, rejected } = (await resent.json()) as CallBatchResult;
        console.info(`telephony batch (${driver}), killed when ${point}: ${outcome}, found ${duplicates}`);
        expect(rejected).toEqual([]);
        expect(accepted + duplicates).toBe(TELEPHONY_BATCH_MAX);
        expect([0, TELEPHONY_BATCH_MAX]).toContain(duplicates);
        if (outcome !== 'killed') expect({ outcome, duplicates }).toEqual({ outcome: 200, duplicates: 1000 });
      }
      await expectConsistentAfter(server, db);
      const after = await db.open();
      try {
        const [row] = await after.query<{ n: number }>(
          "select count(*)::int as n from calls where call_uuid like 'crash-%'",
        );
        expect(row!.n).toBe(killPoints(driver).length * TELEPHONY_BATCH_MAX);
      } finally {
        await after.close();
      }
    } finally {
      await server?.stop();
      await db.drop();
    }
  }, 120_000);
});
