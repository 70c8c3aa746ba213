import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { formatCallerId, formatCreditsFixed } from '../src/index';

describe('numbers in tables', () => {
  it('credits and rates: thousands separators and two fixed decimals', () => {
    expect(formatCreditsFixed(1234.5)).toBe('1,234.50');
    expect(formatCreditsFixed(27.5)).toBe('27.50');
    expect(formatCreditsFixed(0)).toBe('0.00');
  });

  it('caller IDs read as phone numbers; words stay as they are', () => {
    expect(formatCallerId('+12025550100')).toBe('(202) 555-0100');
    expect(formatCallerId('+442071838750')).toBe('+44 20 7183 8750');
    expect(formatCallerId('anonymous')).toBe('anonymous');
  });

  it('writes every North American number as libphonenumber does', () => {
    // What formatCallerId answered when it asked the library for every number.
    const library = (value: string) => {
      const phone = parsePhoneNumberFromString(value);
      if (!phone?.isPossible()) return value;
      return phone.countryCallingCode === '1' ? phone.formatNational() : phone.formatInternational();
    };
    const digits = (min: number, max: number) => fc.integer({ min, max }).map(String);
    fc.assert(
      fc.property(digits(200, 999), digits(0, 999), digits(0, 9999), (npa, nxx, line) => {
        const value = `+1${npa}${nxx.padStart(3, '0')}${line.padStart(4, '0')}`;
        expect(formatCallerId(value)).toBe(library(value));
      }),
      { numRuns: 2000 },
    );
    // Toll-free, Canada and the Caribbean share the plan and its national form.
    for (const value of ['+18005550100', '+14165550100', '+18765550100', '+19995550100', '+12020001234'])
      expect(formatCallerId(value)).toBe(library(value));
  });
});
