import { ADMIN_STAFF_PATHS, type StaffActionResult } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { invalidateStaff } from './invalidate-staff';

/** DELETE /admin/staff/:personId with the reason: their console access ends at once. */
export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { personId: string; reason: string; key: string }) =>
      adminAction<StaffActionResult>(
        ADMIN_STAFF_PATHS.remove(v.personId),
        { reason: v.reason },
        v.key,
        'DELETE',
      ),
    onSuccess: () => invalidateStaff(queryClient),
  });
}
