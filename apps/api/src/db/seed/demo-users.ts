import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { randomPin } from '../../domain/people/pin';
import { people } from '../schema';
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
    (await tx.select({ pin: people.pin }).from(people).where(isNotNull(people.pin))).map((r) => r.pin),
  );
  const pins: string[] = [];
  while (pins.length < DEMO_MORE_USERS.length) {
    const pin = randomPin();
    if (!taken.has(pin)) {
      taken.add(pin);
      pins.push(pin);
    }
  }
  await tx
    .insert(people)
    .values(
      DEMO_MORE_USERS.map((u, i) => ({ accountId, fullName: u.fullName, email: u.email, pin: pins[i]! })),
    );
  // The admin keeps the first track; the others cycle through the catalogue in name order.
  const others = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.accountId, accountId), ne(people.id, adminId)))
    .orderBy(people.fullName);
  const values = HOLD_MUSIC_CATALOGUE.map((t) => t.value);
  for (const [i, value] of values.entries()) {
    const ids = others.filter((_, n) => (n + 1) % values.length === i).map((o) => o.id);
    if (ids.length) await tx.update(people).set({ holdMusic: value }).where(inArray(people.id, ids));
  }
  await tx.update(people).set({ holdMusic: values[0] }).where(eq(people.id, adminId));
};
