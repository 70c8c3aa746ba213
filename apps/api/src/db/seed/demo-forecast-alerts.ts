import type { DemoSeeder } from './types';

/**
 * The practice's forecast alert (SPEND-13): overage projected at the period's end above $250, set
 * before its history is booked, so the history's batches fire it as real ones would (in the busy past
 * periods); this period's pace projects no overage yet, so the section shows it waiting.
 */
export const seedDemoForecastAlerts: DemoSeeder = async (tx, { accountId }) => {
  await tx.query(
    `insert into spend_thresholds (account_id, kind, amount) values ($1, 'forecast_overage_cents', 25000)
     on conflict do nothing`,
    [accountId],
  );
};
