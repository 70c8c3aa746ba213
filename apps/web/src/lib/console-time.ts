import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE } from '@enq/contract';

// The console's times (docs/requirements.md CONS-06): rates are priced per New York half hour, so rate
// and plan-version dates are New York time, as the portal's Call Rates page says; other instants (the
// audit trail, notices) are in the reader's own zone. Either way the zone is named.

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

/** An instant in the reader's zone, named: "Nov 26, 2026, 9:57 PM UTC". */
export const localDateTime = (iso: string) => new Intl.DateTimeFormat('en-US', parts).format(new Date(iso));

/** The reader's zone as a label names it: "Europe/Berlin". */
export const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A date-time box's value ("2026-12-01T00:00") read as New York wall time, as an ISO instant. */
export function newYorkInputToIso(value: string): string {
  const [date = '', time = '00:00'] = value.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, h!, min!, BUSINESS_TIME_ZONE).getTime()).toISOString();
}
