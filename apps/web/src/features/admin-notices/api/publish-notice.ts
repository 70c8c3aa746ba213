import { ADMIN_NOTICE_PATHS, type PublishNoticeInput, type StaffActionResult } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { NOTICES_QUERY_KEY } from './get-notices';

/** POST /admin/notices with the dialog's Idempotency-Key. */
export function publishNotice(input: PublishNoticeInput, key: string) {
  return adminAction<StaffActionResult & { id: string }>(ADMIN_NOTICE_PATHS.publish, input, key);
}

export function usePublishNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: PublishNoticeInput; key: string }) => publishNotice(input, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
  });
}
