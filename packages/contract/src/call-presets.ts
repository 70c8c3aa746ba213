import type { CallDates } from './call-history-schemas';

// Call History's presets (CALL-01..04), apart from the ranges they stand for (call-history.ts): what
// the page needs to know the view it opens on, without the date library.

export const CALL_PRESETS = [
  { id: 'custom', label: 'Custom' },
  { id: 'current-period', label: 'Current period' },
  { id: 'previous-period', label: 'Previous period' },
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'last-7-days', label: 'Last 7 days' },
  { id: 'last-30-days', label: 'Last 30 days' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
] as const;
export type CallPreset = (typeof CALL_PRESETS)[number]['id'];

/** Both period presets are offered only when the dates response has them. */
export function availablePresets(dates: CallDates | null | undefined): (typeof CALL_PRESETS)[number][] {
  return CALL_PRESETS.filter((p) => {
    if (p.id === 'current-period') return Boolean(dates?.current_period);
    if (p.id === 'previous-period') return Boolean(dates?.previous_period);
    return true;
  });
}

/** Current period when dates are given, else today (CALL-03). */
export function defaultPreset(dates: CallDates | null | undefined): CallPreset {
  return dates?.current_period ? 'current-period' : 'today';
}
