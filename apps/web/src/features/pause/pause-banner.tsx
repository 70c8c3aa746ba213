import { PAUSE_TEXT, formatDate, type SubscriptionInfo } from '@enq/contract';
import { ResumeButton } from './resume-button';

/** PAUSE-05: the overview's banner while the plan is paused (or about to be), with Resume now. */
export function PauseBanner({ info }: { info: SubscriptionInfo }) {
  const pause = info.pause;
  if (!pause) return null;
  const scheduled = pause.state === 'scheduled';
  return (
    <div
      role="status"
      aria-label="Plan paused"
      className="flex flex-col gap-3 rounded-lg bg-sky-50 p-4 text-sm text-sky-950 ring-1 ring-sky-200 ring-inset sm:flex-row sm:items-center"
    >
      <div className="flex-1 space-y-1">
        <p className="font-medium">
          {scheduled
            ? PAUSE_TEXT.scheduled(pause.starts_at, pause.resume_at)
            : PAUSE_TEXT.banner(pause.resume_at)}
        </p>
        {scheduled ? null : (
          <p>
            Resumes on {formatDate(pause.resume_at)}, in {pause.days_left}{' '}
            {pause.days_left === 1 ? 'day' : 'days'}.
          </p>
        )}
        {pause.decline_message ? (
          <p className="text-red-800">{PAUSE_TEXT.declined(pause.decline_message)}</p>
        ) : null}
      </div>
      <ResumeButton scheduled={scheduled} />
    </div>
  );
}
