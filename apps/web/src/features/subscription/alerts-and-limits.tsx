import {
  SPEND_LIMITS,
  SPEND_SECTION_ID,
  SPEND_TEXT,
  formatDate,
  formatMoney,
  type SpendControlResponse,
  type SpendThreshold,
} from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { Field, Input } from '../../components/ui/field';
import { InfoBanner } from '../../components/ui/info-banner';
import { LeavePrompt } from '../../components/ui/leave-prompt';
import { ApiError } from '../../lib/api-client';
import { usePlanForecast } from '../../lib/plan-forecast';
import { spendControlQuery } from '../../lib/spend-control-query';
import { useSaveSpendSettings } from './api/save-spend-settings';
import { AlertsSaveBar } from './alerts-save-bar';
import { ThresholdList, type ListedThreshold } from './threshold-list';

const money = (dollars: number) => formatMoney(dollars).replace(/\.00$/, '');

/** SPEND-09: the "Alerts and limits" section of /subscription. */
export function AlertsAndLimits() {
  const spend = useQuery(spendControlQuery);
  const section = useRef<HTMLElement>(null);
  const loaded = spend.data !== undefined;
  // Discard draws the form again from the saved settings.
  const [generation, setGeneration] = useState(0);
  // "Raise the cap" on the overview leads here (/subscription#alerts-and-limits).
  useEffect(() => {
    if (loaded && window.location.hash === `#${SPEND_SECTION_ID}`)
      section.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded]);
  return (
    <section
      ref={section}
      id={SPEND_SECTION_ID}
      aria-labelledby="alerts-and-limits-heading"
      className="scroll-mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <h2 id="alerts-and-limits-heading" className="text-base font-semibold text-slate-900">
          {SPEND_TEXT.sectionTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The first time a period passes a threshold, we email the account admin and your billing CC address
          and show a banner on the Overview. Changes apply for the rest of this period.
        </p>
      </div>
      {spend.data ? (
        <AlertsForm
          key={`${generation}:${settingsKey(spend.data)}`}
          data={spend.data}
          onDiscard={() => setGeneration((g) => g + 1)}
        />
      ) : (
        <p className="px-4 py-6 text-sm text-slate-500 sm:px-6">
          {spend.isError ? 'Alerts and limits could not be loaded.' : 'Loading alerts and limits…'}
        </p>
      )}
    </section>
  );
}

// The saved settings only: a status that changes as calls come in (an alert sent) is read from the
// answer at each render, and drawing the form again for it dropped what was typed and not yet saved.
const settingsKey = (d: SpendControlResponse) =>
  JSON.stringify([d.thresholds.map((t) => [t.kind, t.value]), d.spending_cap]);

const LABELS = {
  plan_percent: (v: number) => `${v}% of plan credits`,
  overage: (v: number) => `${money(v)} of overage`,
  forecast_overage: (v: number) => `${money(v)} projected overage`,
} as const;

function AlertsForm({ data, onDiscard }: { data: SpendControlResponse; onDiscard: () => void }) {
  const save = useSaveSpendSettings();
  const values = (kind: SpendThreshold['kind']) =>
    data.thresholds.filter((t) => t.kind === kind).map((t) => t.value);
  const [percents, setPercents] = useState(() => values('plan_percent'));
  const [overages, setOverages] = useState(() => values('overage'));
  const [forecasts, setForecasts] = useState(() => values('forecast_overage'));
  // The overview's forecast card's projection, which an unsaved forecast threshold is judged against.
  const projected = usePlanForecast().data?.forecast?.projected_overage ?? 0;
  const [cap, setCap] = useState(data.spending_cap === null ? '' : String(data.spending_cap));
  const [capError, setCapError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const disabled = !data.can_edit || save.isPending;

  const savedCap = data.spending_cap === null ? '' : String(data.spending_cap);
  // A saved threshold keeps the server's state; one not saved yet is judged against this period's use.
  // One removed stays listed, marked, until the save, so Remove never looks done before it is.
  const listed = (kind: SpendThreshold['kind'], list: number[], used: number): ListedThreshold[] => {
    const removed = values(kind).filter((v) => !list.includes(v));
    return [...list, ...removed]
      .sort((a, b) => a - b)
      .map((value) => {
        const saved = data.thresholds.find((t) => t.kind === kind && t.value === value);
        if (!saved)
          return { value, status: value <= used ? 'passed' : 'waiting', sent_at: null, pending: 'add' };
        return list.includes(value) ? saved : { ...saved, pending: 'remove' };
      });
  };
  // Each pending change in words, for the save bar; none: nothing to save and nothing to lose.
  const changesOf = (kind: SpendThreshold['kind'], list: number[]) => [
    ...list.filter((v) => !values(kind).includes(v)).map((v) => SPEND_TEXT.changeAdd(LABELS[kind](v))),
    ...values(kind)
      .filter((v) => !list.includes(v))
      .map((v) => SPEND_TEXT.changeRemove(LABELS[kind](v))),
  ];
  const capText = cap.trim().replace(/^\$/, '');
  const changes = [
    ...changesOf('plan_percent', percents),
    ...changesOf('overage', overages),
    ...changesOf('forecast_overage', forecasts),
    ...(capText !== savedCap
      ? [SPEND_TEXT.changeCap(data.spending_cap, /^\d+$/.test(capText) ? Number(capText) : null)]
      : []),
  ];
  const dirty = changes.length > 0;

  const submit = () => {
    const text = capText;
    if (text !== '' && (!/^\d+$/.test(text) || Number(text) <= 0 || Number(text) > SPEND_LIMITS.maxDollars))
      return setCapError('Enter whole dollars above 0, or leave it empty for no cap.');
    setCapError(null);
    setServerError(null);
    save.mutate(
      {
        percent_thresholds: percents,
        // An annual plan stops at zero credits (MONEY-04): it has no overage to alert on, project
        // (SPEND-13) or cap, and is offered none; its cap, if one was saved on a monthly plan, stays.
        overage_thresholds: data.is_monthly ? overages : [],
        forecast_thresholds: data.is_monthly ? forecasts : [],
        spending_cap: data.is_monthly ? (text === '' ? null : Number(text)) : data.spending_cap,
      },
      {
        onSuccess: () => toast.success(SPEND_TEXT.saved),
        onError: (error) =>
          setServerError(
            error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
          ),
      },
    );
  };

  return (
    <div className="space-y-6 px-4 py-5 sm:px-6">
      {!data.can_edit ? <InfoBanner message={SPEND_TEXT.adminOnly} /> : null}
      <p className="text-sm text-slate-700">
        This period{data.period_end ? ` (until ${formatDate(data.period_end)})` : ''}:{' '}
        <strong className="font-semibold">{data.plan_percent_used}%</strong> of plan credits used
        {data.is_monthly ? (
          <>
            , <strong className="font-semibold">{formatMoney(data.overage_used)}</strong> overage
          </>
        ) : null}
        .
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <ThresholdList
          id="spend-add-percent"
          title="Plan credits used"
          label={LABELS.plan_percent}
          addLabel="Add an alert at this percent"
          unit="%"
          max={SPEND_LIMITS.maxPercent}
          thresholds={listed('plan_percent', percents, data.plan_percent_used)}
          disabled={disabled}
          onAdd={(v) => setPercents((l) => [...l, v])}
          onRemove={(v) => setPercents((l) => l.filter((x) => x !== v))}
        />
        {data.is_monthly ? (
          <>
            <ThresholdList
              id="spend-add-overage"
              title="Overage"
              label={LABELS.overage}
              addLabel="Add an alert at this overage ($)"
              unit="$"
              max={SPEND_LIMITS.maxDollars}
              thresholds={listed('overage', overages, data.overage_used)}
              disabled={disabled}
              onAdd={(v) => setOverages((l) => [...l, v])}
              onRemove={(v) => setOverages((l) => l.filter((x) => x !== v))}
            />
            <ThresholdList
              id="spend-add-forecast"
              title={SPEND_TEXT.forecastLabel}
              description={SPEND_TEXT.forecastHint}
              label={LABELS.forecast_overage}
              addLabel="Add an alert at this projected overage ($)"
              unit="$"
              max={SPEND_LIMITS.maxDollars}
              thresholds={listed('forecast_overage', forecasts, projected)}
              disabled={disabled}
              onAdd={(v) => setForecasts((l) => [...l, v])}
              onRemove={(v) => setForecasts((l) => l.filter((x) => x !== v))}
            />
          </>
        ) : null}
      </div>
      {data.is_monthly ? (
        <div className="max-w-sm">
          <Field id="spend-cap" label="Spending cap (overage per period, $)" error={capError}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                placeholder="No cap"
                value={cap}
                disabled={disabled}
                onChange={(e) => setCap(e.target.value)}
              />
            )}
          </Field>
          <p className="mt-1 text-xs text-slate-500">
            When this period’s overage reaches the cap, new calls are refused until the period ends or you
            raise it. Leave empty for no cap.
          </p>
          {data.cap_reached && data.spending_cap !== null ? (
            <p className="mt-2 text-sm font-medium text-red-700">
              {SPEND_TEXT.capReached(data.spending_cap)}
            </p>
          ) : null}
        </div>
      ) : (
        // MONEY-04: nothing is offered that cannot apply to the plan.
        <p className="text-sm text-slate-600">{SPEND_TEXT.annualNoOverage}</p>
      )}
      {serverError ? (
        <p role="alert" className="text-sm text-red-700">
          {serverError}
        </p>
      ) : null}
      {data.can_edit ? (
        <>
          <LeavePrompt when={dirty && !save.isPending} />
          <AlertsSaveBar changes={changes} saving={save.isPending} onSave={submit} onDiscard={onDiscard} />
        </>
      ) : null}
    </div>
  );
}
