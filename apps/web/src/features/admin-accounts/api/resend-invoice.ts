import { ACCOUNTS_ADMIN_PATHS, type StaffActionResult } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { accountQueryKey } from './get-account';

/** POST /admin/accounts/:id/invoices/:invoiceId/resend (CONS-05). */
export function useResendInvoice(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, reason, key }: { invoiceId: string; reason: string; key: string }) =>
      adminAction<StaffActionResult>(ACCOUNTS_ADMIN_PATHS.resend(accountId, invoiceId), { reason }, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...accountQueryKey(accountId), 'activity'] }),
  });
}
