import { ADMIN_NOTICE_PATHS, type StaffActionResult } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { NOTICES_QUERY_KEY } from './get-notices';

/** POST /admin/notices/:id/withdraw with the reason. */
export function withdrawNotice(id: string, reason: string, key: string) {
  return adminAction<StaffActionResult>(ADMIN_NOTICE_PATHS.withdraw(id), { reason }, key);
}

export function useWithdrawNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason, key }: { id: string; reason: string; key: string }) =>
      withdrawNotice(id, reason, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
  });
}
