import { centsToDollars, type CataloguePlan } from '@enq/contract';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useSchedulePlanVersion } from '../api/schedule-plan-version';
import { EffectiveFromField, TextField, effectiveFromBody } from './catalogue-fields';

/** A new price, credits and save label for a plan, from now or a later date (CAT-01). */
export function PlanVersionDialog({ plan, onClose }: { plan: CataloguePlan; onClose: () => void }) {
  const current = plan.versions.findLast((v) => v.status !== 'past') ?? plan.versions.at(-1);
  const [price, setPrice] = useState(current ? String(centsToDollars(current.price_cents)) : '');
  const [credits, setCredits] = useState(current ? String(current.credits) : '');
  const [save, setSave] = useState(current?.save ?? '');
  const [from, setFrom] = useState('');
  const schedule = useSchedulePlanVersion();
  const label = `${plan.name} ${plan.period === 'mo' ? 'monthly' : 'annual'}`;
  return (
    <ReasonDialog
      title={`Schedule a price for ${label}`}
      description="Periods already begun keep their price; each subscriber's next period takes the version in force when it starts."
      submitLabel="Save"
      fieldNames={['price_cents', 'credits', 'save', 'effective_from']}
      onClose={onClose}
      onSubmit={(reason, key) =>
        schedule.mutateAsync({
          planId: plan.id,
          key,
          body: {
            reason,
            price_cents: Math.round(Number(price) * 100),
            credits: Number(credits),
            save: save.trim() || null,
            ...effectiveFromBody(from),
          },
        })
      }
    >
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="plan-price"
              label="Price (USD)"
              input={{ inputMode: 'decimal' }}
              value={price}
              onChange={setPrice}
              error={errors.price_cents}
            />
            <TextField
              id="plan-credits"
              label="Credits per period"
              input={{ inputMode: 'numeric' }}
              value={credits}
              onChange={setCredits}
              error={errors.credits}
            />
          </div>
          <TextField
            id="plan-save"
            label="Save label (annual plans)"
            required={false}
            input={{ maxLength: 40 }}
            value={save}
            onChange={setSave}
            error={errors.save}
          />
          <EffectiveFromField value={from} onChange={setFrom} error={errors.effective_from} />
        </>
      )}
    </ReasonDialog>
  );
}
