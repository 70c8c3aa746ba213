import { describe, expect, it } from 'vitest';
import { newYorkDateTime, newYorkInputToIso } from './console-time';

describe('console times', () => {
  it('CONS-06 every console instant is New York time, named, whatever the reader zone', () => {
    expect(newYorkDateTime('2026-12-01T05:00:00.000Z')).toBe('Dec 1, 2026, 12:00 AM EST');
    expect(newYorkDateTime('2026-07-01T04:00:00.000Z')).toBe('Jul 1, 2026, 12:00 AM EDT');
  });

  it('CONS-06 a date typed in the New York time box leaves as the instant it names, summer and winter', () => {
    expect(newYorkInputToIso('2026-12-01T00:00')).toBe('2026-12-01T05:00:00.000Z');
    expect(newYorkInputToIso('2026-07-01T09:30')).toBe('2026-07-01T13:30:00.000Z');
  });
});
