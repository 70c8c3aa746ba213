import { CATALOGUE_TEXT, type CataloguePlans, type PlanVersion } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import { effectiveAt, instantText } from './effective-date';
import { insertPlanVersion, lockPlan, plansWithVersions } from './plan-versions-repository';

/** Every plan with its versions, each marked past, in force at `now` or scheduled (CAT-01). */
export async function cataloguePlans(q: Transactional, now: Date): Promise<CataloguePlans> {
  const rows = await plansWithVersions(q);
  return {
    plans: rows.map((p) => {
      const starts = p.versions.map((v) => instantText(v.effective_from));
      const inForce = starts.findLastIndex((s) => s === null || new Date(s) <= now);
      return {
        id: p.id,
        name: p.name,
        period: p.period,
        multi_user: p.multi_user,
        available: p.available,
        versions: p.versions.map((v, i): PlanVersion => ({
          effective_from: starts[i]!,
          price_cents: v.price_cents,
          credits: v.credits,
          save: v.save,
          status: i === inForce ? 'in_force' : i < inForce ? 'past' : 'scheduled',
        })),
      };
    }),
  };
}

/**
 * A new price, credits and save label for a plan from `effective_from` (now when absent). The period
 * ('mo'/'yr') is the plan's identity and does not change. Periods already begun keep their version;
 * each subscription's next period takes the one in force at its start (CAT-02).
 */
export async function schedulePlanVersion(
  tx: Transactional,
  planId: string,
  body: { effective_from?: string; price_cents: number; credits: number; save: string | null },
  now: Date,
): Promise<{ message: string; from: Date }> {
  const from = effectiveAt(body.effective_from, now);
  if (!(await lockPlan(tx, planId))) throw new DomainError('not-found', CATALOGUE_TEXT.noPlan(planId));
  const save = body.save?.trim() ? body.save.trim() : null;
  await insertPlanVersion(tx, planId, from, { priceCents: body.price_cents, credits: body.credits, save });
  const price = `$${(body.price_cents / 100).toFixed(2)}`;
  return {
    from,
    message:
      from.getTime() === now.getTime()
        ? `${planId} is now ${price} with ${body.credits.toLocaleString('en-US')} credits.`
        : `${planId} changes to ${price} with ${body.credits.toLocaleString('en-US')} credits from ${from.toISOString()}.`,
  };
}
