import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../domain/auth/password';
import { randomPin } from '../../domain/people/pin';
import type { Database } from '../client';
import { STAFF_ACCOUNT_ID, accounts, people } from '../schema';
import { DEMO_ACCOUNT_NAME, DEMO_ADMIN, DEMO_ANNUAL, DEMO_STAFF, DEMO_SUB_USERS } from './demo-account';
import { seedDemoAddresses, seedDemoRefund } from './demo-addresses';
import { seedDemoHistory } from './demo-billing';
import { seedDemoUsers } from './demo-users';
import { seedDemoProfile } from './demo-profile';
import { seedDemoNotifications } from './demo-notifications';
import { subDays } from 'date-fns';
import { DEMO_ANNUAL_REFERRED, DEMO_REFERRED, seedAnnualReferral, seedDemoReferrals } from './demo-referrals';
import { seedHoldMusic } from './hold-music';
import { seedPlans } from './plans';
import { seedRates } from './rates';
import { seedLines } from './lines';
import type { DemoSeeder } from './types';

/**
 * Catalogues every database needs (plans, rates, lines, ...): upserted at every start, demo or not.
 * `now` is when rates of lines gone from the catalogue stop being in effect.
 */
export async function seedReferenceData(database: Database, now: Date = new Date()): Promise<void> {
  await seedPlans(database.db);
  await seedRates(database, now);
  await seedHoldMusic(database.db);
  await seedLines(database.db);
}

/** Each area's part of the demo account, in order. */
const DEMO_SEEDERS: DemoSeeder[] = [
  seedDemoUsers,
  seedDemoAddresses,
  seedDemoProfile,
  seedDemoNotifications,
  seedDemoReferrals,
];

/**
 * Fills an empty database with the demo account. Idempotent: it does nothing once any account exists,
 * and it runs in one transaction, so a failure leaves the database empty rather than half-seeded.
 */
export async function seedDemoData(
  database: Database,
  log?: Pick<FastifyBaseLogger, 'info'>,
  now: Date = new Date(),
): Promise<boolean> {
  const [existing] = await database.db.select({ n: count() }).from(accounts);
  if (existing && existing.n > 0) return false;
  const [adminHash, staffHash, annualHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_STAFF.password),
    hashPassword(DEMO_ANNUAL.password),
  ]);
  const pins = new Set<string>();
  while (pins.size < DEMO_SUB_USERS.length + 2) pins.add(randomPin());
  const [adminPin, annualPin, ...userPins] = [...pins];

  const ids = await database.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ name: DEMO_ACCOUNT_NAME })
      .returning({ id: accounts.id });
    const accountId = account!.id;
    const [admin] = await tx
      .insert(people)
      .values({
        accountId,
        fullName: DEMO_ADMIN.fullName,
        email: DEMO_ADMIN.email,
        pin: adminPin!,
        isAdmin: true,
        passwordHash: adminHash,
      })
      .returning({ id: people.id });
    const users = await tx
      .insert(people)
      .values(
        DEMO_SUB_USERS.map((u, i) => ({
          accountId,
          fullName: u.fullName,
          email: u.email,
          pin: userPins[i]!,
        })),
      )
      .returning({ id: people.id });
    const [annual] = await tx
      .insert(accounts)
      .values({ name: DEMO_ANNUAL.accountName })
      .returning({ id: accounts.id });
    await tx.insert(people).values({
      accountId: annual!.id,
      fullName: DEMO_ANNUAL.fullName,
      email: DEMO_ANNUAL.email,
      pin: annualPin!,
      isAdmin: true,
      passwordHash: annualHash,
    });
    await tx
      .insert(accounts)
      .values({ id: STAFF_ACCOUNT_ID, name: 'enQ staff', status: 'closed' })
      .onConflictDoNothing();
    await tx.insert(people).values({
      accountId: STAFF_ACCOUNT_ID,
      fullName: DEMO_STAFF.fullName,
      email: DEMO_STAFF.email,
      isStaff: true,
      passwordHash: staffHash,
    });
    // The embedded provider identifies people by their own id.
    await tx
      .update(people)
      .set({ identitySubject: sql`${people.id}::text` })
      .where(sql`${people.passwordHash} is not null`);
    const demo = { accountId, adminId: admin!.id, userIds: users.map((u) => u.id), now };
    for (const seed of DEMO_SEEDERS) await seed(tx, demo);
    await seedAnnualReferral(tx, annual!.id, now);
    return { accountId, annualAccountId: annual!.id };
  });
  // Billing history is made by the engine itself under a moving clock, after the people exist.
  await seedDemoHistory(database, {
    accountId: ids.accountId,
    planId: 'team-monthly',
    months: 14,
    days: 19,
    callsPerMonth: 55,
    now,
    seed: 2026,
    declineInCurrentPeriod: true,
    bonusesAt: DEMO_REFERRED.flatMap((r) => (r.bonusDaysAgo === null ? [] : [subDays(now, r.bonusDaysAgo)])),
  });
  await seedDemoRefund(database, ids.accountId, now);
  await seedDemoHistory(database, {
    accountId: ids.annualAccountId,
    planId: DEMO_ANNUAL.planId,
    months: 5,
    callsPerMonth: 45,
    now,
    seed: 7,
    bonusesAt: [subDays(now, DEMO_ANNUAL_REFERRED.bonusDaysAgo)],
  });
  log?.info({ account: DEMO_ACCOUNT_NAME }, 'demo account created');
  return true;
}
