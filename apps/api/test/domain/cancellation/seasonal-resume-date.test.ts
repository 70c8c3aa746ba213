import { resumeDateRange } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { seasonalResumeDate } from '../../../src/domain/cancellation';

// docs/billing.md "Cancelling": January 1 or September 30, the first within the resume dates the pause
// allows (one to six months after the period's end, New York dates).
describe('the seasonal pause resume date', () => {
  it.each([
    ['after the filing season: the day before the extension stretch', '2026-06-01T14:00Z', '2026-09-30'],
    ['in the autumn: January 1', '2026-11-05T15:00Z', '2027-01-01'],
    ['a period ending on December 1: January 1 is a month after', '2026-12-01T15:00Z', '2027-01-01'],
    [
      'a period ending in mid-December: January 1 is under a month after, September 30 over six',
      '2026-12-18T14:00Z',
      null,
    ],
    ['in the filing season: September 30 is over six months after', '2026-03-01T15:00Z', null],
    ['a period ending after September 30: the next January 1', '2026-10-02T14:00Z', '2027-01-01'],
  ])('%s', (_, periodEnd, expected) => {
    expect(seasonalResumeDate(resumeDateRange(new Date(periodEnd)))).toBe(expected);
  });

  it('fewer months left in the twelve narrow it: September 30 out of reach with three months allowed', () => {
    expect(seasonalResumeDate(resumeDateRange(new Date('2026-06-01T14:00Z'), 3))).toBeNull();
  });

  it('reads the period end in New York: 11 pm on November 30 there ends the period on the 30th', () => {
    // 04:00 UTC on Dec 1 is 23:00 on Nov 30 in New York: a month after is Dec 30, so January 1 is in range.
    expect(seasonalResumeDate(resumeDateRange(new Date('2026-12-01T04:00Z')))).toBe('2027-01-01');
  });
});
