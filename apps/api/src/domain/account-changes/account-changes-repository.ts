import type { Transactional } from '../../db/handle';

/** The account that stands for what every account reads (plans, prices, notices for all). */
const EVERY_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/** Selected beside a kept answer's first statement: the snapshot it reads in (pg_snapshot as text). */
export const SNAPSHOT_COLUMN = 'pg_current_snapshot()::text as snapshot';

/**
 * Whether a transaction that `snapshot` could not see has written to the account's data
 * (account_changes, migration 0039), or the rows that would tell were pruned since.
 */
export async function accountChangedSince(
  q: Transactional,
  accountId: string,
  snapshot: string,
): Promise<boolean> {
  const [row] = await q.query<{ changed: boolean }>(
    `select exists (select 1 from account_changes
                     where account_id in ($1::uuid, $3::uuid)
                       and xid >= pg_snapshot_xmin($2::pg_snapshot)
                       and not pg_visible_in_snapshot(xid, $2::pg_snapshot))
            or (select horizon from account_changes_horizon) > pg_snapshot_xmin($2::pg_snapshot) as changed`,
    [accountId, snapshot, EVERY_ACCOUNT],
    { prepare: true },
  );
  return row!.changed;
}

/**
 * Deletes the changes of transactions every running one can see, and moves the horizon up to them:
 * copies read before it are read again once. Returns how many rows went.
 */
export async function pruneAccountChanges(q: Transactional): Promise<number> {
  const [row] = await q.query<{ pruned: number }>(
    `with horizon as (
       update account_changes_horizon set horizon = pg_snapshot_xmin(pg_current_snapshot()) returning horizon),
     pruned as (delete from account_changes where xid < (select horizon from horizon) returning 1)
     select count(*)::int as pruned from pruned`,
  );
  return row!.pruned;
}
