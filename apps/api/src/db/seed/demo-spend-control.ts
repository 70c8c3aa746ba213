import type { DemoSeeder } from './types';

/**
 * The practice's alerts and limits (SPEND), set before its history is booked so the history's batches
 * fire them as real ones would: the 80% and 100% alerts every account has, one at 50% (passed this
 * period, so the overview shows its banner), overage alerts at $100 and $500, and a monthly limit of
 * 3,000 credits for its first sub-account user.
 */
export const seedDemoSpendControl: DemoSeeder = async (tx, { accountId, userIds }) => {
  await tx.query(
    `insert into spend_thresholds (account_id, kind, amount)
     values ($1, 'plan_percent', 50), ($1, 'overage_cents', 10000), ($1, 'overage_cents', 50000)
     on conflict do nothing`,
    [accountId],
  );
  const limited = userIds[0];
  if (limited)
    await tx.query(
      'insert into user_credit_limits (account_id, person_id, limit_cc) values ($1, $2, 300000)',
      [accountId, limited],
    );
};
