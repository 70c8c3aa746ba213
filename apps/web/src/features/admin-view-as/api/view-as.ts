import { ADMIN_VIEW_AS_PATH, type ViewAsResponse } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-api';

/** POST /admin/accounts/:accountId/view-as: a read-only token of the account's admin (STAFF-07). */
export function requestViewAs(accountId: string, reason: string) {
  return adminRequest<ViewAsResponse>(ADMIN_VIEW_AS_PATH(accountId), { method: 'POST', body: { reason } });
}

export function useViewAs(accountId: string) {
  return useMutation({ mutationFn: (reason: string) => requestViewAs(accountId, reason) });
}
