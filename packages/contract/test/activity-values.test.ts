import { describe, expect, it } from 'vitest';
import { activityValueText, USAGE_TEXT } from '../src';

describe('figures with their units', () => {
  it('writes a logged dollar amount as money, a credit limit in credits and a phone number as Profile does', () => {
    expect(activityValueText('spending_cap', 50)).toBe('$50.00');
    expect(activityValueText('overage_thresholds', [25, 1250.5])).toBe('$25.00, $1,250.50');
    expect(activityValueText('percent_thresholds', [50, 80])).toBe('50%, 80%');
    expect(activityValueText('monthly_credit_limit', 307.2)).toBe('307.20 credits');
    expect(activityValueText('phone_number', '+12075550143')).toBe('(207) 555-0143');
    expect(activityValueText('full_name', 'Dana')).toBeNull();
    expect(activityValueText('spending_cap', 'n/a')).toBeNull();
  });

  it('names the unit on the usage ranks and the chart caption', () => {
    expect(USAGE_TEXT.rankedFigures('2,902.05', '16.3%')).toBe('2,902.05 credits · 16.3%');
    expect(
      USAGE_TEXT.summary({
        credits: '17,797.00',
        previous: '55,495.00',
        days: 11,
        daysLeft: 0,
        previousDays: 11,
        currentLabel: 'This range',
        previousLabel: 'Previous range',
      }),
    ).toBe('17,797.00 credits used over 11 days, against 55,495.00 credits in the previous range (11 days).');
    expect(USAGE_TEXT.dayAlternative('Mar 14', '120.50', 'Previous range', '80.00')).toBe(
      'Mar 14: 120.50 credits (previous range: 80.00 credits)',
    );
  });
});
