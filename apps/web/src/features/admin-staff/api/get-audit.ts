import { ADMIN_STAFF_PATHS, type StaffAuditPage } from '@enq/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, adminRequest } from '../../../lib/admin-api';

export const AUDIT_QUERY_KEY = [...ADMIN_QUERY_KEY, 'staff-audit'] as const;

export interface AuditFilter {
  staff_person_id: string;
  action: string;
  account_id: string;
  before_id: number | null;
}

/** GET /admin/staff/audit: one page of the trail, newest first, with the filters that are set. */
export const auditQuery = (filter: AuditFilter) =>
  queryOptions({
    queryKey: [...AUDIT_QUERY_KEY, filter],
    queryFn: () => {
      const params = new URLSearchParams();
      if (filter.staff_person_id) params.set('staff_person_id', filter.staff_person_id);
      if (filter.action) params.set('action', filter.action);
      if (filter.account_id) params.set('account_id', filter.account_id);
      if (filter.before_id) params.set('before_id', String(filter.before_id));
      const query = params.toString();
      return adminRequest<StaffAuditPage>(`${ADMIN_STAFF_PATHS.audit}${query ? `?${query}` : ''}`);
    },
    placeholderData: keepPreviousData,
  });
