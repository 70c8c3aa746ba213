import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { formatCallerId, formatCallerIdAtOnce, formatCreditsFixed } from '../src/index';

describe('numbers in tables', () => {
  it('credits and rates: thousands separators and two fixed decimals', () => {
    expect(formatCreditsFixed(1234.5)).toBe('1,234.50');
    expect(formatCreditsFixed(27.5)).toBe('27.50');
    expect(formatCreditsFixed(0)).toBe('0.00');
  });

  // What formatCallerId answered when it asked the library for every number.
  const library = (value: string) => {
    const phone = parsePhoneNumberFromString(value);
    if (!phone?.isPossible()) return value;
    return phone.countryCallingCode === '1' ? phone.formatNational() : phone.formatInternational();
  };

  it('caller IDs read as phone numbers; words stay as they are', () => {
    expect(formatCallerId('+12025550100', parsePhoneNumberFromString)).toBe('(202) 555-0100');
    expect(formatCallerId('+442071838750', parsePhoneNumberFromString)).toBe('+44 20 7183 8750');
    expect(formatCallerId('anonymous', parsePhoneNumberFromString)).toBe('anonymous');
    expect(formatCallerId('+1 202', parsePhoneNumberFromString)).toBe('+1 202');
  });

  it('without the library: North American numbers and words at once, any other number left to it', () => {
    expect(formatCallerIdAtOnce('+12025550100')).toBe('(202) 555-0100');
    expect(formatCallerIdAtOnce('anonymous')).toBe('anonymous');
    expect(formatCallerIdAtOnce('')).toBe('');
    for (const value of [
      '+442071838750',
      '+12025550100 ',
      '12025550100',
      '+\u0661\u0662\u0660',
      '+４４２０７１８３８７５０',
    ])
      expect(formatCallerIdAtOnce(value)).toBeUndefined();
    // A value with no digit in any script is no number to the library either: the answer at once is its.
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 24 }).filter((value) => !/\p{Nd}/u.test(value)),
        (value) => {
          expect(formatCallerIdAtOnce(value)).toBe(library(value));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('writes every North American number as libphonenumber does', () => {
    const digits = (min: number, max: number) => fc.integer({ min, max }).map(String);
    fc.assert(
      fc.property(digits(200, 999), digits(0, 999), digits(0, 9999), (npa, nxx, line) => {
        const value = `+1${npa}${nxx.padStart(3, '0')}${line.padStart(4, '0')}`;
        expect(formatCallerId(value, parsePhoneNumberFromString)).toBe(library(value));
      }),
      { numRuns: 2000 },
    );
    // Toll-free, Canada and the Caribbean share the plan and its national form.
    for (const value of ['+18005550100', '+14165550100', '+18765550100', '+19995550100', '+12020001234'])
      expect(formatCallerId(value, parsePhoneNumberFromString)).toBe(library(value));
  });
});
