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

export async function listAvailablePlans(q: Transactional): Promise<Plan[]> {
  return (await q.query<PlanRow>('select * from plans where available order by sort')).map(toPlan);
}

export async function findPlan(q: Transactional, id: string): Promise<Plan | null> {
  const [row] = await q.query<PlanRow>('select * from plans where id = $1', [id]);
  return row ? toPlan(row) : null;
}
