import type { Transactional } from '../../db/handle';

/** The names the user filter offers: the account's people. */
export async function accountUserNames(q: Transactional, accountId: string): Promise<string[]> {
  const rows = await q.query<{ full_name: string }>(
    `select distinct full_name from people where account_id = $1 and full_name <> '' order by full_name`,
    [accountId],
  );
  return rows.map((r) => r.full_name);
}
