import { subDays } from 'date-fns';
import { insertAccountNote } from '../../domain/admin/account-notes-repository';
import { DEMO_STAFF_MEMBERS } from './demo-account';
import type { DemoSeeder } from './types';

/** Two internal notes support keeps on the demo account, so the console's account page shows some. */
export const DEMO_ACCOUNT_NOTES = [
  {
    staff: 'Jordan Lee',
    daysAgo: 21,
    body: 'Dana asked about adding a second office in Q3. Pointed her to the Team plan: unlimited users at no extra cost.',
  },
  {
    staff: 'Avery Chen',
    daysAgo: 4,
    body: 'Confirmed by phone that the practice is taxable for 2026; no exemption certificate on file.',
  },
] as const;

export const seedDemoAccountNotes: DemoSeeder = async (tx, { accountId, now }) => {
  const staff = await tx.query<{ id: string; full_name: string }>(
    'select id, full_name from people where is_staff and lower(email) = any($1::text[])',
    [DEMO_STAFF_MEMBERS.map((s) => s.email.toLowerCase())],
  );
  for (const note of DEMO_ACCOUNT_NOTES) {
    const person = staff.find((s) => s.full_name === note.staff);
    if (!person) continue;
    await insertAccountNote(tx, {
      accountId,
      staffPersonId: person.id,
      staffName: person.full_name,
      body: note.body,
      at: subDays(now, note.daysAgo),
    });
  }
};
