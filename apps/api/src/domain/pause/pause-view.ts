import { ccToCredits, type PauseInfo } from '@enq/contract';
import { pausedStretchModel } from '../periods';

/** A pause as its row holds it (plan_pauses, or the subscription snapshot's JSON of it). */
export interface PauseFields {
  status: string;
  starts_at: Date | string;
  resume_at: Date | string;
  carry_rollover_cc: number | string | null;
  carry_bonus_cc: number | string | null;
  decline_message: string | null;
}

/**
 * The pause as every screen reads it: the paused stretch from the period model (its days counted as a
 * period's), the carry it holds and why the last resume was declined. Null when none is open.
 */
export function pauseInfoFrom(row: PauseFields | null, now: Date): PauseInfo | null {
  if (!row || (row.status !== 'scheduled' && row.status !== 'paused')) return null;
  const stretch = pausedStretchModel({ start: new Date(row.starts_at), end: new Date(row.resume_at) }, now);
  return {
    state: row.status,
    starts_at: stretch.start.toISOString(),
    resume_at: stretch.end.toISOString(),
    days: stretch.days.days,
    days_left: stretch.days.left,
    rollover_credits_held: ccToCredits(Number(row.carry_rollover_cc ?? 0)),
    bonus_credits_held: ccToCredits(Number(row.carry_bonus_cc ?? 0)),
    decline_message: row.status === 'paused' ? row.decline_message : null,
  };
}
