import { describe, expect, it } from 'vitest';
import { localDateTime, newYorkDateTime, newYorkInputToIso, readerTimeZone } from './console-time';

describe('console times', () => {
  it('CONS-06 rate and plan-version dates are New York time, named, whatever the reader zone', () => {
    expect(newYorkDateTime('2026-12-01T05:00:00.000Z')).toBe('Dec 1, 2026, 12:00 AM EST');
    expect(newYorkDateTime('2026-07-01T04:00:00.000Z')).toBe('Jul 1, 2026, 12:00 AM EDT');
  });

  it('CONS-06 a date typed in the New York time box leaves as the instant it names, summer and winter', () => {
    expect(newYorkInputToIso('2026-12-01T00:00')).toBe('2026-12-01T05:00:00.000Z');
    expect(newYorkInputToIso('2026-07-01T09:30')).toBe('2026-07-01T13:30:00.000Z');
  });

  it("CONS-06 other instants are in the reader's zone and name it", () => {
    const shown = localDateTime('2026-11-26T21:57:00.000Z');
    const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date('2026-11-26T21:57:00.000Z'))
      .find((p) => p.type === 'timeZoneName')!.value;
    expect(shown).toMatch(/^Nov 2[67], 2026, \d{1,2}:\d{2} [AP]M /);
    expect(shown.endsWith(` ${zone}`)).toBe(true);
    expect(readerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
