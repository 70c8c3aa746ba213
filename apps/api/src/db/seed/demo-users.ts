import { randomPin } from '../../domain/people/pin';
import { HOLD_MUSIC_CATALOGUE } from './hold-music';
import type { DemoSeeder } from './types';

/** More of the practice's staff, so the Users page has more than one page at 10 per page. */
export const DEMO_MORE_USERS = [
  'Aisha Thompson',
  'Benjamin Carter',
  'Carmen Delgado',
  'David Okafor',
  'Fatima Hassan',
  'Gregory Walsh',
  'Hannah Schultz',
  'Ivan Petrov',
  'Julia Moreau',
  'Kenji Watanabe',
  'Laura Bennett',
  'Miguel Santos',
  'Nadia Rahman',
  'Oliver Grant',
  'Sofia Rossi',
  'Samuel Adeyemi',
  'Tessa Lindqvist',
  'Victor Chen',
  'Yasmin Farouk',
].map((fullName) => ({
  fullName,
  email: `${fullName.toLowerCase().replace(/\s+/g, '.')}@harborpinetax.com`,
}));

/** Adds the further demo users and gives everyone on the account a hold-music track, varied. */
export const seedDemoUsers: DemoSeeder = async (tx, { accountId, adminId }) => {
  const taken = new Set(
    (await tx.query<{ pin: string }>('select pin from people where pin is not null')).map((r) => r.pin),
  );
  const pins: string[] = [];
  while (pins.length < DEMO_MORE_USERS.length) {
    const pin = randomPin();
    if (!taken.has(pin)) {
      taken.add(pin);
      pins.push(pin);
    }
  }
  await tx.query(
    `insert into people (account_id, full_name, email, pin)
     select $1, u.full_name, u.email, u.pin
       from unnest($2::text[], $3::text[], $4::text[]) as u(full_name, email, pin)`,
    [accountId, DEMO_MORE_USERS.map((u) => u.fullName), DEMO_MORE_USERS.map((u) => u.email), pins],
  );
  // The admin keeps the first track; the others cycle through the catalogue in name order.
  const others = await tx.query<{ id: string }>(
    'select id from people where account_id = $1 and id <> $2 order by full_name',
    [accountId, adminId],
  );
  const values = HOLD_MUSIC_CATALOGUE.map((t) => t.value);
  for (const [i, value] of values.entries()) {
    const ids = others.filter((_, n) => (n + 1) % values.length === i).map((o) => o.id);
    if (ids.length)
      await tx.query('update people set hold_music = $1 where id = any($2::uuid[])', [value, ids]);
  }
  await tx.query('update people set hold_music = $1 where id = $2', [values[0], adminId]);
};
