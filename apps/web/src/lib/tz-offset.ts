import { BUSINESS_TIME_ZONE } from '@enq/contract';
import { newYorkOffset } from '@enq/contract/format-en-us';
import { tzOffset as intlOffset } from '@date-fns/tz/tzOffset';

/**
 * @date-fns/tz's `tzOffset` as the built portal runs it (build/new-york-offset.ts puts it in place of the
 * library's own for TZDate): New York's offset by the US daylight-saving rule, without Intl, whose first
 * formatter costs a page 25 to 50 ms of its main thread (README, "Speed"). Every other zone, and New York
 * before 2007 or at an invalid date, is the library's answer. Minutes east of UTC, as the library's.
 */
export function tzOffset(timeZone: string, date: Date): number {
  if (timeZone === BUSINESS_TIME_ZONE) {
    const ms = date.getTime();
    const hours = Number.isFinite(ms) ? newYorkOffset(ms) : null;
    if (hours !== null) return hours * 60;
  }
  return intlOffset(timeZone, date);
}
