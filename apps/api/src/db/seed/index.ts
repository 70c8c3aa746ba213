import type { FastifyBaseLogger } from 'fastify';
import type { StaffRole } from '@enq/contract';
import type { BillingEngines } from '../../domain/billing-engine/billing-engines';
import { hashPassword } from '../../domain/auth/password';
import { randomPin } from '../../domain/people/pin';
import type { Database } from '../client';
import { STAFF_ACCOUNT_ID } from '../schema';
import {
  DEMO_ACCOUNT_NAME,
  DEMO_ADMIN,
  DEMO_ANNUAL,
  DEMO_NEW_TEAM,
  DEMO_STAFF,
  DEMO_STAFF_MEMBERS,
  DEMO_SUB_USERS,
} from './demo-account';
import { seedDemoAddresses, seedDemoRefund } from './demo-addresses';
import { seedDemoHistory } from './demo-billing';
import { upsertSetting } from '../../domain/billing-engine/payment-collections-repository';
import { seedDemoUsers } from './demo-users';
import { seedDemoProfile } from './demo-profile';
import { seedDemoNotifications } from './demo-notifications';
import { seedDemoConsoleNotices } from './demo-console-notices';
import { seedDemoActivity } from './demo-activity';
import { seedDemoSpendControl } from './demo-spend-control';
import { seedDemoForecastAlerts } from './demo-forecast-alerts';
import { seedDemoAccountNotes } from './demo-account-notes';
import { seedDemoCatalogue } from './demo-catalogue';
import { DEMO_SEASONS, seedDemoSeasons } from './demo-seasons';
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
  await seedPlans(database);
  await seedLines(database);
  await seedRates(database, now);
  await seedHoldMusic(database);
}

/** Each area's part of the demo account, in order. */
const DEMO_SEEDERS: DemoSeeder[] = [
  seedDemoUsers,
  seedDemoAddresses,
  seedDemoProfile,
  seedDemoNotifications,
  seedDemoConsoleNotices,
  seedDemoReferrals,
  seedDemoActivity,
  seedDemoSpendControl,
  seedDemoForecastAlerts,
  seedDemoAccountNotes,
  seedDemoCatalogue,
];

/**
 * Fills an empty database with the demo account. Idempotent: it does nothing once any account exists,
 * and it runs in one transaction, so a failure leaves the database empty rather than half-seeded.
 * `billing` is the process's (composition.ts): the demo's invoices carry its seller and tax.
 */
export async function seedDemoData(
  database: Database,
  log?: Pick<FastifyBaseLogger, 'info'>,
  now: Date = new Date(),
  billing?: BillingEngines,
): Promise<boolean> {
  const [existing] = await database.query<{ n: number }>('select count(*)::int as n from accounts');
  if (existing && existing.n > 0) return false;
  // The demo's customers share one password, hashed once.
  const [adminHash, staffHash, annualHash, newTeamHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_STAFF.password),
    hashPassword(DEMO_ANNUAL.password),
    hashPassword(DEMO_NEW_TEAM.password),
  ]);
  const pins = new Set<string>();
  while (pins.size < DEMO_SUB_USERS.length + 3 + DEMO_SEASONS.length) pins.add(randomPin());
  const [adminPin, annualPin, newTeamPin, ...otherPins] = [...pins];
  const userPins = otherPins.slice(0, DEMO_SUB_USERS.length);
  const seasonPins = otherPins.slice(DEMO_SUB_USERS.length);

  const ids = await database.transaction(async (tx) => {
    const insertAccount = async (name: string) =>
      (await tx.query<{ id: string }>('insert into accounts (name) values ($1) returning id', [name]))[0]!.id;
    const insertPerson = async (
      accountId: string | null,
      person: { fullName: string; email: string },
      extra: { pin?: string; isAdmin?: boolean; staffRole?: StaffRole; passwordHash?: string } = {},
    ) =>
      (
        await tx.query<{ id: string }>(
          `insert into people (account_id, full_name, email, pin, is_admin, is_staff, staff_role, password_hash)
           values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
          [
            accountId,
            person.fullName,
            person.email,
            extra.pin ?? null,
            extra.isAdmin ?? false,
            extra.staffRole !== undefined,
            extra.staffRole ?? null,
            extra.passwordHash ?? null,
          ],
        )
      )[0]!.id;
    const accountId = await insertAccount(DEMO_ACCOUNT_NAME);
    const adminId = await insertPerson(accountId, DEMO_ADMIN, {
      pin: adminPin!,
      isAdmin: true,
      passwordHash: adminHash,
    });
    const userIds: string[] = [];
    for (const [i, u] of DEMO_SUB_USERS.entries())
      userIds.push(await insertPerson(accountId, u, { pin: userPins[i]! }));
    const annualAccountId = await insertAccount(DEMO_ANNUAL.accountName);
    await insertPerson(annualAccountId, DEMO_ANNUAL, {
      pin: annualPin!,
      isAdmin: true,
      passwordHash: annualHash,
    });
    const newTeamAccountId = await insertAccount(DEMO_NEW_TEAM.accountName);
    await insertPerson(newTeamAccountId, DEMO_NEW_TEAM, {
      pin: newTeamPin!,
      isAdmin: true,
      passwordHash: newTeamHash,
    });
    // Their offices, for service and billing alike: an overview that says its addresses are incomplete is
    // the sign of an account nobody finished setting up, which none of these is.
    const setAddress = (id: string, address: object) =>
      tx.query(`update accounts set service_address = $1::jsonb, billing_address = $1::jsonb where id = $2`, [
        JSON.stringify(address),
        id,
      ]);
    await setAddress(newTeamAccountId, DEMO_NEW_TEAM.address);
    const seasons = new Map<string, { accountId: string; adminId: string }>();
    for (const [i, customer] of DEMO_SEASONS.entries()) {
      const id = await insertAccount(customer.accountName);
      const admin = await insertPerson(id, customer, {
        pin: seasonPins[i]!,
        isAdmin: true,
        // Every demo customer signs in with the demo password, already hashed.
        passwordHash: newTeamHash,
      });
      await setAddress(id, customer.address);
      seasons.set(customer.accountName, { accountId: id, adminId: admin });
    }
    // Staff belong to the closed enQ staff account: every person row carries an account (docs/scaling.md).
    await tx.query(
      `insert into accounts (id, name, status) values ($1, 'enQ staff', 'closed') on conflict do nothing`,
      [STAFF_ACCOUNT_ID],
    );
    for (const staff of [DEMO_STAFF, ...DEMO_STAFF_MEMBERS])
      await insertPerson(STAFF_ACCOUNT_ID, staff, { staffRole: staff.role, passwordHash: staffHash });
    // The embedded provider identifies people by their own id.
    await tx.query('update people set identity_subject = id::text where password_hash is not null');
    const demo = { accountId, adminId, userIds, now };
    for (const seed of DEMO_SEEDERS) await seed(tx, demo);
    await seedAnnualReferral(tx, annualAccountId, now);
    return { accountId, annualAccountId, newTeamAccountId, seasons };
  });
  // The operator's retry schedule for the demo's plan, as the console saves one: tries on days 3 and 10
  // after the last close's decline were declined too, and the next is on day 21, two days from today.
  await upsertSetting(
    database,
    { plan_id: 'team-monthly', retry_days: [3, 10, 21, 28], after_last: 'refuse' },
    now,
  );
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
    billing,
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
    billing,
  });
  await seedDemoHistory(database, {
    accountId: ids.newTeamAccountId,
    planId: DEMO_NEW_TEAM.planId,
    months: 0,
    days: 3,
    callsPerMonth: 40,
    now,
    seed: 11,
    billing,
  });
  const seasonIds = await seedDemoSeasons({ database, now, billing, people: ids.seasons });
  const demoAccounts = [ids.accountId, ids.annualAccountId, ids.newTeamAccountId, ...seasonIds];
  // The history is the past: the spend alerts its batches fired were emailed back then, so they are
  // kept as sent (readable in the outbox) rather than queued for delivery at this first start.
  await database.query(
    `update outbox set status = 'sent', sent_at = created_at
      where status = 'queued' and account_id = any($1::uuid[])`,
    [demoAccounts],
  );
  // Each demo customer has been one since its history began, not since this first start.
  await database.query(
    `update accounts a set created_at = h.began
       from (select account_id, min(starts_at) as began from billing_periods group by account_id) h
      where h.account_id = a.id and h.began < a.created_at and a.id = any($1::uuid[])`,
    [demoAccounts],
  );
  log?.info({ account: DEMO_ACCOUNT_NAME }, 'demo account created');
  return true;
}
