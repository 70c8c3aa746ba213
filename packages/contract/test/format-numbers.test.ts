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
});
