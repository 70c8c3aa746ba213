import { PAUSE_TEXT, formatDate, type PauseResponse } from '@enq/contract';
import { useState } from 'react';
import { Field, Input } from '../../components/ui/field';
import { ReasonDialog } from '../../components/ui/reason-dialog';
import { pausePlan } from './api/pause-plan';
import { resumePlan } from './api/resume-plan';
import type { MoneyDialogProps } from './money-dialog-props';

/**
 * Pause the plan for the customer (issue 64): the resume dates the customer's own Pause offers, and the
 * same refusals from the server (shown under the date when they name `resume_on`).
 */
export function PauseDialog({
  accountId,
  pause,
  onClose,
  onDone,
}: MoneyDialogProps & { pause: PauseResponse & { earliest_resume_on: string; latest_resume_on: string } }) {
  const { earliest_resume_on: earliest, latest_resume_on: latest } = pause;
  const [date, setDate] = useState(earliest);
  return (
    <ReasonDialog
      title="Pause the plan"
      description={`The plan pauses at the end of the current period${pause.starts_at ? ` (${formatDate(pause.starts_at)})` : ''}: nothing is charged and no credits are added until it resumes, and calls are refused. Users, PINs, settings and rollover credits are kept.`}
      submitLabel={PAUSE_TEXT.pauseButton}
      fieldNames={['resume_on']}
      onClose={onClose}
      onSubmit={async (reason, key) =>
        onDone((await pausePlan(accountId, { resume_on: date, reason }, key)).message)
      }
    >
      {(errors) => (
        <div>
          <Field id="pause-resume-on" label={PAUSE_TEXT.resumeLabel} required error={errors.resume_on}>
            {(control) => (
              <Input
                {...control}
                type="date"
                min={earliest}
                max={latest}
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            )}
          </Field>
          <p className="mt-1 text-xs text-slate-500">{PAUSE_TEXT.dateRange(earliest, latest)}</p>
        </div>
      )}
    </ReasonDialog>
  );
}

/** Resume now for the customer (paid first: a declined card keeps the plan paused), or withdraw a scheduled pause. */
export function ResumeDialog({
  accountId,
  scheduled,
  onClose,
  onDone,
}: MoneyDialogProps & { scheduled: boolean }) {
  return (
    <ReasonDialog
      title={scheduled ? 'Withdraw the scheduled pause' : 'Resume the plan now'}
      description={
        scheduled
          ? 'The plan will not pause: it renews as before. Nothing is charged now.'
          : 'A new paid period starts now: its invoice is charged to the card on file first, and a declined card leaves the plan paused.'
      }
      submitLabel={scheduled ? PAUSE_TEXT.keepRunning : PAUSE_TEXT.resumeNow}
      onClose={onClose}
      onSubmit={async (reason, key) => onDone((await resumePlan(accountId, { reason }, key)).message)}
    />
  );
}
