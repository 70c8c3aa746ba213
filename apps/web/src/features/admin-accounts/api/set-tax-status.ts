import { ACCOUNTS_ADMIN_PATHS, type StaffActionResult, type TaxStatus } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { accountQueryKey } from './get-account';

export interface TaxStatusChange {
  tax_status: TaxStatus;
  exemption_reference: string | null;
  reason: string;
}

/** PUT /admin/accounts/:id/tax-status (CONS-04). */
export function useSetTaxStatus(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, key }: { change: TaxStatusChange; key: string }) =>
      adminAction<StaffActionResult>(ACCOUNTS_ADMIN_PATHS.taxStatus(accountId), change, key, 'PUT'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey(accountId) }),
  });
}
