import { ADMIN_NOTICE_PATHS, type AdminNoticeList } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, adminRequest } from '../../../lib/admin-api';

export const NOTICES_QUERY_KEY = [...ADMIN_QUERY_KEY, 'notices'] as const;

/** GET /admin/notices: every notice with its status, and the plans a notice can go to. */
export const noticesQuery = queryOptions({
  queryKey: NOTICES_QUERY_KEY,
  queryFn: () => adminRequest<AdminNoticeList>(ADMIN_NOTICE_PATHS.list),
});
