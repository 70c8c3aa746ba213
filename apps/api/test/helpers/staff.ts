import type { StaffRole } from '@enq/contract';
import type { Database } from '../../src/db/client';
import { DEMO_STAFF, DEMO_STAFF_MEMBERS } from '../../src/db/seed/demo-account';
import { issueApiToken } from '../../src/domain/auth/api-tokens';

/** The seeded staff member of each console role (db/seed/demo-account.ts). */
export const STAFF_BY_ROLE: Record<StaffRole, { fullName: string; email: string }> = {
  admin: DEMO_STAFF,
  finance: DEMO_STAFF_MEMBERS.find((s) => s.role === 'finance')!,
  support: DEMO_STAFF_MEMBERS.find((s) => s.role === 'support')!,
};

/** An API token of the seeded staff member with `role`, as a console sign-in (password and code) issues it. */
export async function staffToken(
  database: Database,
  role: StaffRole,
): Promise<{ token: string; personId: string }> {
  const [person] = await database.query<{ id: string }>(
    'select id from people where is_staff and lower(email) = lower($1)',
    [STAFF_BY_ROLE[role].email],
  );
  if (!person) throw new Error(`no ${role} staff member seeded`);
  const { token } = await issueApiToken(database, person.id, new Date(), null, true);
  return { token, personId: person.id };
}

/** A customer's API token and account, by sign-in email (the console's tests act on the demo admin's). */
export async function customerToken(
  database: Database,
  email: string,
): Promise<{ token: string; personId: string; accountId: string }> {
  const [person] = await database.query<{ id: string; account_id: string }>(
    'select id, account_id from people where not is_staff and lower(email) = lower($1)',
    [email],
  );
  if (!person) throw new Error(`no customer ${email} seeded`);
  const { token } = await issueApiToken(database, person.id);
  return { token, personId: person.id, accountId: person.account_id };
}
