import { describe, expect, it } from 'vitest';
import { seasonalResumeDate } from '../../../src/domain/cancellation';

// docs/billing.md "Cancelling": January 1 or September 30, the first after the period's end and one to
// six months from today.
describe('the seasonal pause resume date', () => {
  it.each([
    [
      'after the filing season: the day before the extension stretch',
      '2026-05-10T15:00Z',
      '2026-06-01T14:00Z',
      '2026-09-30',
    ],
    ['in the autumn: January 1', '2026-10-20T15:00Z', '2026-11-05T15:00Z', '2027-01-01'],
    [
      'late November: January 1 is still a month away',
      '2026-11-25T15:00Z',
      '2026-12-10T15:00Z',
      '2027-01-01',
    ],
    [
      'in December: January 1 is under a month away and September 30 over six',
      '2026-12-07T15:00Z',
      '2026-12-18T14:00Z',
      null,
    ],
    [
      'in the filing season: September 30 is over six months away',
      '2026-02-10T15:00Z',
      '2026-03-01T15:00Z',
      null,
    ],
    ['a period ending after the date: the next one', '2026-08-20T15:00Z', '2026-10-02T14:00Z', '2027-01-01'],
  ])('%s', (_, now, periodEnd, expected) => {
    expect(seasonalResumeDate(new Date(now), new Date(periodEnd))).toBe(expected);
  });

  it('reads today in New York: 11 pm on September 29 there is still the 29th', () => {
    // 03:00 UTC on Sep 30 is 23:00 on Sep 29 in New York; Jan 1 is then over three months away.
    expect(seasonalResumeDate(new Date('2026-09-30T03:00Z'), new Date('2026-10-10T14:00Z'))).toBe(
      '2027-01-01',
    );
  });
});
