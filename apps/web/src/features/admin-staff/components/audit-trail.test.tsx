import { ADMIN_STAFF_PATHS, API_ADMIN_BASE, type StaffAuditPage } from '@enq/contract';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, TestServices } from '../../../test/utils';
import { AuditTrail } from './audit-trail';

const PAGE: StaffAuditPage = {
  entries: [
    {
      id: 2,
      at: '2026-11-20T15:00:00.000Z',
      staff_person_id: null,
      staff_email: null,
      staff_name: 'enQ billing',
      staff_role: 'system',
      action: 'invoice.refund',
      account_id: 'a1',
      account_name: 'Harbor & Pine Tax Advisors',
      reason: 'Upgrade paid after its period closed',
    },
    {
      id: 1,
      at: '2026-11-19T15:00:00.000Z',
      staff_person_id: 'p1',
      staff_email: 'avery.chen@enq-staff.com',
      staff_name: 'Avery Chen',
      staff_role: 'finance',
      action: 'invoice.refund',
      account_id: 'a1',
      account_name: 'Harbor & Pine Tax Advisors',
      reason: 'Goodwill',
    },
  ],
  next_before_id: null,
};

afterEach(() => vi.restoreAllMocks());

describe('the staff audit trail', () => {
  it("PLAN-13 names the billing system's own refund as enQ billing, role System, beside a staff member's", async () => {
    stubFetchRoutes({ [`GET ${API_ADMIN_BASE}${ADMIN_STAFF_PATHS.audit}`]: () => jsonResponse(PAGE) });
    render(
      <TestServices>
        <AuditTrail staff={[]} />
      </TestServices>,
    );
    await screen.findByText('enQ billing');
    const [, system, avery] = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(system!).getByText('enQ billing')).toBeTruthy();
    expect(within(system!).getByText('System')).toBeTruthy();
    expect(within(system!).queryByText('system')).toBeNull();
    expect(within(avery!).getByText('Avery Chen')).toBeTruthy();
    expect(within(avery!).getByText('Finance')).toBeTruthy();
  });
});
