import { AFTER_LAST_TRY, COLLECTION_TEXT, type AfterLastTry, type CollectionSettings } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { adminMeQuery, newActionKey } from '../../lib/admin-api';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useSaveCollectionSetting } from './api/save-collection-setting';

const GLOBAL = '';

/** '1, 3, 5, 7' as days; anything else as NaN, which the server refuses with its message. */
const parseDays = (text: string) =>
  text
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '')
    .map((d) => (/^\d+$/.test(d) ? Number(d) : Number.NaN));

/**
 * The retry schedule and the policy after the last try, for all plans or one plan (which then has its
 * own). Finance and admin save it with a reason (audited); support reads it.
 */
export function ScheduleForm({ settings }: { settings: CollectionSettings }) {
  const me = useQuery(adminMeQuery);
  const canSave = me.data?.permissions.includes('charge') ?? false;
  const [scope, setScope] = useState(GLOBAL);
  const current = (planId: string) =>
    settings.settings.find((s) => s.plan_id === (planId || null)) ??
    settings.settings.find((s) => s.plan_id === null)!;
  const [days, setDays] = useState(current(GLOBAL).retry_days.join(', '));
  const [afterLast, setAfterLast] = useState<AfterLastTry>(current(GLOBAL).after_last);
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newActionKey);
  const [error, setError] = useState<{ field: string | undefined; message: string } | null>(null);
  const save = useSaveCollectionSetting();
  const errorAt = (field: string) => (error?.field === field ? error.message : null);

  const pick = (planId: string) => {
    setScope(planId);
    setDays(current(planId).retry_days.join(', '));
    setAfterLast(current(planId).after_last);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      {
        body: { plan_id: scope || null, retry_days: parseDays(days), after_last: afterLast, reason },
        key,
      },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setReason('');
          setKey(newActionKey());
        },
        onError: (e) =>
          setError(
            e instanceof ApiError
              ? { field: e.field?.split('.')[0], message: e.message.replace(/^[\w.]+: /, '') }
              : { field: undefined, message: 'The schedule could not be saved. Try again.' },
          ),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200"
      noValidate
      aria-labelledby="collection-settings-title"
    >
      <h2 id="collection-settings-title" className="text-lg font-semibold text-slate-900">
        {COLLECTION_TEXT.settingsTitle}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="collection-plan" label={COLLECTION_TEXT.planLabel}>
          {(c) => (
            <Select {...c} value={scope} onChange={(e) => pick(e.target.value)}>
              <option value={GLOBAL}>{COLLECTION_TEXT.allPlans}</option>
              {settings.plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.id})
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id="collection-after-last"
          label={COLLECTION_TEXT.afterLastLabel}
          error={errorAt('after_last')}
        >
          {(c) => (
            <Select {...c} value={afterLast} onChange={(e) => setAfterLast(e.target.value as AfterLastTry)}>
              {AFTER_LAST_TRY.map((p) => (
                <option key={p} value={p}>
                  {COLLECTION_TEXT.afterLast[p]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field
        id="collection-days"
        label={COLLECTION_TEXT.scheduleLabel}
        required
        error={errorAt('retry_days')}
      >
        {(c) => (
          <Input
            {...c}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            aria-describedby={[c['aria-describedby'], 'collection-days-hint'].filter(Boolean).join(' ')}
          />
        )}
      </Field>
      <p id="collection-days-hint" className="-mt-2 text-xs text-slate-500">
        {COLLECTION_TEXT.scheduleHint}
      </p>
      {canSave ? (
        <>
          <Field id="collection-reason" label="Reason" required error={errorAt('reason')}>
            {(c) => <Input {...c} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
          {error && !error.field ? (
            <p role="alert" className="text-sm text-red-700">
              {error.message}
            </p>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            Save schedule
          </Button>
        </>
      ) : null}
    </form>
  );
}
