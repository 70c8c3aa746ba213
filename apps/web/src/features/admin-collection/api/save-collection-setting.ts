import { COLLECTION_PATHS, type CollectionSaved, type CollectionSettingBody } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { COLLECTION_QUERY_KEY } from './get-collection';

/** PUT /admin/collection/settings with the form's Idempotency-Key. */
export function saveCollectionSetting(body: CollectionSettingBody, key: string) {
  return adminAction<CollectionSaved>(COLLECTION_PATHS.settings, body, key, 'PUT');
}

export function useSaveCollectionSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CollectionSettingBody; key: string }) =>
      saveCollectionSetting(body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLECTION_QUERY_KEY }),
  });
}
