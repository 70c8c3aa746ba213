import type { Database } from '../../db/client';

// What the metrics page reads from the database at each scrape: shared by every process, so any one
// of them reports the same backlog.

export interface CountRow {
  label: string;
  state: string;
  n: number;
}

/** pg-boss's jobs by queue and state; none where the job queue's tables do not exist (yet). */
export async function jobCounts(database: Database): Promise<CountRow[]> {
  const [schema] = await database.query<{ found: boolean }>(
    "select to_regclass('pgboss.job') is not null as found",
  );
  if (!schema?.found) return [];
  return database.query<CountRow>(
    'select name as label, state::text as state, count(*)::int as n from pgboss.job group by name, state',
  );
}

/** The outbox's emails by status (queued, sending, sent, failed). */
export async function outboxCounts(database: Database): Promise<CountRow[]> {
  return database.query<CountRow>(
    "select 'outbox' as label, status as state, count(*)::int as n from outbox group by status",
  );
}

/** Payment attempts by outcome (pending, succeeded, failed). */
export async function paymentCounts(database: Database): Promise<CountRow[]> {
  return database.query<CountRow>(
    "select 'payments' as label, status as state, count(*)::int as n from payments group by status",
  );
}
