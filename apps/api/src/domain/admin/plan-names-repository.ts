import type { Transactional } from '../../db/handle';

/** The catalogue's plan names by id ('team-monthly' -> 'Team'). */
export async function planNames(q: Transactional): Promise<Map<string, string>> {
  const rows = await q.query<{ id: string; name: string }>('select id, name from plans');
  return new Map(rows.map((r) => [r.id, r.name] as const));
}

export interface UpcomingVersionRow {
  plan_id: string;
  name: string;
  period: 'mo' | 'yr';
  effective_from: Date;
  price_cents: number;
}

/** The catalogue's versions of these plans that start after `now`, soonest first (CONS-07). */
export async function upcomingPlanVersions(
  q: Transactional,
  planIds: string[],
  now: Date,
): Promise<UpcomingVersionRow[]> {
  if (planIds.length === 0) return [];
  return q.query<UpcomingVersionRow>(
    `select v.plan_id, p.name, p.period, v.effective_from, v.price_cents
       from plan_versions v join plans p on p.id = v.plan_id
      where v.plan_id = any($1::text[]) and v.effective_from > $2
      order by v.effective_from, v.plan_id`,
    [planIds, now],
  );
}

/** Plans by id with their name and period, as a plan label names them. */
export async function plansByIds(
  q: Transactional,
  planIds: string[],
): Promise<{ id: string; name: string; period: 'mo' | 'yr' }[]> {
  if (planIds.length === 0) return [];
  return q.query<{ id: string; name: string; period: 'mo' | 'yr' }>(
    'select id, name, period from plans where id = any($1::text[])',
    [planIds],
  );
}
