import type { Transactional } from '../../db/handle';
import { BILLING_SQL, type BillingRow } from '../billing/billing-repository';
import { SNAPSHOT_SQL, type SnapshotRow } from '../subscription/subscriptions-repository';
import { BASICS_SQL, type BasicsRow } from './notifications-repository';

/**
 * The overview gathers the most data of any page: the person's basics, the subscription summary and
 * the billing flags, each its area's own statement ($1 account, $2 person, $3 now), read as one
 * prepared statement so that the landing page costs one round trip.
 */
const OVERVIEW_SQL = `
select (select to_jsonb(b) from (${BASICS_SQL}) b) as basics,
       (select to_jsonb(s) from (${SNAPSHOT_SQL}) s) as info,
       (select to_jsonb(x) from (${BILLING_SQL}) x) as billing`;

/** The overview's one row: the person's basics, the subscription summary and the billing flags. */
export async function readOverview(
  q: Transactional,
  accountId: string,
  personId: string,
  now: Date,
): Promise<{ basics: BasicsRow | null; info: SnapshotRow; billing: BillingRow | null } | undefined> {
  const [row] = await q.query<{ basics: BasicsRow | null; info: SnapshotRow; billing: BillingRow | null }>(
    OVERVIEW_SQL,
    [accountId, personId, now.toISOString()],
    { prepare: true },
  );
  return row;
}
