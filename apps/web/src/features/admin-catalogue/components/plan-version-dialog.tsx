import { centsToDollars, type CataloguePlan } from '@enq/contract';
import { useState } from 'react';
import { Field, Input } from '../../../components/ui/field';
import { useSchedulePlanVersion } from '../api/schedule-plan-version';
import { CatalogueDialog, EffectiveFromField, effectiveFromBody, useActionForm } from './catalogue-dialog';

/** A new price, credits and save label for a plan, from now or a later date (CAT-01). */
export function PlanVersionDialog({ plan, onClose }: { plan: CataloguePlan; onClose: () => void }) {
  const current = plan.versions.findLast((v) => v.status !== 'past') ?? plan.versions.at(-1);
  const [price, setPrice] = useState(current ? String(centsToDollars(current.price_cents)) : '');
  const [credits, setCredits] = useState(current ? String(current.credits) : '');
  const [save, setSave] = useState(current?.save ?? '');
  const [from, setFrom] = useState('');
  const form = useActionForm();
  const schedule = useSchedulePlanVersion();
  const submit = async () => {
    const ok = await form.run((key) =>
      schedule.mutateAsync({
        planId: plan.id,
        key,
        body: {
          reason: form.reason,
          price_cents: Math.round(Number(price) * 100),
          credits: Number(credits),
          save: save.trim() || null,
          ...effectiveFromBody(from),
        },
      }),
    );
    if (ok) onClose();
  };
  const label = `${plan.name} ${plan.period === 'mo' ? 'monthly' : 'annual'}`;
  return (
    <CatalogueDialog
      title={`Schedule a price for ${label}`}
      description="Periods already begun keep their price; each subscriber's next period takes the version in force when it starts."
      form={form}
      busy={schedule.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="plan-price" label="Price (USD)" required error={form.errors.price_cents}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          )}
        </Field>
        <Field id="plan-credits" label="Credits per period" required error={form.errors.credits}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={credits}
              onChange={(e) => setCredits(e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field id="plan-save" label="Save label (annual plans)" error={form.errors.save}>
        {(control) => (
          <Input {...control} value={save} onChange={(e) => setSave(e.target.value)} maxLength={40} />
        )}
      </Field>
      <EffectiveFromField value={from} onChange={setFrom} error={form.errors.effective_from} />
    </CatalogueDialog>
  );
}
