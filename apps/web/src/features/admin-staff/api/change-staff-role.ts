import { ADMIN_STAFF_PATHS, type StaffActionResult, type StaffRole } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { invalidateStaff } from './invalidate-staff';

/** PUT /admin/staff/:personId/role with the reason. */
export function useChangeStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { personId: string; role: StaffRole; reason: string; key: string }) =>
      adminAction<StaffActionResult>(
        ADMIN_STAFF_PATHS.role(v.personId),
        { role: v.role, reason: v.reason },
        v.key,
        'PUT',
      ),
    onSuccess: () => invalidateStaff(queryClient),
  });
}
