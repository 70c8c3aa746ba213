import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { drivers, openTestDatabase } from '../helpers/app';
import { migrateUpTo } from '../helpers/migrate-up-to';

const STAFF = '00000000-0000-4000-8000-000000000038';

describe.each(drivers)('migration 0038: the billing system as an actor of refunds (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await migrateUpTo(database, '0036_user_limit_firings');
    await database.query(
      `insert into staff_audit (staff_person_id, staff_email, staff_role, action, reason)
       values ($1, 'avery@enq.example', 'finance', 'refund', 'Before 0038')`,
      [STAFF],
    );
    await database.migrate();
  });
  afterAll(() => database?.close());

  const audit = (person: string | null, email: string | null, role: string) =>
    database.query(
      `insert into staff_audit (staff_person_id, staff_email, staff_role, action, reason)
       values ($1, $2, $3, 'refund', 'after 0038')`,
      [person, email, role],
    );

  it('PLAN-13 keeps the trail written before it and records the system with no person nor email', async () => {
    expect(await database.query('select staff_person_id, staff_email, staff_role from staff_audit')).toEqual([
      { staff_person_id: STAFF, staff_email: 'avery@enq.example', staff_role: 'finance' },
    ]);
    await audit(null, null, 'system');
    expect(
      await database.query("select count(*)::int as n from staff_audit where staff_role = 'system'"),
    ).toEqual([{ n: 1 }]);
  });

  it('PLAN-13 refuses a staff entry without its person or email, and a system entry with one', async () => {
    await expect(audit(null, 'avery@enq.example', 'finance')).rejects.toThrow(/staff_audit_actor_check/);
    await expect(audit(STAFF, null, 'finance')).rejects.toThrow(/staff_audit_actor_check/);
    await expect(audit(STAFF, 'avery@enq.example', 'system')).rejects.toThrow(/staff_audit_actor_check/);
  });
});
