import { SERVICE_KEY_HEADER, SPEND_TEXT, TELEPHONY_CALLS_PATH } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_NEW_TEAM } from '../../src/db/seed/demo-account';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import type { Database } from '../../src/db/database';
import {
  replaceThresholds,
  type StoredThreshold as Threshold,
} from '../../src/domain/spend-control/spend-control-repository';
import { currentForecast } from '../../src/domain/subscription/plan-advisor';
import { SERVICE_KEY, seededDatabase, serve } from './crash-harness';

const BATCHES = 16;

// Two processes on one PostgreSQL book batches of one account at once: the batches that cross an alert
// (80% of the plan's credits, or a projected overage) race, and the firing's key lets one of them
// record it and email it.
describe.runIf(drivers.includes('postgres'))('a spend alert across two processes (postgres)', () => {
  const driver = 'postgres';

  /**
   * With only the threshold `thresholdOf` names set on the new team's account, BATCHES batches of two
   * one-hour calls (38,400 credits in all, well past 80% of its 14,000), posted over two processes at
   * once; then the spend-alert emails and firings the database holds.
   */
  async function race(thresholdOf: (database: Database, accountId: string) => Promise<Threshold>) {
    const db = await seededDatabase(driver);
    const servers: ServerProcess[] = [];
    try {
      const database = await db.open();
      let admin: { account_id: string; pin: string; email: string };
      let threshold: Threshold;
      try {
        [admin] = (await database.query<typeof admin>(
          'select account_id, pin, email from people where email = $1',
          [DEMO_NEW_TEAM.email],
        )) as [typeof admin];
        threshold = await thresholdOf(database, admin.account_id);
        await replaceThresholds(database, admin.account_id, [threshold]);
      } finally {
        await database.close();
      }
      servers.push(await serve(db), await serve(db));
      const at = new Date(Date.now() - 60_000).toISOString();
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
        return {
          admin,
          threshold: threshold!,
          emails: await check.query<{ to: string; subject: string }>(
            `select "to", subject from outbox where account_id = $1 and kind = 'spend_alert'`,
            [admin.account_id],
          ),
          firings: await check.query(
            'select kind, amount::int from spend_alert_firings where account_id = $1',
            [admin.account_id],
          ),
        };
      } finally {
        await check.close();
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await db.drop();
    }
  }

  it('SPEND-05 concurrent batches over two processes crossing 80% send exactly one email', async () => {
    const { admin, emails, firings } = await race(async () => ({ kind: 'plan_percent', amount: 80 }));
    expect(emails).toEqual([
      { to: admin.email, subject: SPEND_TEXT.alertSubject(SPEND_TEXT.percentAlert(80)) },
    ]);
    expect(firings).toEqual([{ kind: 'plan_percent', amount: 80 }]);
  }, 400_000);

  it("SPEND-14 SPEND-15 concurrent batches over two processes projecting overage $100 past today's projection send exactly one email", async () => {
    // $100 above what the period's pace projects before the batches (whole dollars): their 38,400
    // credits raise the projection by at least $273, whatever the weekdays so far.
    const { admin, threshold, emails, firings } = await race(async (database, accountId) => {
      const before = (await currentForecast(database, accountId, new Date()))!.forecast;
      return {
        kind: 'forecast_overage_cents',
        amount: Math.floor(before.projectedOverageCents / 100) * 100 + 10_000,
      };
    });
    expect(emails).toEqual([
      { to: admin.email, subject: SPEND_TEXT.alertSubject(SPEND_TEXT.forecastAlert(threshold.amount / 100)) },
    ]);
    expect(firings).toEqual([threshold]);
  }, 400_000);
});
