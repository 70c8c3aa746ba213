import { tzOffset as libraryOffset } from '@date-fns/tz/tzOffset';
import { BUSINESS_TIME_ZONE } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { tzOffset } from './tz-offset';

const HOUR = 3_600_000;

describe("New York's offset for TZDate, without Intl", () => {
  it("is the library's (Intl's) at every hour from 2000 to 2045, the daylight-saving changes included", () => {
    const differ: string[] = [];
    for (let ms = Date.UTC(2000, 0, 1); ms < Date.UTC(2046, 0, 1); ms += HOUR) {
      const date = new Date(ms);
      if (tzOffset(BUSINESS_TIME_ZONE, date) !== libraryOffset(BUSINESS_TIME_ZONE, date))
        differ.push(date.toISOString());
    }
    expect(differ).toEqual([]);
  });

  it("is the library's at each change's last and first second", () => {
    // 2026: EDT from 2026-03-08 07:00 UTC, EST again from 2026-11-01 06:00 UTC.
    for (const ms of [Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6)]) {
      for (const at of [ms - 1, ms, ms + 1]) {
        expect(tzOffset(BUSINESS_TIME_ZONE, new Date(at))).toBe(
          libraryOffset(BUSINESS_TIME_ZONE, new Date(at)),
        );
      }
    }
  });

  it('answers an invalid date as the library does (NaN), and leaves every other zone to it', () => {
    expect(tzOffset(BUSINESS_TIME_ZONE, new Date(Number.NaN))).toBeNaN();
    const date = new Date(Date.UTC(2026, 6, 1));
    for (const zone of ['Europe/London', 'Asia/Kolkata', 'America/Los_Angeles', '+05:30', 'UTC'])
      expect(tzOffset(zone, date)).toBe(libraryOffset(zone, date));
  });
});
