import type { Transactional } from '../../db/handle';
import { BILLING_SQL, type BillingRow } from '../billing/billing-repository';
import { SNAPSHOT_SQL, type SnapshotRow } from '../subscription/subscriptions-repository';
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
 * with it: a copy of the row stays right until a transaction it could not see writes (overviewChangedSince).
 */
const OVERVIEW_SQL = `
select (select to_jsonb(b) from (${BASICS_SQL}) b) as basics,
       (select to_jsonb(s) from (${SNAPSHOT_SQL}) s) as info,
       (select to_jsonb(x) from (${BILLING_SQL}) x) as billing,
       pg_current_snapshot()::text as snapshot`;

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

/** The account that stands for what every account reads (plans, prices, notices for all). */
const EVERY_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * Whether a transaction that `snapshot` could not see has written what the account's overview reads
 * (overview_changes, migration 0039), or the rows that would tell were pruned since.
 */
export async function overviewChangedSince(
  q: Transactional,
  accountId: string,
  snapshot: string,
): Promise<boolean> {
  const [row] = await q.query<{ changed: boolean }>(
    `select exists (select 1 from overview_changes
                     where account_id in ($1::uuid, $3::uuid)
                       and xid >= pg_snapshot_xmin($2::pg_snapshot)
                       and not pg_visible_in_snapshot(xid, $2::pg_snapshot))
            or (select horizon from overview_changes_horizon) > pg_snapshot_xmin($2::pg_snapshot) as changed`,
    [accountId, snapshot, EVERY_ACCOUNT],
    { prepare: true },
  );
  return row!.changed;
}

/**
 * Deletes the changes of transactions every running one can see, and moves the horizon up to them:
 * copies read before it are read again once. Returns how many rows went.
 */
export async function pruneOverviewChanges(q: Transactional): Promise<number> {
  const [row] = await q.query<{ pruned: number }>(
    `with horizon as (
       update overview_changes_horizon set horizon = pg_snapshot_xmin(pg_current_snapshot()) returning horizon),
     pruned as (delete from overview_changes where xid < (select horizon from horizon) returning 1)
     select count(*)::int as pruned from pruned`,
  );
  return row!.pruned;
}
