import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_KEY } from './get-audit';
import { STAFF_QUERY_KEY } from './get-staff';

/** After a staff change: the list and the trail both show it. */
export async function invalidateStaff(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY });
  await queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
}
