import { ACCOUNTS_ADMIN_PATHS, type AccountNote, type StaffActionResult } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { accountQueryKey } from './get-account';

/** POST /admin/accounts/:id/notes (CONS-03); the note is its own reason. */
export function useAddNote(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: string; key: string }) =>
      adminAction<StaffActionResult & { note: AccountNote }>(
        ACCOUNTS_ADMIN_PATHS.notes(accountId),
        { body },
        key,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey(accountId) }),
  });
}
