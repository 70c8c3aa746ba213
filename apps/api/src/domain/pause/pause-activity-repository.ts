import type { Transactional } from '../../db/handle';

// The activity log's resume entries against the pauses that resumed: a resume is recorded once, however
// many Resume now requests (tabs, processes, the console) were answered by its one payment.

/** How many of the account's resumed pauses have no 'pause.resumed' entry yet (0: all recorded). */
export async function unrecordedResumes(q: Transactional, accountId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `select (select count(*) from plan_pauses where account_id = $1 and status = 'resumed')::int
          - (select count(*) from audit_log where account_id = $1 and action = 'pause.resumed')::int as n`,
    [accountId],
  );
  return row?.n ?? 0;
}
