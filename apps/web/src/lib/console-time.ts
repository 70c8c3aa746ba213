import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE } from '@enq/contract';

// The console's times (docs/requirements.md CONS-06): every date and time is in the one business time
// zone, New York, as the portal's are (rates are priced per New York half hour, notices publish on the
// portal's clock), and every instant names the zone, so two screens never read one moment two ways.

const parts = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
} as const;
const newYork = new Intl.DateTimeFormat('en-US', { ...parts, timeZone: BUSINESS_TIME_ZONE });

/** An instant in New York time, named: "Dec 1, 2026, 12:00 AM EST". */
export const newYorkDateTime = (iso: string) => newYork.format(new Date(iso));

/** A date-time box's value ("2026-12-01T00:00") read as New York wall time, as an ISO instant. */
export function newYorkInputToIso(value: string): string {
  const [date = '', time = '00:00'] = value.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, h!, min!, BUSINESS_TIME_ZONE).getTime()).toISOString();
}
