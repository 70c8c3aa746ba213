import type { ActionInvoices } from '@enq/contract';
import { useState } from 'react';
import { Field } from '../../components/ui/field';
import { InputError, ReasonDialog } from '../../components/ui/reason-dialog';
import { Select } from '../../components/ui/select';
import { cancelSubscription } from './api/cancel-subscription';
import { changePlan } from './api/change-plan';
import { reactivateSubscription } from './api/reactivate-subscription';
import type { MoneyDialogProps } from './money-dialog-props';

/** Schedule another plan for the period's end, as the customer's Subscription page would. */
export function ChangePlanDialog({
  accountId,
  data,
  onClose,
  onDone,
}: MoneyDialogProps & { data: ActionInvoices }) {
  const { plan_id: current, pending_plan_id: pending } = data.subscription;
  // With a change scheduled, the current plan is offered too: choosing it drops the change (CONS-09).
  const others = data.plans
    .filter((p) => p.id !== current || pending !== null)
    .map((p) => (p.id === current ? { ...p, label: `${p.label} (keep: drop the scheduled change)` } : p));
  const [plan, setPlan] = useState(pending ?? others[0]?.id ?? '');
  const change = async (reason: string, key: string) => {
    if (!plan) throw new InputError('plan', 'Choose a plan.');
    await onDone((await changePlan(accountId, { plan, reason }, key)).message);
  };
  return (
    <ReasonDialog
      title="Change plan"
      description="The new plan starts at the end of the current period, as if the customer had chosen it. Nothing is charged now."
      submitLabel="Change plan"
      fieldNames={['plan']}
      onClose={onClose}
      onSubmit={change}
    >
      {(errors) => (
        <Field id="change-plan" label="New plan" required error={errors.plan}>
          {(control) => (
            <Select {...control} value={plan} onChange={(e) => setPlan(e.target.value)}>
              {others.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
    </ReasonDialog>
  );
}

export function CancelDialog({ accountId, onClose, onDone }: MoneyDialogProps) {
  return (
    <ReasonDialog
      title="Cancel the subscription"
      description="The subscription ends with the current period; until then the plan, users and credits work as before."
      submitLabel="Cancel at period end"
      tone="danger"
      onClose={onClose}
      onSubmit={async (reason, key) => onDone((await cancelSubscription(accountId, { reason }, key)).message)}
    />
  );
}

export function ReactivateDialog({ accountId, onClose, onDone }: MoneyDialogProps) {
  return (
    <ReasonDialog
      title="Reactivate the subscription"
      description="Undoes the cancellation: the plan renews as it is. Nothing is charged now."
      submitLabel="Reactivate"
      onClose={onClose}
      onSubmit={async (reason, key) =>
        onDone((await reactivateSubscription(accountId, { reason }, key)).message)
      }
    />
  );
}
