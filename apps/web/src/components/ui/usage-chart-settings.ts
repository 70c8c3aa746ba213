/** The stacks' colours, largest first; "Others" is always the last, grey (USAGE-03). */
export const USAGE_COLORS = ['#2563eb', '#0d9488', '#d97706', '#9333ea', '#db2777'] as const;
export const USAGE_OTHERS_COLOR = '#94a3b8';
/** The previous range's line, drawn behind the bars as a dashed ghost. */
export const USAGE_PREVIOUS_COLOR = '#475569';

/** "2024-03-09" as an axis label, "Mar 9" (the date is already New York's). */
export function shortDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
