import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../domain/auth/password';
import { randomPin } from '../../domain/people/pin';
import type { Database } from '../client';
import { accounts, people } from '../schema';
import { DEMO_ACCOUNT_NAME, DEMO_ADMIN, DEMO_STAFF, DEMO_SUB_USERS } from './demo-account';
import { seedDemoSubscription } from './demo-subscription';
import { seedPlans } from './plans';
import type { DemoSeeder } from './types';

/** Catalogues every database needs (plans, ...): upserted at every start, demo or not. */
export async function seedReferenceData(database: Database): Promise<void> {
  await seedPlans(database.db);
}

/** Each area's part of the demo account, in order. */
const DEMO_SEEDERS: DemoSeeder[] = [seedDemoSubscription];

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
  const [adminHash, staffHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_STAFF.password),
  ]);
  const pins = new Set<string>();
  while (pins.size < DEMO_SUB_USERS.length + 1) pins.add(randomPin());
  const [adminPin, ...userPins] = [...pins];

  await database.db.transaction(async (tx) => {
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
    await tx.insert(people).values({
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
  });
  log?.info({ account: DEMO_ACCOUNT_NAME }, 'demo account created');
  return true;
}
