import { describe, expect, it } from 'vitest';
import { changedFields } from '../../../src/domain/activity/activity-view';

describe('an activity entry writes figures with their units', () => {
  it('a spending cap in dollars, a credit limit in credits, alert amounts in dollars', () => {
    expect(changedFields({ spending_cap: null }, { spending_cap: 50 })).toEqual([
      { field: 'Spending cap', before: '—', after: '$50.00' },
    ]);
    expect(
      changedFields(
        { full_name: 'Omar Haddad', monthly_credit_limit: 300 },
        { full_name: 'Omar Haddad', monthly_credit_limit: 307.2 },
      ),
    ).toEqual([{ field: 'Monthly credit limit', before: '300.00 credits', after: '307.20 credits' }]);
    expect(
      changedFields(
        { percent_thresholds: [80], overage_thresholds: [] },
        { percent_thresholds: [80, 100], overage_thresholds: [50] },
      ),
    ).toEqual([
      { field: 'Percent thresholds', before: '80%', after: '80%, 100%' },
      { field: 'Overage thresholds', before: '—', after: '$50.00' },
    ]);
  });

  it('a phone number in the display format Profile uses, in the portal and the console alike', () => {
    expect(changedFields({ phone_number: '+12075550143' }, { phone_number: '+15035550142' })).toEqual([
      { field: 'Phone number', before: '(207) 555-0143', after: '(503) 555-0142' },
    ]);
  });
});
