import { SERVICE_KEY_HEADER, SPEND_TEXT, TELEPHONY_CALLS_PATH } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_NEW_TEAM } from '../../src/db/seed/demo-account';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { SERVICE_KEY, seededDatabase, serve } from './crash-harness';

const BATCHES = 16;

// Two processes on one PostgreSQL book batches of one account at once: the batches that cross the 80%
// alert race, and the firing's key lets one of them record it and email it.
describe.runIf(drivers.includes('postgres'))('a spend alert across two processes (postgres)', () => {
  const driver = 'postgres';
  it('SPEND-05 concurrent batches over two processes crossing 80% send exactly one email', async () => {
    const db = await seededDatabase(driver);
    const servers: ServerProcess[] = [];
    try {
      const database = await db.open();
      let admin: { account_id: string; pin: string; email: string };
      try {
        [admin] = (await database.query<typeof admin>(
          'select account_id, pin, email from people where email = $1',
          [DEMO_NEW_TEAM.email],
        )) as [typeof admin];
        await database.query('delete from spend_thresholds where account_id = $1 and amount <> 80', [
          admin.account_id,
        ]);
      } finally {
        await database.close();
      }
      servers.push(await serve(db), await serve(db));
      const at = new Date(Date.now() - 60_000).toISOString();
      // 16 batches of two one-hour calls: well past 80% of 14,000 credits, whoever books first.
      const answers = await Promise.all(
        Array.from({ length: BATCHES }, async (_, i) => {
          const response = await fetch(`${servers[i % 2]!.url}${TELEPHONY_CALLS_PATH}`, {
            method: 'POST',
            headers: { [SERVICE_KEY_HEADER]: SERVICE_KEY, 'content-type': 'application/json' },
            body: JSON.stringify({
              calls: [0, 1].map((j) => ({
                call_uuid: `race-${i}-${j}`,
                pin: admin.pin,
                call_timestamp: at,
                destination: 'IRS Practitioner Priority Service',
                billed_duration: 3_600,
              })),
            }),
          });
          return [response.status, ((await response.json()) as { accepted: number }).accepted];
        }),
      );
      expect(answers).toEqual(Array.from({ length: BATCHES }, () => [200, 2]));
      const check = await db.open();
      try {
        const emails = await check.query<{ to: string; subject: string }>(
          `select "to", subject from outbox where account_id = $1 and kind = 'spend_alert'`,
          [admin.account_id],
        );
        expect(emails).toEqual([
          { to: admin.email, subject: SPEND_TEXT.alertSubject(SPEND_TEXT.percentAlert(80)) },
        ]);
        const firings = await check.query(
          'select kind, amount::int from spend_alert_firings where account_id = $1',
          [admin.account_id],
        );
        expect(firings).toEqual([{ kind: 'plan_percent', amount: 80 }]);
      } finally {
        await check.close();
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await db.drop();
    }
  }, 400_000);
});
