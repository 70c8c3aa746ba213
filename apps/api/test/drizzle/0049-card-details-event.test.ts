import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { drivers, openTestDatabase } from '../helpers/app';
import { migrateUpTo } from '../helpers/migrate-up-to';

// Migration 0049: a card updated by the provider's events before it keeps the newest applied update's
// time and id, so a late update of those times still changes nothing after it.
describe.each(drivers)("migration 0049: a card's details stamped with their update (%s)", (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await migrateUpTo(database, '0048_resume_order_reason');
    const [account] = await database.query<{ id: string }>(
      "insert into accounts (name) values ('Before 0049') returning id",
    );
    await database.query(
      `insert into payment_methods (id, account_id, brand, last4, exp_month, exp_year)
       values ('pm_old', $1, 'visa', '4040', 9, 2040), ('pm_untouched', $1, 'visa', '4242', 9, 2030)`,
      [account!.id],
    );
    const event = (id: string, created: string, outcome: string) =>
      database.query(
        `insert into provider_events (id, type, object_id, created, payload, outcome, account_id)
         values ($1, 'payment_method.automatically_updated', 'pm_old', $2, '{}'::jsonb, $3, $4)`,
        [id, created, outcome, outcome === 'applied' ? account!.id : null],
      );
    await event('evt_first', '2026-01-01T00:00:00Z', 'applied');
    await event('evt_newest', '2026-03-01T00:00:00Z', 'applied');
    await event('evt_late', '2026-02-01T00:00:00Z', 'no-change');
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('stamps each card with the newest update applied to it, and leaves cards no event updated unstamped', async () => {
    const rows = await database.query<{
      id: string;
      details_event_at: Date | null;
      details_event_id: string | null;
    }>('select id, details_event_at, details_event_id from payment_methods order by id');
    expect(
      rows.map((r) => [
        r.id,
        r.details_event_at && new Date(r.details_event_at).toISOString(),
        r.details_event_id,
      ]),
    ).toEqual([
      ['pm_old', '2026-03-01T00:00:00.000Z', 'evt_newest'],
      ['pm_untouched', null, null],
    ]);
  });
});
