import { CATALOGUE_PATHS, type CatalogueActionResult, type LineBody } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

/** PUT /catalogue/lines/:id/: a line's name, numbers, hours and description. */
export function saveLine(lineId: string, body: LineBody, key: string): Promise<CatalogueActionResult> {
  return adminAction<CatalogueActionResult>(CATALOGUE_PATHS.line(lineId), body, key, 'PUT');
}

export function useSaveLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, body, key }: { lineId: string; body: LineBody; key: string }) =>
      saveLine(lineId, body, key),
    onSuccess: () => client.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
