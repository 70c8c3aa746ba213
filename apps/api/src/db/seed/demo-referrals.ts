import { subDays } from 'date-fns';
import type { Transactional } from '../handle';
import type { DemoSeeder } from './types';

/** The demo account's code, fixed so that docs and demos can name it. */
export const DEMO_REFERRAL_CODE = 'HARBOR-7K2Q';

/**
 * Two practices the demo account referred: one whose first invoice is paid (the bonus was granted),
 * one that signed up last week and has not paid yet (pending). Only what the referral page shows is
 * made here: the two accounts and the referrals (their people and billing are not simulated). The
 * granted bonus reaches the ledger through the engine when the billing history passes its date.
 */
export const DEMO_REFERRED = [
  {
    accountName: 'Cascade Ledger CPAs',
    email: 'nora.lindgren@cascadeledger.com',
    signedUpDaysAgo: 52,
    bonusDaysAgo: 45,
  },
  {
    accountName: 'Willamette Valley Tax Group',
    email: 'jamal.whitaker@willamettetax.com',
    signedUpDaysAgo: 6,
    bonusDaysAgo: null,
  },
] as const;

type Referred = {
  accountName: string;
  email: string;
  signedUpDaysAgo: number;
  bonusDaysAgo: number | null;
};

/** A referred practice's account and the referral that names it. */
async function insertReferral(tx: Transactional, referrerId: string, referred: Referred, now: Date) {
  const signedUp = subDays(now, referred.signedUpDaysAgo);
  const [account] = await tx.query<{ id: string }>(
    'insert into accounts (name, created_at) values ($1, $2) returning id',
    [referred.accountName, signedUp],
  );
  await tx.query(
    `insert into referrals (referrer_account_id, referred_email, referred_account_id, created_at, bonus_granted_at)
     values ($1, $2, $3, $4, $5)`,
    [
      referrerId,
      referred.email,
      account!.id,
      signedUp,
      referred.bonusDaysAgo === null ? null : subDays(now, referred.bonusDaysAgo),
    ],
  );
}

export const seedDemoReferrals: DemoSeeder = async (tx, { accountId, now }) => {
  await tx.query('insert into referral_codes (account_id, code, created_at) values ($1, $2, $3)', [
    accountId,
    DEMO_REFERRAL_CODE,
    subDays(now, 90),
  ]);
  for (const referred of DEMO_REFERRED) await insertReferral(tx, accountId, referred, now);
};

/** The annual-plan bookkeeper referred one practice too, so an annual plan shows its bonus credits. */
export const DEMO_ANNUAL_REFERRED = {
  accountName: 'Birch Street Bookkeeping',
  email: 'lena.park@birchstreetbooks.com',
  signedUpDaysAgo: 110,
  bonusDaysAgo: 100,
} as const;

export const seedAnnualReferral = (tx: Transactional, accountId: string, now: Date) =>
  insertReferral(tx, accountId, DEMO_ANNUAL_REFERRED, now);
