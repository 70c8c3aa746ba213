// The plan's state at a moment (docs/billing.md, "Pausing a plan"): in a period, in a paused stretch, or
// neither. Authorize asks it for now and ingest for each call's time, so a call refused while the plan
// was paused is never booked when it is posted later, and one that authorize allowed is never refused
// as paused: the two read their rows and decide here, by one rule. Like the period model, it knows no
// other domain folder; callers pass in what they read.

/** A pause as the rule reads it (the plan_pauses row: scheduled, paused, resumed or withdrawn). */
export interface PauseBounds {
  status: string;
  starts_at: Date;
  resumed_at: Date | null;
}

export type PlanStateAt<P> = { state: 'period'; period: P } | { state: 'paused' } | { state: 'none' };

/**
 * Whether `at` falls in a paused stretch: a pause that began (or is due to begin, scheduled for a
 * period end already past: the close begins it before anything is booked) and had not resumed by then.
 * A withdrawn pause never paused anything.
 */
export function pausedAt(pauses: readonly PauseBounds[], at: Date): boolean {
  return pauses.some(
    (p) =>
      p.status !== 'withdrawn' &&
      new Date(p.starts_at) <= at &&
      (p.resumed_at === null || at < new Date(p.resumed_at)),
  );
}

/**
 * The plan at `at`: the open period containing it; else a paused stretch containing it (a call made then
 * was refused); else the current period, where a call later than its own period's grace window is
 * billed; else none (no active subscription).
 */
export function planStateAt<P extends { start: Date; end: Date }>(
  at: Date,
  input: { open: readonly P[]; current: P | null; pauses: readonly PauseBounds[] },
): PlanStateAt<P> {
  const own = input.open.find((p) => p.start <= at && at < p.end);
  if (own) return { state: 'period', period: own };
  if (pausedAt(input.pauses, at)) return { state: 'paused' };
  return input.current ? { state: 'period', period: input.current } : { state: 'none' };
}
