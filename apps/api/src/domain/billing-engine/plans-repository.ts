import type { Transactional } from '../../db/handle';
import type { PlanPeriod } from './periods';

export interface Plan {
  id: string;
  name: string;
  period: PlanPeriod;
  priceCents: number;
  /** Credits granted each period, in centicredits. */
  creditsCc: number;
  save: string | null;
  multiUser: boolean;
}

export interface PlanRow {
  id: string;
  name: string;
  period: PlanPeriod;
  price_cents: number;
  credits: number;
  save: string | null;
  multi_user: boolean;
}

export const toPlan = (r: PlanRow): Plan => ({
  id: r.id,
  name: r.name,
  period: r.period,
  priceCents: r.price_cents,
  creditsCc: r.credits * 100,
  save: r.save,
  multiUser: r.multi_user,
});

/**
 * A plan as it is at the moment `at` (an SQL expression: a parameter, or a column of an outer query):
 * its price, credits and save label are those of the version in force then (CAT-01); a plan without
 * versions (made before them) keeps its own columns.
 */
export const planAtSql = (at: string) => `select p.id, p.name, p.period,
    coalesce(v.price_cents, p.price_cents) as price_cents, coalesce(v.credits, p.credits) as credits,
    case when v.plan_id is null then p.save else v.save end as save, p.multi_user
  from plans p
  left join lateral (select * from plan_versions v where v.plan_id = p.id and v.effective_from <= ${at}
                      order by v.effective_from desc limit 1) v on true`;
const PLAN_AT = planAtSql('$1');

/** The plans offered, as they are at `at` (the portal's plan list shows the version in force now). */
export async function listAvailablePlans(q: Transactional, at: Date): Promise<Plan[]> {
  return (await q.query<PlanRow>(`${PLAN_AT} where p.available order by p.sort`, [at])).map(toPlan);
}

/**
 * A plan as it is at `at`. The billing engine asks at the start of the period it opens or bills, never
 * at the subscription's start, so a new version reaches a subscriber at their next period (CAT-02).
 */
export async function findPlan(q: Transactional, id: string, at: Date): Promise<Plan | null> {
  const [row] = await q.query<PlanRow>(`${PLAN_AT} where p.id = $2`, [at, id], { prepare: true });
  return row ? toPlan(row) : null;
}
