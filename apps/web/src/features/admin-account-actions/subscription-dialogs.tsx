import type { ActionInvoices } from '@enq/contract';
import { useState } from 'react';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { ActionDialog, InputError } from './action-dialog';
import { cancelSubscription } from './api/cancel-subscription';
import { changePlan } from './api/change-plan';
import { reactivateSubscription } from './api/reactivate-subscription';

interface DialogProps {
  accountId: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Schedule another plan for the period's end, as the customer's Subscription page would. */
export function ChangePlanDialog({
  accountId,
  data,
  onClose,
  onDone,
}: DialogProps & { data: ActionInvoices }) {
  const others = data.plans.filter((p) => p.id !== data.subscription.plan_id);
  const [plan, setPlan] = useState(data.subscription.pending_plan_id ?? others[0]?.id ?? '');
  return (
    <ActionDialog
      title="Change plan"
      description="The new plan starts at the end of the current period, as if the customer had chosen it. Nothing is charged now."
      submitLabel="Change plan"
      fieldNames={['plan']}
      onClose={onClose}
      onDone={onDone}
      send={async (reason, key) => {
        if (!plan) throw new InputError('plan', 'Choose a plan.');
        return (await changePlan(accountId, { plan, reason }, key)).message;
      }}
      fields={(errors) => (
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
    />
  );
}

export function CancelDialog({ accountId, onClose, onDone }: DialogProps) {
  return (
    <ActionDialog
      title="Cancel the subscription"
      description="The subscription ends with the current period; until then the plan, users and credits work as before."
      submitLabel="Cancel at period end"
      tone="danger"
      onClose={onClose}
      onDone={onDone}
      send={async (reason, key) => (await cancelSubscription(accountId, { reason }, key)).message}
    />
  );
}

export function ReactivateDialog({ accountId, onClose, onDone }: DialogProps) {
  return (
    <ActionDialog
      title="Reactivate the subscription"
      description="Undoes the cancellation or the scheduled plan change: the plan renews as it is. Nothing is charged now."
      submitLabel="Reactivate"
      onClose={onClose}
      onDone={onDone}
      send={async (reason, key) => (await reactivateSubscription(accountId, { reason }, key)).message}
    />
  );
}
