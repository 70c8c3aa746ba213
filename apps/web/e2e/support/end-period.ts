import { expect } from 'vitest';
import { openDatabase } from '../../../api/src/db/client';
import type { Journey } from './journey';

/**
 * Ends the account's current period two hours ago (past the close's grace window) while the server is
 * stopped, then restarts it: its first period-close job closes the period and charges the card on file.
 */
export async function endCurrentPeriod(journey: Journey, accountName: string): Promise<void> {
  await journey.server.stop();
  const database = await openDatabase({ kind: 'pglite', dataDir: journey.dataDir });
  try {
    const ended = new Date(Date.now() - 2 * 3_600_000);
    const moved = await database.query(
      `with sub as (
         update subscriptions s set current_period_end = $2 from accounts a
          where a.id = s.account_id and a.name = $1
         returning s.account_id, s.current_period_start
       )
       update billing_periods p set ends_at = $2 from sub
        where p.account_id = sub.account_id and p.starts_at = sub.current_period_start and p.closed_at is null
       returning p.id`,
      [accountName, ended],
    );
    expect(moved).toHaveLength(1);
  } finally {
    await database.close();
  }
  await journey.restartServer();
}
