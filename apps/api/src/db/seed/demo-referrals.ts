import { subDays } from 'date-fns';
import { accounts, referralCodes, referrals } from '../schema';
import type { DemoSeeder } from './types';

/** The demo account's code, fixed so that docs and demos can name it. */
export const DEMO_REFERRAL_CODE = 'HARBOR-7K2Q';

/**
 * Two practices the demo account referred: one whose first invoice is paid (the bonus was granted),
 * one that signed up last week and has not paid yet (pending). Only what the referral page shows is
 * made: the two accounts and the referrals (their people, billing and the granted bonus's ledger entry
 * are not simulated; the demo's billing history is generated after the seeders run).
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

export const seedDemoReferrals: DemoSeeder = async (tx, { accountId, now }) => {
  await tx.insert(referralCodes).values({ accountId, code: DEMO_REFERRAL_CODE, createdAt: subDays(now, 90) });
  for (const referred of DEMO_REFERRED) {
    const signedUp = subDays(now, referred.signedUpDaysAgo);
    const [account] = await tx
      .insert(accounts)
      .values({ name: referred.accountName, createdAt: signedUp })
      .returning({ id: accounts.id });
    await tx.insert(referrals).values({
      referrerAccountId: accountId,
      referredEmail: referred.email,
      referredAccountId: account!.id,
      createdAt: signedUp,
      bonusGrantedAt: referred.bonusDaysAgo === null ? null : subDays(now, referred.bonusDaysAgo),
    });
  }
};
