import { formatCallTime } from '@enq/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCallTimeFormatter } from '../src/domain/calls/csv-time';

describe('the CSV time formatter', () => {
  const format = createCallTimeFormatter();
  it('matches formatCallTime around the 2026 DST changes', () => {
    for (const start of [Date.UTC(2026, 2, 8, 5), Date.UTC(2026, 10, 1, 4)]) {
      for (let s = start / 1000 - 7200; s < start / 1000 + 7200; s += 599)
        expect(format(s)).toBe(formatCallTime(s));
    }
  });
  it('matches formatCallTime for any second from 1990 to 2100', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 631_152_000, max: 4_102_444_800 }),
        (s) => format(s) === formatCallTime(s),
      ),
      { numRuns: 2000 },
    );
  });
});
