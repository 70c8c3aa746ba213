import { PLAN_TEXT, type AdvisorDto } from '@enq/contract';
import { Lightbulb } from 'lucide-react';

/** PLAN-05: the plan that would have cost least, how much history that rests on, and what upgrading saves. */
export function PlanAdvice({ advisor }: { advisor: AdvisorDto }) {
  const { cheapest, periods_compared: compared, upgrade } = advisor;
  return (
    <div className="flex gap-3 rounded-lg bg-brand-50 p-4 text-sm text-slate-700 ring-1 ring-brand-100">
      <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <ul aria-label={PLAN_TEXT.advisorTitle} className="space-y-1">
        <li>{PLAN_TEXT.cheapest(cheapest.name, cheapest.cost, compared)}</li>
        {compared > 0 && compared < 3 ? <li>{PLAN_TEXT.fewerPeriods(compared)}</li> : null}
        <li className="font-medium text-slate-900">
          {upgrade ? PLAN_TEXT.upgradeSaves(upgrade.name, upgrade.saves) : PLAN_TEXT.noSaving}
        </li>
      </ul>
    </div>
  );
}
