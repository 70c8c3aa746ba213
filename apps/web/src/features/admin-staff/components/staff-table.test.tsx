import type { StaffMember } from '@enq/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestServices } from '../../../test/utils';
import { StaffTable } from './staff-table';

const member = (full_name: string, two_factor_enabled_at: string | null): StaffMember => ({
  person_id: full_name,
  full_name,
  email: `${full_name.split(' ')[0]!.toLowerCase()}@enq.example`,
  role: 'support',
  created_at: '2026-10-01T12:00:00.000Z',
  two_factor_enabled_at,
});

describe('the staff table', () => {
  it('STAFF-10 says who has set up two-factor sign-in, since when, and who has not enrolled yet', () => {
    render(
      <TestServices>
        <StaffTable
          staff={[member('Avery Chen', '2026-11-20T14:00:00.000Z'), member('Jordan Lee', null)]}
          myId="Avery Chen"
        />
      </TestServices>,
    );
    const table = screen.getByRole('table', { name: 'Staff members' });
    expect(within(table).getByRole('columnheader', { name: 'Two-factor' })).toBeTruthy();
    const [, avery, jordan] = within(table).getAllByRole('row');
    // The wide screen's column, with the date, and the phone's line under the name.
    expect(within(avery!).getByText('since Nov 20, 2026')).toBeTruthy();
    expect(within(avery!).getByText('Two-factor set up')).toBeTruthy();
    expect(within(avery!).queryByText(/not/i)).toBeNull();
    expect(within(jordan!).getByText('Not enrolled yet')).toBeTruthy();
    expect(within(jordan!).getByText('Two-factor not set up')).toBeTruthy();
    expect(within(jordan!).queryByText(/since/)).toBeNull();
  });
});
