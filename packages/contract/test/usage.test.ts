import { describe, expect, it } from 'vitest';
import { usageQuerySchema } from '../src/usage';
import { formatShare, sharesInTenths } from '../src/usage-rules';

describe('usage shares', () => {
  it('USAGE-04 shares in tenths add up to 100.0 %, the leftover tenths to the largest remainders', () => {
    // 1/3 each: 33.3 + 33.3 + 33.3 leaves a tenth, which goes to the first of the equal remainders.
    expect(sharesInTenths([1, 1, 1])).toEqual([334, 333, 333]);
    // 2/3 = 66.66..., 1/3 = 33.33...: 66.7 and 33.3.
    expect(sharesInTenths([200, 100])).toEqual([667, 333]);
    const shares = sharesInTenths([5729, 2750, 13, 1, 98_000]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(shares).toEqual([54, 26, 0, 0, 920]);
    expect(sharesInTenths([0, 0])).toEqual([0, 0]);
    expect(sharesInTenths([])).toEqual([]);
    expect(formatShare(667 / 10)).toBe('66.7%');
    expect(formatShare(100)).toBe('100.0%');
  });

  it("USAGE-07 the query is Call History's range with a grouping: start after end names timestampFrom", () => {
    const bad = usageQuerySchema.safeParse({ timestampFrom: 10, timestampTo: 5 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['timestampFrom']);
    expect(usageQuerySchema.parse({ timestampFrom: '1', timestampTo: '2', user: ' Ada ' })).toEqual({
      timestampFrom: 1,
      timestampTo: 2,
      user: 'Ada',
      by: 'user',
    });
    expect(
      usageQuerySchema.safeParse({ timestampFrom: 1, timestampTo: 2, by: 'month' }).error!.issues[0]!.path,
    ).toEqual(['by']);
  });
});
