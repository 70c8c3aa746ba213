import { centsToDollars, type CataloguePlan, type PlanVersion } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { newYorkDateTime } from '../../../lib/console-time';
import { cataloguePlansQuery } from '../api/get-plans';
import { PlanVersionDialog } from './plan-version-dialog';

const money = (cents: number) =>
  `$${centsToDollars(cents).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

function VersionText({ version }: { version: PlanVersion }) {
  return (
    <>
      {money(version.price_cents)} · {version.credits.toLocaleString('en-US')} credits
      {version.save ? ` · ${version.save}` : ''}
    </>
  );
}

/** Plans with the version in force now and those scheduled ("From <date>"), each with its Schedule dialog. */
export function PlansTab() {
  const plans = useQuery(cataloguePlansQuery);
  const [editing, setEditing] = useState<CataloguePlan | null>(null);
  if (plans.isPending) return <Loader />;
  if (plans.isError) return <LoadError onRetry={() => void plans.refetch()} />;
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        {plans.data.plans.map((plan) => {
          const now = plan.versions.find((v) => v.status === 'in_force');
          const scheduled = plan.versions.filter((v) => v.status === 'scheduled');
          return (
            <li key={plan.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-6">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">
                  {plan.name}{' '}
                  <span className="font-normal text-slate-500">
                    {plan.period === 'mo' ? 'monthly' : 'annual'}
                  </span>
                  {!plan.available ? (
                    <span className="ml-2 text-xs text-slate-500">(not offered)</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700">
                  {now ? <VersionText version={now} /> : 'No version in force'}
                </p>
                {scheduled.map((v) => (
                  <p key={v.effective_from} className="mt-1 text-sm text-amber-800">
                    <span className="mr-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold ring-1 ring-amber-200">
                      From {newYorkDateTime(v.effective_from!)}
                    </span>
                    <VersionText version={v} />
                  </p>
                ))}
              </div>
              <Button
                variant="secondary"
                onClick={() => setEditing(plan)}
                aria-label={`Schedule price for ${plan.name} ${plan.period === 'mo' ? 'monthly' : 'annual'}`}
              >
                Schedule price
              </Button>
            </li>
          );
        })}
      </ul>
      {editing ? <PlanVersionDialog plan={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
