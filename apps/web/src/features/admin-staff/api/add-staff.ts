import { ADMIN_STAFF_PATHS, type AddStaffInput, type StaffActionResult } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { invalidateStaff } from './invalidate-staff';

/** POST /admin/staff: the new member gets a set-password email. */
export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: AddStaffInput; key: string }) =>
      adminAction<StaffActionResult>(ADMIN_STAFF_PATHS.add, input, key),
    onSuccess: () => invalidateStaff(queryClient),
  });
}
