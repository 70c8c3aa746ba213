import type { Database } from '../db/client';

// pg-boss's tables as `npm run jobs -- failed` reads them.

export interface FailedJob {
  id: string;
  name: string;
  retryCount: number;
  failedAt: Date;
  reason: string;
}

/** Jobs that used up their retries, newest first, with the error their last try ended with. */
export async function failedJobs(database: Database, limit = 50): Promise<FailedJob[]> {
  const { rows } = await database.executeSql(
    `select id, name, retry_count, completed_on, output from pgboss.job where state = 'failed'
      union all
     select id, name, retry_count, completed_on, output from pgboss.archive where state = 'failed'
      order by completed_on desc limit $1`,
    [limit],
  );
  return (
    rows as { id: string; name: string; retry_count: number; completed_on: Date; output: unknown }[]
  ).map((r) => ({
    id: r.id,
    name: r.name,
    retryCount: r.retry_count,
    failedAt: new Date(r.completed_on),
    reason: reasonOf(r.output),
  }));
}

function reasonOf(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return output === null || output === undefined ? 'no reason recorded' : JSON.stringify(output);
}
