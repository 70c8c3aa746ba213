import {
  PAUSE_MAX_MONTHS,
  PAUSE_TEXT,
  addPauseMonths,
  monthsPausedBefore,
  pausedMonths,
  resumeDateRange,
  resumeInstant,
  type PausedStretch,
} from '@enq/contract';
import { DomainError } from '../errors';

// Who may pause and for how long (docs/billing.md, "Pausing a plan"): monthly plans only, one to six
// months, and at most six paused months in any twelve. Each refusal names the field it concerns.

export interface PauseSituation {
  status: string | null;
  planPeriod: 'mo' | 'yr' | null;
  cancelling: boolean;
  changing: boolean;
  hasOpenPause: boolean;
}

/** Why a pause cannot be asked for now (the page shows it in place of the form), or null. */
export function pauseRefusal(s: PauseSituation): { message: string; field?: string } | null {
  if (s.hasOpenPause) return { message: PAUSE_TEXT.alreadyPaused };
  if (s.status !== 'active' || !s.planPeriod) return { message: PAUSE_TEXT.notActive };
  if (s.planPeriod === 'yr') return { message: PAUSE_TEXT.annualRefusal, field: 'plan' };
  if (s.cancelling) return { message: PAUSE_TEXT.cancelling };
  if (s.changing) return { message: PAUSE_TEXT.changing };
  return null;
}

/** The most months a pause from `startsAt` may last, given the earlier pauses (0: none allowed). */
export function monthsAllowed(startsAt: Date, earlier: readonly PausedStretch[]): number {
  let allowed = 0;
  for (let n = 1; n <= PAUSE_MAX_MONTHS; n++) {
    const resumeAt = addPauseMonths(startsAt, n);
    if (monthsPausedBefore(earlier, resumeAt) + n <= PAUSE_MAX_MONTHS) allowed = n;
  }
  return allowed;
}

/** Checks a pause from `startsAt` resuming on the New York date `resumeOn`; answers the resume instant. */
export function checkPause(
  situation: PauseSituation,
  startsAt: Date | null,
  resumeOn: string,
  earlier: readonly PausedStretch[],
): Date {
  const refusal = pauseRefusal(situation);
  if (refusal) throw new DomainError(refusal.field ? 'invalid' : 'conflict', refusal.message, refusal.field);
  if (!startsAt) throw new DomainError('conflict', PAUSE_TEXT.notActive);
  const range = resumeDateRange(startsAt);
  const resumeAt = resumeInstant(startsAt, resumeOn);
  if (Number.isNaN(resumeAt.getTime()) || resumeOn < range.earliest || resumeOn > range.latest)
    throw new DomainError('invalid', PAUSE_TEXT.tooLong(range.earliest, range.latest), 'resume_on');
  const already = monthsPausedBefore(earlier, resumeAt);
  if (already + pausedMonths(startsAt, resumeAt) > PAUSE_MAX_MONTHS)
    throw new DomainError(
      'invalid',
      PAUSE_TEXT.sixInTwelve(already, Math.max(PAUSE_MAX_MONTHS - already, 0)),
      'resume_on',
    );
  return resumeAt;
}
