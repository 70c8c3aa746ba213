import { ADMIN_STAFF_PATHS, type StaffList } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, adminRequest } from '../../../lib/admin-api';

export const STAFF_QUERY_KEY = [...ADMIN_QUERY_KEY, 'staff'] as const;

/** GET /admin/staff: the staff members and their roles. */
export const staffQuery = queryOptions({
  queryKey: STAFF_QUERY_KEY,
  queryFn: () => adminRequest<StaffList>(ADMIN_STAFF_PATHS.list),
});
