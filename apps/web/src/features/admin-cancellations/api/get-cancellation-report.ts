import { ADMIN_CANCELLATION_PATHS, type CancellationReport } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, adminRequest } from '../../../lib/admin-api';

/** GET /admin/cancellations: reasons by month and plan, and the alternatives taken (issue 64). */
export const cancellationReportQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'cancellations'] as const,
  queryFn: () => adminRequest<CancellationReport>(ADMIN_CANCELLATION_PATHS.report),
});
