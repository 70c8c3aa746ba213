import {
  PAUSE_SECTION_ID,
  PAUSE_TEXT,
  PAUSE_UNTIL_PARAM,
  formatCredits,
  formatMoney,
  type PauseResponse,
  type SubscriptionInfo,
} from '@enq/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { usePause } from './api/get-pause';
import { useRequestPause } from './api/request-pause';
import { PauseBanner } from './pause-banner';

/** PAUSE-01: the pause's section on /subscription, with the plan's figures. */
export function PauseSection({ info }: { info: SubscriptionInfo }) {
  const pause = usePause(info);
  const section = useRef<HTMLElement>(null);
  const loaded = pause.data !== undefined;
  // The cancel flow's seasonal offer leads here (/subscription?pause_until=…#pause).
  useEffect(() => {
    if (loaded && window.location.hash === `#${PAUSE_SECTION_ID}`)
      section.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded]);
  return (
    <section
      ref={section}
      id={PAUSE_SECTION_ID}
      aria-labelledby="pause-heading"
      className="scroll-mt-6 space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="pause-heading" className="text-base font-semibold text-slate-900">
        {PAUSE_TEXT.sectionTitle}
      </h2>
      {info.current_plan?.period === 'yr' ? (
        <p className="text-sm text-slate-700">{PAUSE_TEXT.annual}</p>
      ) : pause.data ? (
        <PauseDetails state={pause.data} info={info} />
      ) : null}
    </section>
  );
}

function PauseDetails({ state, info }: { state: PauseResponse; info: SubscriptionInfo }) {
  if (state.pause) return <PauseBanner info={{ ...info, pause: state.pause }} />;
  if (state.refusal || !state.earliest_resume_on || !state.latest_resume_on)
    return <p className="text-sm text-slate-700">{state.refusal ?? PAUSE_TEXT.notActive}</p>;
  return <PauseForm state={state} earliest={state.earliest_resume_on} latest={state.latest_resume_on} />;
}

function PauseForm({ state, earliest, latest }: { state: PauseResponse; earliest: string; latest: string }) {
  const request = useRequestPause();
  // A date the cancel flow offered, when the pause allows it; else the earliest.
  const [date, setDate] = useState(() => {
    const offered = new URLSearchParams(window.location.search).get(PAUSE_UNTIL_PARAM);
    return offered && offered >= earliest && offered <= latest ? offered : earliest;
  });
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    request.mutate(date, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (failure) => {
        const message = failure instanceof ApiError ? failure.message : PAUSE_TEXT.notActive;
        if (failure instanceof ApiError && failure.field === 'resume_on') setError(message);
        else toast.error(message);
      },
    });
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">{PAUSE_TEXT.intro}</p>
      {state.monthly_price !== null && state.monthly_credits !== null ? (
        <p className="text-sm font-medium text-slate-900">
          {PAUSE_TEXT.saves(formatMoney(state.monthly_price), formatCredits(state.monthly_credits))}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id="pause-resume-on" label={PAUSE_TEXT.resumeLabel} error={error} announce className="sm:w-56">
          {(control) => (
            <Input
              {...control}
              type="date"
              min={earliest}
              max={latest}
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={request.isPending || !date}>
          {PAUSE_TEXT.pauseButton}
        </Button>
      </div>
      <p className="text-xs text-slate-500">{PAUSE_TEXT.dateRange(earliest, latest)}</p>
    </form>
  );
}
