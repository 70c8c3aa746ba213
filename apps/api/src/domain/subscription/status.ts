import type { Transactional } from '../../db/handle';

export interface SubscriptionStatus {
  isActive: boolean;
  /** The plan allows sub-account users. */
  multiUser: boolean;
}

/** Whether the account's subscription is active, and what its plan allows. No subscription: inactive. */
export async function getSubscriptionStatus(
  database: Transactional,
  accountId: string,
): Promise<SubscriptionStatus> {
  const [row] = await database.query<{ status: string; multi_user: boolean }>(
    `select s.status, p.multi_user from subscriptions s join plans p on p.id = s.plan_id where s.account_id = $1`,
    [accountId],
  );
  return { isActive: row?.status === 'active', multiUser: row?.multi_user ?? false };
}
