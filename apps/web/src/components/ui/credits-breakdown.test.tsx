import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CreditsBreakdown, creditsText } from './credits-breakdown';

const INFO = {
  plan_credits_used: 1,
  rollover_credits_used: 0,
  bonus_credits_used: 0,
  overage_credits_used: 0,
  total_credits_used: 1,
  plan_credits_left: 29999,
  rollover_credits_left: 0,
  bonus_credits_left: 0,
  billable_credits_used: 440.63,
  billable_calls: 1,
};

describe('the credits breakdown', () => {
  it('names the unit of every figure, with two decimals as the usage charts, one credit as one', () => {
    expect(creditsText(1)).toBe('1.00 credit');
    expect(creditsText(0)).toBe('0.00 credits');
    expect(creditsText(1234.5)).toBe('1,234.50 credits');
    render(<CreditsBreakdown info={INFO} period="mo" />);
    const list = (name: string) => screen.getByRole('heading', { name }).nextElementSibling!.textContent;
    expect(list('Credits used this period')).toBe(
      'Plan1.00 creditRollover0.00 creditsOverage0.00 creditsTotal1.00 credit',
    );
    expect(list('Credits left')).toBe('Plan29,999.00 creditsRollover0.00 creditsTotal29,999.00 credits');
    expect(screen.getByText('440.63 credits of overage on 1 call not yet invoiced.')).toBeTruthy();
  });
});
