import type { Transactional } from '../../db/handle';

export interface PlanWithVersionsRow {
  id: string;
  name: string;
  period: 'mo' | 'yr';
  multi_user: boolean;
  available: boolean;
  versions: { effective_from: string; price_cents: number; credits: number; save: string | null }[];
}

/** Every plan with all its versions, oldest first ('-infinity' for the first). */
export async function plansWithVersions(q: Transactional): Promise<PlanWithVersionsRow[]> {
  return q.query<PlanWithVersionsRow>(
    `select p.id, p.name, p.period, p.multi_user, p.available,
            coalesce((select json_agg(json_build_object('effective_from', v.effective_from,
                       'price_cents', v.price_cents, 'credits', v.credits, 'save', v.save)
                       order by v.effective_from)
                        from plan_versions v where v.plan_id = p.id), '[]'::json) as versions
       from plans p order by p.sort, p.id`,
  );
}

export async function lockPlan(q: Transactional, planId: string): Promise<boolean> {
  return (await q.query('select 1 from plans where id = $1 for update', [planId])).length > 0;
}

/** A version from `from` on; one already starting at that instant or later is replaced by it. */
export async function insertPlanVersion(
  q: Transactional,
  planId: string,
  from: Date,
  version: { priceCents: number; credits: number; save: string | null },
): Promise<void> {
  await q.query('delete from plan_versions where plan_id = $1 and effective_from >= $2', [planId, from]);
  await q.query(
    `insert into plan_versions (plan_id, effective_from, price_cents, credits, save)
     values ($1, $2, $3, $4, $5)`,
    [planId, from, version.priceCents, version.credits, version.save],
  );
}

/** A plan's versions that start after `now`, soonest first (cents, centicredits): its scheduled prices. */
export async function upcomingVersions(
  q: Transactional,
  planId: string,
  now: Date,
): Promise<{ from: Date; priceCents: number; creditsCc: number }[]> {
  const rows = await q.query<{ effective_from: Date; price_cents: number; credits: number }>(
    `select effective_from, price_cents, credits from plan_versions
      where plan_id = $1 and effective_from > $2 order by effective_from`,
    [planId, now],
  );
  return rows.map((r) => ({
    from: new Date(r.effective_from),
    priceCents: Number(r.price_cents),
    creditsCc: Number(r.credits) * 100,
  }));
}
