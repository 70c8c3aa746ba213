import type { Transactional } from '../../db/handle';
import { BILLING_SQL, type BillingRow } from '../billing/billing-repository';
import { SNAPSHOT_SQL, type SnapshotRow } from '../subscription/subscriptions-repository';
import { SNAPSHOT_COLUMN } from '../account-changes/account-changes-repository';
import { BASICS_SQL, type BasicsRow } from './notifications-repository';

/** The overview's one row, and the snapshot it was read in (pg_snapshot as text). */
export interface OverviewRow {
  basics: BasicsRow | null;
  info: SnapshotRow;
  billing: BillingRow | null;
  snapshot: string;
}

/**
 * The overview gathers the most data of any page: the person's basics, the subscription summary and
 * the billing flags, each its area's own statement ($1 account, $2 person, $3 now), read as one
 * prepared statement so that the landing page costs one round trip. The statement's snapshot comes
 * with it, for the copy each process keeps (KeptAnswers).
 */
const OVERVIEW_SQL = `
select (select to_jsonb(b) from (${BASICS_SQL}) b) as basics,
       (select to_jsonb(s) from (${SNAPSHOT_SQL}) s) as info,
       (select to_jsonb(x) from (${BILLING_SQL}) x) as billing,
       ${SNAPSHOT_COLUMN}`;

export async function readOverview(
  q: Transactional,
  accountId: string,
  personId: string,
  now: Date,
): Promise<OverviewRow | undefined> {
  const [row] = await q.query<OverviewRow>(OVERVIEW_SQL, [accountId, personId, now.toISOString()], {
    prepare: true,
  });
  return row;
}
